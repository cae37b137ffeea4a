// The rest of a line that repeats an earlier line with other names: `const dy = a.` after `const dx = a.x - b.x;` goes
// on as `y - b.y;`, `this.height = ` after `this.width = width;` as `height;`. The names the cursor's line has in
// place of the earlier line's are put in the rest of it too, whole (`width` → `height`), as the part of a word that
// changed (`firstName` → `lastName` in `'firstName'`), or as the letter that changed (`dx` → `dy`: `x` → `y`).

const TOKEN = /\d+|[A-Za-z_$][\w$]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\s+|./g;
const NAME = /^(?:\d+|[A-Za-z_$][\w$]*|'.*'|".*")$/;
const WORD = /^[A-Za-z_$][\w$]*$/;
/** Lines above the cursor an earlier line is looked for in. */
const LOOK_BACK = 20;
/** The fewest tokens, not counting spaces, the cursor's line must have. */
const MIN_TOKENS = 3;
const MAX_RENAMES = 2;

interface Rename {
  readonly from: string;
  readonly to: string;
}

/** The rest of the nearest earlier line that the cursor's line repeats with other names; undefined when none. */
export function restOfAnalogousLine(lines: readonly string[]): string | undefined {
  const typed = (lines[lines.length - 1] ?? '').trimStart();
  const typedTokens = typed.match(TOKEN) ?? [];
  if (typedTokens.filter((token) => token.trim() !== '').length < MIN_TOKENS) return undefined;
  const earlier = lines.slice(Math.max(0, lines.length - 1 - LOOK_BACK), -1).reverse();
  for (const line of earlier) {
    const rest = analogousRest(typedTokens, line.trim().match(TOKEN) ?? []);
    if (rest !== undefined) return rest;
  }
  return undefined;
}

function analogousRest(typed: readonly string[], earlier: readonly string[]): string | undefined {
  if (earlier.length <= typed.length) return undefined;
  const renames: Rename[] = [];
  let same = 0;
  let sameWords = 0;
  for (const [i, token] of typed.entries()) {
    const theirs = earlier[i] ?? '';
    if (token.trim() === '' && theirs.trim() === '') continue;
    if (token === theirs) {
      same++;
      if (WORD.test(token)) sameWords++;
      continue;
    }
    if (!NAME.test(token) || !NAME.test(theirs)) return undefined;
    const known = renames.find((rename) => rename.from === theirs);
    if (known !== undefined && known.to !== token) return undefined;
    if (known === undefined) renames.push({ from: theirs, to: token });
  }
  // More of the line the same than renamed, a word among it: `x = 1` does not repeat `y = 2`.
  if (renames.length === 0 || renames.length > MAX_RENAMES || sameWords === 0 || same <= renames.length) return undefined;
  const rest = earlier
    .slice(typed.length)
    .map((token) => renamed(token, renames))
    .join('')
    .trimEnd();
  return rest === '' ? undefined : rest;
}

function renamed(token: string, renames: readonly Rename[]): string {
  for (const { from, to } of renames) {
    if (token === from) return to;
    const parts = changedPart(wordParts(from), wordParts(to));
    if (parts !== undefined && parts.from.length > 1) {
      const tokenParts = wordParts(token);
      if (tokenParts.some((part) => part.toLowerCase() === parts.from.toLowerCase()))
        return tokenParts.map((part) => (part.toLowerCase() === parts.from.toLowerCase() ? withCaseOf(parts.to, part) : part)).join('');
    }
    const letters = changedPart([...from], [...to]);
    if (letters !== undefined && token === letters.from) return letters.to;
  }
  return token;
}

/** The one part in which two lists of parts differ, when they differ in exactly one. */
function changedPart(a: readonly string[], b: readonly string[]): Rename | undefined {
  if (a.length !== b.length) return undefined;
  const differing = a.flatMap((part, i) => (part === b[i] ? [] : [{ from: part, to: b[i] ?? '' }]));
  return differing.length === 1 ? differing[0] : undefined;
}

/** A word in its parts: runs of capitals, capitalised or lower-case words, digits, and anything else. */
function wordParts(word: string): string[] {
  return word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^A-Za-z\d]+/g) ?? [];
}

function withCaseOf(part: string, like: string): string {
  const first = part[0] ?? '';
  return (/^[A-Z]/.test(like) ? first.toUpperCase() : first.toLowerCase()) + part.slice(1);
}
