// A light reading of code: the brackets and the quote left open at the end of a text (strings and comments skipped),
// identifiers in order of appearance, and a line's indentation.

const PAIRS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };
const QUOTES = new Set(["'", '"', '`']);

export interface OpenCode {
  /** The closers of the brackets still open, innermost first. */
  readonly closers: string[];
  /** The quote of a string still open. */
  readonly quote: string | undefined;
}

/** What is open at the end of `text` (one line or several; `#` starts a comment where `hashComments`). */
export function openAtEnd(text: string, hashComments: boolean): OpenCode {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (quote !== undefined) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      else if (char === '\n' && quote !== '`') quote = undefined;
      continue;
    }
    if (QUOTES.has(char)) quote = char;
    else if ((char === '/' && text[i + 1] === '/') || (hashComments && char === '#')) i = skipTo(text, i, '\n') - 1;
    else if (char === '/' && text[i + 1] === '*') i = skipTo(text, i + 2, '*/') + 1;
    else if (PAIRS[char] !== undefined) stack.push(PAIRS[char] ?? '');
    else if (char === stack[stack.length - 1]) stack.pop();
  }
  return { closers: stack.reverse(), quote };
}

function skipTo(text: string, from: number, end: string): number {
  const at = text.indexOf(end, from);
  return at < 0 ? text.length : at;
}

/** The identifiers of a text, each once, in order of appearance. */
export function identifiersOf(text: string): string[] {
  return [...new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])];
}

export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** The indentation one level deeper than `indent`, in the file's own step (tabs, or its most common step of spaces). */
export function deeper(indent: string, code: string): string {
  if (indent.includes('\t') || /^\t/m.test(code)) return `${indent}\t`;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of code.split('\n')) {
    if (line.trim() === '') continue;
    const width = indentOf(line).length;
    if (width > previous) steps.set(width - previous, (steps.get(width - previous) ?? 0) + 1);
    previous = width;
  }
  const step = [...steps.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 4;
  return indent + ' '.repeat(step);
}
