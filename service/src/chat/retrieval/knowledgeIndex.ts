// Retrieval over the knowledge bases. Documents are cut into passages at paragraph boundaries (long paragraphs at
// sentence boundaries, packages/text/sentences.ts); BM25 (minisearch) finds and orders the passages that share terms
// with the query. The query is the whole user message: the question and whatever it quotes (the editor selection or
// file the extension sends in fenced blocks). What `text_threshold` (0..1) is compared with is the passage's
// similarity to the message: the cosine of their TF-IDF vectors (sublinear term frequency), taken for the whole
// message and for each sentence (or line) it quotes with at least MIN_PART_TERMS content terms, the highest counting.
// So a long selection on the passage's topic scores as high as its closest sentence, where a share of the message's
// words would shrink as the selection grows. Terms come from Intl.Segmenter word segmentation, which splits Chinese
// into words and Latin text into lowercase words alike: English words stemmed, Chinese words with their characters
// (contentTerms); function words and bare numbers are not terms. The index, the similarity and the ranking of a
// hit's sentences all use the same terms.
import MiniSearch from 'minisearch';
import stem from 'wink-porter2-stemmer';
import type { KnowledgeBase } from '../../state/stateSchema';
import { quotedBlocks } from '../quotedText';
import { splitSentences } from '../../../../packages/text/sentences';

export interface KnowledgeHit {
  readonly knowledgeId: number;
  readonly title: string;
  /** The passage, whole. */
  readonly text: string;
  /** BM25 score: the order of the hits. */
  readonly score: number;
  /** Cosine similarity to the query, 0..1: what text_threshold is compared with. */
  readonly similarity: number;
  /**
   * The passage's sentences in order, each with its BM25 score for the query among the passage's sentences (0 when it
   * shares no term): the answer quotes the best ones.
   */
  readonly sentences: readonly { readonly text: string; readonly score: number }[];
}

interface Passage {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

interface IndexedBase {
  readonly documents: KnowledgeBase['documents'];
  readonly search: MiniSearch<Passage>;
  /** Passages by id, with their term frequencies. */
  readonly passages: ReadonlyMap<string, { readonly passage: Passage; readonly terms: ReadonlyMap<string, number> }>;
  /** In how many passages each term occurs. */
  readonly documentFrequency: ReadonlyMap<string, number>;
}

const words = new Intl.Segmenter('zh', { granularity: 'word' });
// Function words that say nothing about a topic; without this, "what is the" would count towards every match.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it me my of on or please tell the this to was what when where which who why with you your 的 了 是 吗 呢 吧 啊 在 和 与 及 我 你 您 他 她 它 们 什么 怎么 怎样 如何 哪 哪些 哪个 请 请问 一下 有 有没有 为什么 这 那 这个 那个 关于 一个'.split(
    ' ',
  ),
);
/** Passages are paragraphs; a longer paragraph is cut at sentence boundaries into passages of about this many characters. */
const PASSAGE_CHARS = 400;
const HEADING = /^#{1,6}\s/;
/** A sentence of the message is compared on its own when it has at least this many content terms. */
const MIN_PART_TERMS = 3;

/** The words of a text (Intl.Segmenter: Chinese words as well as Latin ones), lowercase. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const segment of words.segment(text)) if (segment.isWordLike) terms.push(segment.segment.toLowerCase());
  return terms;
}

const HAN_WORD = /^\p{Script=Han}{2,}$/u;

/**
 * The terms a word stands for, none for a function word or a bare number. An English word is stemmed (Porter2) so
 * "refunded" meets "refund". A Chinese word stands for itself and for each of its characters, the morphemes it is
 * built from: words that a segmenter tells apart meet through them (充电 "charge" and 充满电 "charge fully", 时间
 * "time" and 小时 "hour"), as inflected English words meet through their stem, and a shared word still counts most.
 */
