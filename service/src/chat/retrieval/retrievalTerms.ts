// The terms of the local service's retrieval: what a text stands for when the index, the similarity and the ranking
// of sentences compare it with a question (all three use these terms, so they agree on what "shares a word" means).
// - Latin words (Intl.Segmenter, lowercase) are stemmed by Porter2, so "refunded" meets "refund" and "drafts" "draft".
// - A run of Chinese characters is cut at function words (的, 在, 什么, …); each piece stands for its characters and its
//   pairs of adjacent characters. A shared word counts as its pair and its characters; words a dictionary would tell
//   apart meet through the characters they share (充电 and 充满电, 时间 and 小时). Pairs need no dictionary, so the
//   terms do not change with the ICU data of the Node that runs the service.
// - A short list of common synonyms ([choice], service/README.md) maps each of its words, in either language, to one
//   term: a question that says "keep" meets a document that says "stored".
// Function words and bare numbers are not terms.
import stem from 'wink-porter2-stemmer';

const words = new Intl.Segmenter('zh', { granularity: 'word' });

// Function words that say nothing about a topic; without this, "what is the" would count towards every match.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it me my of on or please tell the this to was what when where which who why with you your'.split(
    ' ',
  ),
);
/** Chinese function words: a run of Chinese characters is cut at each of them. */
const CHINESE_FUNCTION_WORDS = [
  '有没有',
  '为什么',
  '什么',
  '怎么',
  '怎样',
  '如何',
  '哪里',
  '哪儿',
  '何处',
  '哪些',
  '哪个',
  '请问',
  '一下',
  '这个',
  '那个',
  '关于',
  '一个',
  ...'的了是吗呢吧啊在和与及把被我你您他她它们哪请有这那'.split(''),
];
const FUNCTION_WORD = new RegExp(CHINESE_FUNCTION_WORDS.join('|'), 'gu');

/**
 * Groups of words that mean the same in a question about a document, each group standing for its first word. The
 * list is short on purpose: words that are interchangeable in the questions users ask of product documentation.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['store', 'keep', 'kept', 'save', 'storage', '保存', '存储', '储存', '存放'],
  ['key', 'apikey', '密钥'],
  ['location', 'place', '位置', '地方'],
];
/**
 * Question words, each with the term of what it asks for. They are function words (as a term, "where" would count
 * against every passage that does not say "location"); they only tell the ranking of a hit's sentences which kind of
 * sentence answers.
 */
const QUESTION_WORDS: readonly (readonly string[])[] = [['location', 'where', '哪里', '哪儿', '何处']];

/** A group's words, each with its group's term: Latin words by their stem, Chinese words as written. */
interface WordTerms {
  readonly latin: ReadonlyMap<string, string>;
  readonly chinese: readonly (readonly [string, string])[];
}

function wordTerms(groups: readonly (readonly string[])[]): WordTerms {
  const latin = new Map<string, string>();
  const chinese: [string, string][] = [];
  for (const [canonical = '', ...others] of groups) {
    for (const word of [canonical, ...others]) {
      if (/^[a-z]+$/.test(word)) latin.set(stem(word), stem(canonical));
      else chinese.push([word, stem(canonical)]);
    }
  }
  return { latin, chinese };
}

const SYNONYM = wordTerms(SYNONYMS);
const ASKS_FOR = wordTerms(QUESTION_WORDS);

const HAN_RUN = /(\p{Script=Han}+)/u;
const HAN = /^\p{Script=Han}/u;

/** The tokens of a text: its runs of Chinese characters whole, and its other words (Intl.Segmenter), lowercase. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of text.split(HAN_RUN)) {
    if (HAN.test(piece)) tokens.push(piece);
    else for (const segment of words.segment(piece)) if (segment.isWordLike) tokens.push(segment.segment.toLowerCase());
  }
  return tokens;
}

/** The terms a token stands for: none for a function word or a bare number. */
export function contentTerms(token: string): string[] {
  if (HAN.test(token)) return chineseTerms(token);
  if (STOP_WORDS.has(token) || /^\d+$/.test(token)) return [];
  if (!/^[a-z]+$/.test(token)) return [token];
  const stemmed = stem(token);
  return [SYNONYM.latin.get(stemmed) ?? stemmed];
}

/** A run of Chinese characters: the synonyms it contains, then the characters and adjacent pairs of its pieces between function words. */
function chineseTerms(run: string): string[] {
  const terms = SYNONYM.chinese.filter(([word]) => run.includes(word)).map(([, canonical]) => canonical);
  for (const piece of run.split(FUNCTION_WORD)) {
    const characters = [...piece];
    terms.push(...characters);
    for (let i = 0; i + 1 < characters.length; i++) terms.push(`${characters[i]}${characters[i + 1]}`);
  }
  return terms;
}

/** How often each term occurs in a text. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text).flatMap(contentTerms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** The terms of what a text's question words ask for ("where" asks for a location). */
export function askedForTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    if (HAN.test(token)) for (const [word, term] of ASKS_FOR.chinese) if (token.includes(word)) terms.add(term);
    const asked = /^[a-z]+$/.test(token) ? ASKS_FOR.latin.get(stem(token)) : undefined;
    if (asked !== undefined) terms.add(asked);
  }
  return terms;
}
