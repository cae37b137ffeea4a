// Indentation measured in columns, and written in the document's own characters (tabs or spaces).

/** The editor's indentation for the document (TextEditor.options), or what the code shows of it. */
export interface Indentation {
  readonly insertSpaces: boolean;
  readonly tabSize: number;
}

const DEFAULT_TAB_SIZE = 4;

/** The leading spaces and tabs of a line. */
export function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** The column a run of spaces and tabs reaches (a tab goes to the next tab stop). */
export function columnsOf(whitespace: string, tabSize: number): number {
  let column = 0;
  for (const char of whitespace) column = char === '\t' ? (Math.floor(column / tabSize) + 1) * tabSize : column + 1;
  return column;
}

/** Whitespace reaching `columns`, in the document's characters. */
export function whitespaceFor(columns: number, indentation: Indentation): string {
  if (columns <= 0) return '';
  if (indentation.insertSpaces) return ' '.repeat(columns);
  return '\t'.repeat(Math.floor(columns / indentation.tabSize)) + ' '.repeat(columns % indentation.tabSize);
}

/**
 * The indentation the code shows: tabs when a line starts with one, else spaces in the most common step between
 * the indentation of consecutive lines (the default tab size when no line steps in).
 */
export function detectIndentation(code: string): Indentation {
  const lines = code.split('\n').filter((line) => line.trim() !== '');
  if (lines.some((line) => line.startsWith('\t'))) return { insertSpaces: false, tabSize: DEFAULT_TAB_SIZE };
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of lines) {
    const indent = leadingWhitespace(line).length;
    if (indent > previous && indent - previous <= 8) steps.set(indent - previous, (steps.get(indent - previous) ?? 0) + 1);
    previous = indent;
  }
  const step = [...steps.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  return { insertSpaces: true, tabSize: step ?? DEFAULT_TAB_SIZE };
}
