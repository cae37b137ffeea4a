// What the history search compares: text folded so that what a reader takes for the same letters matches (NFKC for
// full-width and compatibility forms, lower case with ß as ss and ς as σ, accents dropped from Latin, Greek and
// Cyrillic letters, never from other scripts where a mark makes another letter), and the terms of a folded text.
// Chinese and Japanese write no spaces between words, so a run of their characters stands for each character and
// each pair of neighbours (the character bigrams of CJK search engines); every other script is cut into words at
// anything that is not a letter, a digit or a mark.

/** A character of a word (letters, digits, marks), one of a script written without spaces, or neither. */
const enum CharClass {
  Other = 0,
  Word = 1,
  Unspaced = 2,
}

/** Terms longer than this are indexed and looked up by their first characters (a pasted blob is not a word). */
export const maxTermLength = 40;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const classCache = new Map<number, CharClass>();

function isUnspaced(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0x3400 && cp <= 0x4dbf) || // extension A
    (cp >= 0x3040 && cp <= 0x30ff) || // hiragana, katakana
    (cp >= 0x31f0 && cp <= 0x31ff) || // katakana phonetic extensions
    (cp >= 0xf900 && cp <= 0xfaff) || // compatibility ideographs
    (cp >= 0x20000 && cp <= 0x3134f) // extensions B to G
  );
}

function classOf(cp: number): CharClass {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) ? CharClass.Word : CharClass.Other;
  let known = classCache.get(cp);
  if (known === undefined) {
    known = isUnspaced(cp) ? CharClass.Unspaced : WORD_CHAR.test(String.fromCodePoint(cp)) ? CharClass.Word : CharClass.Other;
    classCache.set(cp, known);
  }
  return known;
}

/** Letters of the scripts whose accents a reader drops when searching (café and cafe), and a mark after one. */
const ACCENTED = /[\u00c0-\u024f\u0300-\u036f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1fff]/;
const ACCENT_MARK = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{Mn}/gu;
const FOLDED_FURTHER = /[ßς]/g;
const foldedFurther: Readonly<Record<string, string>> = { ß: 'ss', ς: 'σ' };
const ASCII = /^[\x00-\x7f]*$/;

/** The text as search compares it. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  let folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(FOLDED_FURTHER, (c) => foldedFurther[c] ?? c);
  if (ACCENTED.test(folded)) folded = folded.normalize('NFD').replace(ACCENT_MARK, '').normalize('NFC');
  return folded;
}

/** The Chinese and Japanese characters a number can stand for (below): U+3000 to U+9FFF. */
const CODED_FIRST = 0x3000;
const CODED_SPAN = 0xa000 - CODED_FIRST;
const isCoded = (cp: number): boolean => cp >= CODED_FIRST && cp < CODED_FIRST + CODED_SPAN;

/**
 * A Chinese or Japanese term (a character, or a pair) as a number, so that indexing a run of them makes no string
 * per character: `first` and `second` (0 for none) from U+3000 to U+9FFF, numbered so that the numbers sort as the
 * strings do (a character alone before the pairs it begins). Such runs are most of what a Chinese conversation holds.
 */
const codeOf = (first: number, second: number): number => (first - CODED_FIRST) * (CODED_SPAN + 1) + (second === 0 ? 0 : second - CODED_FIRST + 1);

/** The string a number of `codeOf` stands for. */
export function unspacedTerm(code: number): string {
  const first = CODED_FIRST + Math.floor(code / (CODED_SPAN + 1));
  const second = code % (CODED_SPAN + 1);
  return second === 0 ? String.fromCharCode(first) : String.fromCharCode(first, CODED_FIRST + second - 1);
}

/**
 * Gives every term of a folded text: its words (up to `maxTermLength` characters) to `word`, and for its runs of
 * Chinese and Japanese each pair of neighbouring characters and the run's last character (every character of a run
 * begins a pair or ends the run, so a character is found as the beginning of a term) to `unspaced` as numbers
 * (`unspacedTerm` gives the string), or to `word` where no number stands for them (characters beyond the basic
 * plane); a term may come more than once.
 */
