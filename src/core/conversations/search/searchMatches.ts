// Where a query's terms occur in a text as the user wrote it, to highlight them: the text is folded one character
// (with its combining marks) at a time, so that every folded character knows the characters it came from, and a
// match is given back in the original text's offsets. A snippet is a window of a long text around its first match,
// its white space collapsed, with the matches inside it.
import { continuesWord, foldText, type QueryTerm } from './searchText';

/** A match: from `start` up to, not including, `end`, in UTF-16 offsets of the text. */
export type TextRange = readonly [start: number, end: number];

export interface Snippet {
  readonly text: string;
  readonly marks: readonly TextRange[];
}

const MARK = /\p{M}/u;
const markCache = new Map<number, boolean>();

function isMark(cp: number): boolean {
  if (cp < 0x300) return false;
  let known = markCache.get(cp);
  if (known === undefined) {
    known = MARK.test(String.fromCodePoint(cp));
    markCache.set(cp, known);
  }
  return known;
}

const ASCII = /^[\x00-\x7f]*$/;

/** A text folded, with the original span of each folded character (undefined: the same offsets, an ASCII text). */
interface FoldedText {
  readonly folded: string;
  readonly starts?: readonly number[];
  readonly ends?: readonly number[];
}

/** Characters that fold to themselves or to their lower case alone: ASCII and the CJK unified ideographs. */
function foldsAlone(cp: number): boolean {
  return cp < 0x80 || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf);
}

function fold(text: string): FoldedText {
  if (ASCII.test(text)) return { folded: text.toLowerCase() };
  const pieces: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) as number;
    let end = i + (cp > 0xffff ? 2 : 1);
    while (end < text.length && isMark(text.codePointAt(end) as number)) end += (text.codePointAt(end) as number) > 0xffff ? 2 : 1;
    const alone = end === i + 1 && foldsAlone(cp);
    const piece = alone ? (cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : (text[i] as string)) : foldText(text.slice(i, end));
    pieces.push(piece);
    for (let k = 0; k < piece.length; k++) {
      starts.push(i);
      ends.push(end);
    }
    i = end;
  }
  return { folded: pieces.join(''), starts, ends };
}

/** Whether a term matches anywhere in a folded text (a word term at the beginning of a word). */
function occursIn(folded: string, term: QueryTerm): boolean {
  for (let at = folded.indexOf(term.text); at >= 0; at = folded.indexOf(term.text, at + 1)) {
    if (term.kind === 'run' || !continuesWord(folded, at)) return true;
  }
  return false;
}

/** Every place in `text` where a term matches, in order, overlapping ones joined. */
export function findMatches(text: string, terms: readonly QueryTerm[]): TextRange[] {
  if (text === '' || terms.length === 0) return [];
  // Most texts hold no match: told from the whole text folded at once, before folding it a character at a time.
  const whole = foldText(text);
  if (!terms.some((term) => occursIn(whole, term))) return [];
  const { folded, starts, ends } = fold(text);
  const found: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term.text); at >= 0; at = folded.indexOf(term.text, at + 1)) {
      if (term.kind === 'word' && continuesWord(folded, at)) continue;
      const last = at + term.text.length - 1;
      found.push(starts === undefined || ends === undefined ? [at, last + 1] : [starts[at] as number, ends[last] as number]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const joined: [number, number][] = [];
  for (const range of found) {
    const previous = joined.at(-1);
    if (previous !== undefined && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else joined.push([range[0], range[1]]);
  }
  return joined;
}

/** Characters of context before the first match, and the length of a snippet. */
const BEFORE = 40;
const LENGTH = 160;
const SPACE = /\s/;

/** Moves an offset off the second half of a surrogate pair. */
function onCodePoint(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** A window of `text` around its first match, white space collapsed, an ellipsis where it is cut. */
export function snippetOf(text: string, matches: readonly TextRange[]): Snippet | undefined {
  const first = matches[0];
  if (first === undefined) return undefined;
  let from = onCodePoint(text, Math.max(0, first[0] - BEFORE));
  // Start at a word where one begins shortly before the window would.
  const space = text.slice(from, first[0]).search(SPACE);
  if (from > 0 && space >= 0 && space < 12) from += space + 1;
  const to = onCodePoint(text, Math.min(text.length, from + LENGTH));
  let out = from > 0 ? '…' : '';
  const map: number[] = [];
  let inSpace = false;
  for (let i = from; i < to; i++) {
    map[i - from] = out.length;
    const char = text[i] as string;
    if (SPACE.test(char)) {
      if (!inSpace && out !== '' && out !== '…') out += ' ';
      inSpace = true;
      continue;
    }
    inSpace = false;
    out += char;
  }
  map[to - from] = out.trimEnd().length;
  out = out.trimEnd();
  const marks: TextRange[] = [];
  for (const [start, end] of matches) {
    if (end <= from || start >= to) continue;
    const a = map[Math.max(start, from) - from] as number;
    const b = map[Math.min(end, to) - from] as number;
    if (b > a) marks.push([a, Math.min(b, out.length)]);
  }
  return { text: to < text.length ? `${out}…` : out, marks };
}