function contentTerms(word: string): string[] {
  if (STOP_WORDS.has(word) || /^\d+$/.test(word)) return [];
  if (/^[a-z]+$/.test(word)) return [stem(word)];
  if (HAN_WORD.test(word)) return [word, ...[...word].filter((character) => !STOP_WORDS.has(character))];
  return [word];
}

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text).flatMap(contentTerms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A query of terms already found by contentTerms, each once, matched as they are. */
const AS_GIVEN = {
  tokenize: (query: string) => query.split(' '),
  processTerm: (term: string) => term,
  combineWith: 'OR',
  prefix: false,
  fuzzy: false,
} as const;

/** Splits a document into passages: its paragraphs, and long paragraphs into runs of whole sentences of about PASSAGE_CHARS. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  let heading = '';
  for (const block of text.split(/\n\s*\n/).map((p) => p.trim())) {
    if (block === '') continue;
    // A Markdown heading belongs to the paragraph under it.
    if (HEADING.test(block) && !block.includes('\n')) {
      heading = heading === '' ? block : `${heading}\n${block}`;
      continue;
    }
    const paragraph = heading === '' ? block : `${heading}\n${block}`;
    heading = '';
    if (paragraph.length <= PASSAGE_CHARS) {
      passages.push(paragraph);
      continue;
    }
    let current = '';
    for (const sentence of splitSentences(paragraph)) {
      if (current !== '' && current.length + sentence.length + 1 > PASSAGE_CHARS) {
        passages.push(current);
        current = '';
      }
      current = current === '' ? sentence : `${current} ${sentence}`;
    }
    if (current !== '') passages.push(current);
  }
  if (heading !== '') passages.push(heading);
  return passages;
}

/** Cosine of the TF-IDF vectors of two term-count maps, with (1 + ln tf) term weights. */
function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, idf: (term: string) => number): number {
  const weight = (count: number, term: string): number => (1 + Math.log(count)) * idf(term);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, count] of a) {
    const wa = weight(count, term);
    normA += wa * wa;
    const countB = b.get(term);
    if (countB !== undefined) dot += wa * weight(countB, term);
  }
  for (const [term, count] of b) normB += weight(count, term) ** 2;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * The sentences of one passage scored for the query by BM25 among themselves (minisearch, as the passages are): a
 * term in every sentence of the passage (the product's name in its FAQ) weighs almost nothing there, however rare it
 * is in the knowledge base, so the sentence with the words that matter (the charge time) outranks the one that only
 * repeats the name.
 */
function rankSentences(texts: readonly string[], queryText: string): { text: string; score: number }[] {
  const search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize,
    processTerm: contentTerms,
  });
  search.addAll(texts.map((text, id) => ({ id, text })));
  const scores = new Map(search.search(queryText, AS_GIVEN).map((r) => [r.id as number, r.score]));
  return texts.map((text, id) => ({ text, score: scores.get(id) ?? 0 }));
}

export class KnowledgeIndex {
  private readonly cache = new Map<number, IndexedBase>();

  /** The passages of `bases` most relevant to `query` whose similarity reaches `threshold`, best first. */
  search(bases: readonly KnowledgeBase[], query: string, threshold: number, limit = 3): KnowledgeHit[] {
    const queryTerms = termCounts(query);
    if (queryTerms.size === 0) return [];
    // The message as a whole, and each sentence (or line of code) it quotes that says enough on its own: a long
    // selection is as close to a passage as its closest part, whatever else it holds.
    const quotedParts = quotedBlocks(query).flatMap(splitSentences).map(termCounts);
    const parts = [queryTerms, ...quotedParts.filter((terms) => terms.size >= MIN_PART_TERMS)];
    const queryText = [...queryTerms.keys()].join(' ');
    const hits: Omit<KnowledgeHit, 'sentences'>[] = [];
    for (const base of bases) {
      const indexed = this.indexOf(base);
      const total = indexed.passages.size;
      // Smoothed so that a term no passage has still weighs most (it says the query is about something else).
      const idf = (term: string): number => Math.log(1 + total / ((indexed.documentFrequency.get(term) ?? 0) + 0.5));
      for (const result of indexed.search.search(queryText, AS_GIVEN)) {
        const entry = indexed.passages.get(String(result.id));
        if (entry === undefined) continue;
        const similarity = Math.max(...parts.map((terms) => cosine(terms, entry.terms, idf)));
        if (similarity < threshold) continue;
        hits.push({ knowledgeId: base.id, title: entry.passage.title, text: entry.passage.text, score: result.score, similarity });
      }
    }
    // Sentences are ranked for the hits kept only (an index of its own per passage).
    return hits
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((hit) => ({
        ...hit,
        sentences: rankSentences(
          splitSentences(hit.text).filter((text) => !HEADING.test(text)),
          queryText,
        ),
      }));
  }

  private indexOf(base: KnowledgeBase): IndexedBase {
    const cached = this.cache.get(base.id);
    // The store replaces a base's documents array on change, so identity tells whether the index is current.
    if (cached && cached.documents === base.documents) return cached;
    const passages = new Map<string, { passage: Passage; terms: Map<string, number> }>();
    const documentFrequency = new Map<string, number>();
    base.documents.forEach((doc, d) =>
      passagesOf(doc.text).forEach((text, p) => {
        const passage = { id: `${base.id}:${d}:${p}`, title: doc.title, text };
        const terms = termCounts(`${doc.title}\n${text}`);
        for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
        passages.set(passage.id, { passage, terms });
      }),
    );
    const search = new MiniSearch<Passage>({
      fields: ['title', 'text'],
      tokenize,
      processTerm: contentTerms,
    });
    search.addAll([...passages.values()].map((entry) => entry.passage));
    const indexed = { documents: base.documents, search, passages, documentFrequency };
    this.cache.set(base.id, indexed);
    return indexed;
  }
}
