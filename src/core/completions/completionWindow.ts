// The code around the cursor that a completion sends: whole lines before and after it, bounded by lines and by
// characters, read line by line outwards from the cursor so that the cost does not grow with the document.

/** The document as lines without their line ends (the adapter reads them from VS Code's TextDocument). */
export interface LineSource {
  readonly lineCount: number;
  lineAt(line: number): string;
}

export interface CursorPosition {
  /** Zero-based line. */
  readonly line: number;
  /** Zero-based character on that line. */
  readonly character: number;
}

export interface WindowLimits {
  readonly beforeLines: number;
  readonly beforeChars: number;
  readonly afterLines: number;
  readonly afterChars: number;
}

/**
 * About a thousand tokens before the cursor (the enclosing function of most code, and the lines a pattern repeats
 * from) and a few hundred after it (enough to see how the block closes and what follows, which the cleaning compares
 * against). The code before the cursor decides a completion far more than the code after it.
 */
export const DEFAULT_WINDOW_LIMITS: WindowLimits = { beforeLines: 100, beforeChars: 4000, afterLines: 30, afterChars: 1500 };

export interface CompletionWindow {
  /** The code before the cursor: whole lines, then the cursor's line up to the cursor. */
  readonly prefix: string;
  /** The code after the cursor: the rest of its line, then whole lines. */
  readonly suffix: string;
  /** The first line the prefix holds (whole or, on a very long line, its end). */
  readonly firstLine: number;
  /** The last line the suffix holds. */
  readonly lastLine: number;
}

/** The window around `cursor`; reads at most the lines it returns, plus one past each end. */
export function readCompletionWindow(source: LineSource, cursor: CursorPosition, limits: WindowLimits = DEFAULT_WINDOW_LIMITS): CompletionWindow {
  const line = Math.min(Math.max(cursor.line, 0), Math.max(source.lineCount - 1, 0));
  const text = source.lineCount > 0 ? source.lineAt(line) : '';
  const character = Math.min(Math.max(cursor.character, 0), text.length);
  // A line longer than the limit (minified code) keeps only the part next to the cursor.
  const before = [text.slice(Math.max(0, character - limits.beforeChars), character)];
  let beforeChars = before[0]?.length ?? 0;
  let firstLine = line;
  while (firstLine > 0 && before.length < limits.beforeLines) {
    const previous = source.lineAt(firstLine - 1);
    if (beforeChars + previous.length + 1 > limits.beforeChars) break;
    before.unshift(previous);
    beforeChars += previous.length + 1;
    firstLine--;
  }
  const after = [text.slice(character, character + limits.afterChars)];
  let afterChars = after[0]?.length ?? 0;
  let lastLine = line;
  while (lastLine < source.lineCount - 1 && after.length < limits.afterLines) {
    const next = source.lineAt(lastLine + 1);
    if (afterChars + next.length + 1 > limits.afterChars) break;
    after.push(next);
    afterChars += next.length + 1;
    lastLine++;
  }
  return { prefix: before.join('\n'), suffix: after.join('\n'), firstLine, lastLine };
}
