// What a completion repeats of the code after the cursor: a model that sees `foo(|)` often answers `a, b)`, and one
// asked for a block often ends with the `}` that already follows it. Inserted as is, the text would close twice.

/** Pairs whose unmatched members, and quotes whose odd count, mark a line as wrongly closed. */
const BRACKETS: readonly (readonly [string, string])[] = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];
const QUOTES: readonly string[] = ['"', "'", '`'];
/** What an answer may drop of its end as a repetition of the line's rest (all of the rest may always be dropped). */
const CLOSING_ONLY = /^[\s)\]}'"`;,]*$/;

/**
 * A single-line completion without the end it shares with the rest of the cursor's line (`after`), when dropping it
 * leaves the line better balanced: `foo(|)` with `a, b)` gives `a, b`, but with `bar()` stays `bar()`.
 */
export function withoutLineOverlap(text: string, before: string, after: string): string {
  const rest = after.trimEnd();
  let best = { cut: 0, score: lineScore(before + text + after) };
  for (let cut = 1; cut <= Math.min(rest.length, text.length); cut++) {
    const shared = rest.slice(0, cut);
    if (!text.endsWith(shared) || (cut < rest.length && !CLOSING_ONLY.test(shared))) continue;
    const score = lineScore(before + text.slice(0, -cut) + after);
    if (score < best.score) best = { cut, score };
  }
  return best.cut === 0 ? text : text.slice(0, -best.cut);
}

/** How wrongly a line is closed: unmatched brackets either way, quotes of an odd count, doubled `;` or `,`. */
function lineScore(line: string): number {
  let score = 0;
  for (const [open, close] of BRACKETS) {
    let depth = 0;
    for (const char of line) {
      if (char === open) depth++;
      else if (char === close) {
        if (depth === 0) score++;
        else depth--;
      }
    }
    score += depth;
  }
  for (const quote of QUOTES) if (line.split(quote).length % 2 === 0) score++;
  return score + (line.match(/;\s*;|,\s*,/g)?.length ?? 0);
}

/**
 * A multi-line completion without its last lines when they are the lines that follow the cursor's line, blank lines
 * aside; and without a last line of closers that only begins the next line (`}` before `} else {`).
 */
export function withoutRepeatedLines(text: string, suffix: string): string {
  const lines = text.split('\n');
  const following = suffix
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const filled = lines.flatMap((line, i) => (line.trim() === '' ? [] : [i]));
  for (let k = Math.min(filled.length, following.length); k >= 1; k--) {
    const tail = filled.slice(-k).map((i) => (lines[i] ?? '').trim());
    if (tail.every((line, j) => line === following[j])) {
      lines.splice(filled[filled.length - k] ?? lines.length);
      break;
    }
  }
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const last = (lines[lines.length - 1] ?? '').trim();
  const next = following[0];
  if (lines.length > 1 && last !== '' && next !== undefined && next !== last && next.startsWith(last) && /^[)\]}]+;?$/.test(last)) lines.pop();
  return lines.join('\n');
}