export function scanTerms(folded: string, word: (term: string) => void, unspaced: (code: number) => void): void {
  let wordStart = -1;
  let previous = -1;
  const length = folded.length;
  const endRun = (): void => {
    if (previous < 0) return;
    if (isCoded(previous)) unspaced(codeOf(previous, 0));
    else word(String.fromCodePoint(previous));
    previous = -1;
  };
  for (let i = 0; i < length;) {
    const cp = folded.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const kind = classOf(cp);
    if (kind === CharClass.Unspaced) {
      if (wordStart >= 0) word(folded.slice(wordStart, Math.min(i, wordStart + maxTermLength)));
      wordStart = -1;
      if (previous >= 0) {
        if (isCoded(previous) && isCoded(cp)) unspaced(codeOf(previous, cp));
        else word(String.fromCodePoint(previous, cp));
      }
      previous = cp;
    } else {
      endRun();
      if (kind === CharClass.Word) {
        if (wordStart < 0) wordStart = i;
      } else if (wordStart >= 0) {
        word(folded.slice(wordStart, Math.min(i, wordStart + maxTermLength)));
        wordStart = -1;
      }
    }
    i += width;
  }
  endRun();
  if (wordStart >= 0) word(folded.slice(wordStart, Math.min(length, wordStart + maxTermLength)));
}

/**
 * One part of a query. A word matches a word that begins with it (`shut` finds `shutdown`), as the query is typed;
 * a run of Chinese or Japanese characters matches where it occurs, found in the index by its characters' pairs.
 */
export interface QueryTerm {
  readonly kind: 'word' | 'run';
  /** Folded. */
  readonly text: string;
}

/** The most terms a query is cut into; a longer query is searched by its first ones. */
export const maxQueryTerms = 16;

/** The terms of what the user typed, each once; none when it holds no letter, digit or character. */
export function queryTerms(query: string): QueryTerm[] {
  const folded = foldText(query);
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const push = (kind: QueryTerm['kind'], text: string): void => {
    if (text === '' || seen.has(text) || terms.length >= maxQueryTerms) return;
    seen.add(text);
    terms.push({ kind, text });
  };
  let start = -1;
  let kindOfRun = CharClass.Other;
  for (let i = 0; i <= folded.length;) {
    const cp = i < folded.length ? (folded.codePointAt(i) as number) : -1;
    const kind = cp < 0 ? CharClass.Other : classOf(cp);
    if (kind !== kindOfRun) {
      if (start >= 0) push(kindOfRun === CharClass.Word ? 'word' : 'run', folded.slice(start, i));
      start = kind === CharClass.Other ? -1 : i;
      kindOfRun = kind;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  return terms;
}

/**
 * What the index looks up for a term: a word's prefix; each character pair of a run; a character alone as the
 * beginning of a term (the pairs it begins, or itself at the end of a run).
 */
export function indexKeys(term: QueryTerm): { readonly prefix: boolean; readonly keys: readonly string[] } {
  if (term.kind === 'word') return { prefix: true, keys: [term.text.slice(0, maxTermLength)] };
  const chars = Array.from(term.text);
  if (chars.length === 1) return { prefix: true, keys: chars };
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(`${chars[i] ?? ''}${chars[i + 1] ?? ''}`);
  return { prefix: false, keys: [...pairs] };
}

/** Whether a folded text's character before `index` ends a word (a word term must begin a word to match there). */
export function continuesWord(folded: string, index: number): boolean {
  if (index === 0) return false;
  const before = folded.codePointAt(index - 1) as number;
  const cp = before >= 0xdc00 && before <= 0xdfff && index >= 2 ? (folded.codePointAt(index - 2) as number) : before;
  return classOf(cp) === CharClass.Word;
}
