// The next lines of a run of similar lines: the lines just above the cursor, at its indentation, that differ only in
// some tokens. A number steps on (`return 1;`, `return 2;` → `return 3;`), a letter too (`'a'`, `'b'` → `'c'`), and
// a varying part of a word or string (`openFile`, `saveFile`) takes the next such word the file itself has and the
// run has not used (`closeFile`), the same in every place it varies (`'close'`).
import { identifiersOf, indentOf } from './codeScan';

const TOKEN = /\d+|[A-Za-z_$][\w$]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\s+|./g;

interface Variation {
  readonly index: number;
  /** The next token, given the last two and the stem chosen for words. */
  readonly next: (stem: string | undefined) => string | undefined;
  /** For a word or string: what stays around the part that varies, and the parts the run has used. */
  readonly affix?: { readonly before: string; readonly after: string; readonly quote: string };
}

/**
 * Up to `count` lines continuing the run above the cursor's line, the first one without what the cursor's line
 * already has (`typed`); undefined when there is no run, or the typed text leaves it.
 */
export function continuePattern(lines: readonly string[], code: string, count: number): string[] | undefined {
  const current = lines[lines.length - 1] ?? '';
  const indent = indentOf(current);
  const typed = current.slice(indent.length);
  const run: string[] = [];
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || indentOf(line) !== indent) break;
    run.unshift(line.slice(indent.length));
  }
  if (run.length < 2) return undefined;
  const used: string[][] = run.map((line) => [...(line.match(TOKEN) ?? [])]);
  const wordsOfFile = identifiersOf(code);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const next = nextLine(used, wordsOfFile);
    if (next === undefined) break;
    used.push(next);
    out.push(next.join(''));
  }
  const first = out[0];
  if (first === undefined || !first.startsWith(typed) || first.length === typed.length) return undefined;
  return [first.slice(typed.length), ...out.slice(1).map((line) => indent + line)];
}

function nextLine(run: readonly (readonly string[])[], wordsOfFile: readonly string[]): string[] | undefined {
  const a = run[run.length - 2];
  const b = run[run.length - 1];
  if (a === undefined || b === undefined || a.length !== b.length) return undefined;
  const variations: Variation[] = [];
  for (const [index, token] of b.entries()) {
    const earlier = a[index] ?? '';
    if (earlier === token) continue;
    const variation = vary(index, earlier, token);
    if (variation === undefined) return undefined;
    variations.push(variation);
  }
  if (variations.length === 0) return undefined;
  const stem = chooseStem(variations, run, wordsOfFile);
  const line = [...b];
  for (const variation of variations) {
    const token = variation.next(stem);
    if (token === undefined) return undefined;
    line[variation.index] = token;
  }
  return line;
}

/** How one token varies between two lines, or undefined when it varies in a way the completer cannot continue. */
function vary(index: number, earlier: string, later: string): Variation | undefined {
  if (/^\d+$/.test(earlier) && /^\d+$/.test(later)) {
    const step = Number(later) - Number(earlier);
    return { index, next: () => String(Number(later) + step) };
  }
  const quote = /^['"]/.test(later) && later[0] === earlier[0] ? (later[0] ?? '') : '';
  const x = quote ? earlier.slice(1, -1) : earlier;
  const y = quote ? later.slice(1, -1) : later;
  if (quote === '' && !/^[A-Za-z_$][\w$]*$/.test(x + y)) return undefined;
  if (x.length === 1 && y.length === 1 && /[A-Za-z0-9]/.test(x + y)) {
    const code = y.charCodeAt(0) + (y.charCodeAt(0) - x.charCodeAt(0));
    return { index, next: () => `${quote}${String.fromCharCode(code)}${quote}` };
  }
  // The part that varies is told in whole word parts (`list|Users`, `/|users`), so that `listUsers` and `listOrders`
  // vary in `Users` and `Orders`, not in `Us` and `Ord`.
  const xs = wordParts(x);
  const ys = wordParts(y);
  let start = 0;
  while (start < Math.min(xs.length, ys.length) - 1 && xs[start] === ys[start]) start++;
  let end = 0;
  while (end < Math.min(xs.length, ys.length) - start - 1 && xs[xs.length - 1 - end] === ys[ys.length - 1 - end]) end++;
  const before = ys.slice(0, start).join('');
  const after = ys.slice(ys.length - end).join('');
  const varying = ys.slice(start, ys.length - end).join('');
  return {
    index,
    affix: { before, after, quote },
    next: (stem) => (stem === undefined ? undefined : `${quote}${before}${matchCase(stem, varying)}${after}${quote}`),
  };
}

/** A word in its parts: runs of capitals, capitalised or lower-case words, digits, and anything else. */
function wordParts(word: string): string[] {
  return word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^A-Za-z\d]+/g) ?? [];
}

/**
 * The next stem for the words that vary: from a word of the file with the affixes of an identifier that varies,
 * whose stem the run has not used (compared without case, as one stem may be written `Users` and `users`).
 */
function chooseStem(variations: readonly Variation[], run: readonly (readonly string[])[], wordsOfFile: readonly string[]): string | undefined {
  // The word with the most around its varying part says most (`openFile`, `saveFile` → `closeFile`); a whole word
  // that varies (`open`, `save`) would take any word of the file.
  const words = variations.filter((v) => v.affix !== undefined && v.affix.quote === '').sort((a, b) => affixLength(b) - affixLength(a));
  const most = words[0] === undefined ? 0 : affixLength(words[0]);
  for (const variation of words.filter((v) => most === 0 || affixLength(v) > 0)) {
    const affix = variation.affix;
    if (affix === undefined) continue;
    const stems = new Set(run.map((tokens) => stemOf(tokens[variation.index] ?? '', affix)?.toLowerCase()));
    for (const word of wordsOfFile) {
      const stem = stemOf(word, affix);
      if (stem !== undefined && stem !== '' && /^[A-Za-z]/.test(stem) && !stems.has(stem.toLowerCase())) return stem;
    }
  }
  return undefined;
}

function affixLength(variation: Variation): number {
  return (variation.affix?.before.length ?? 0) + (variation.affix?.after.length ?? 0);
}

function stemOf(word: string, affix: { readonly before: string; readonly after: string }): string | undefined {
  if (!word.startsWith(affix.before) || !word.endsWith(affix.after) || word.length <= affix.before.length + affix.after.length) return undefined;
  return word.slice(affix.before.length, word.length - affix.after.length);
}

/** `stem` with the case of its first letter as `like` has it. */
function matchCase(stem: string, like: string): string {
  const first = stem[0] ?? '';
  return (/^[A-Z]/.test(like) ? first.toUpperCase() : /^[a-z]/.test(like) ? first.toLowerCase() : first) + stem.slice(1);
}
