// Chat models asked to continue code often start by repeating what is already there: the line up to the cursor, a
// few lines before it, or the word being typed. What the answer repeats of the code before the cursor is removed.

/** Lines before the cursor an echo may repeat: further back than this, a match is the code repeating itself. */
const MAX_ECHO_LINES = 12;
/** The shortest word being typed that counts as echoed (shorter ones start real continuations too often). */
const MIN_WORD_ECHO = 3;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The answer without what it repeats of `prefix` (the code before the cursor). */
export function withoutEchoedPrefix(answer: string, prefix: string): string {
  const lines = prefix.split('\n');
  const current = lines[lines.length - 1] ?? '';
  // Longest first: several lines up to the cursor, or several whole lines before the cursor's line.
  for (let k = Math.min(MAX_ECHO_LINES, lines.length); k >= 1; k--) {
    const upToCursor = lines.slice(-k).join('\n');
    const rest = afterEcho(answer, upToCursor);
    if (rest !== undefined) return rest;
    if (k < lines.length && current.trim() === '') {
      const wholeLines = `${lines.slice(-k - 1, -1).join('\n')}\n`;
      const afterLines = afterEcho(answer, wholeLines);
      if (afterLines !== undefined) return afterLines;
    }
  }
  if (stillEchoing(answer, prefix)) return '';
  return withoutEchoedWord(answer, current);
}

/**
 * Whether the answer so far is the start of an echo of whole lines before the cursor (and of its line up to the
 * cursor): its text is not yet the completion, however many lines it has.
 */
export function stillEchoing(answer: string, prefix: string): boolean {
  const given = answer.trimStart();
  const lines = prefix.split('\n');
  for (let k = Math.min(MAX_ECHO_LINES, lines.length); k >= 2; k--) {
    const echo = lines.slice(-k).join('\n').trimStart();
    const firstLine = echo.slice(0, echo.indexOf('\n'));
    if (WORD_CHAR.test(firstLine) && given.length >= firstLine.length && echo.startsWith(given)) return true;
  }
  return false;
}

/** The answer after `echo`, compared without the indentation of its first line; undefined when it does not start so. */
function afterEcho(answer: string, echo: string): string | undefined {
  const wanted = echo.trimStart();
  // An echo must say something: a closing brace alone, or blank lines, start real continuations as well.
  if (wanted.trim().length < 2 || !WORD_CHAR.test(wanted)) return undefined;
  const given = answer.trimStart();
  return given.startsWith(wanted) ? given.slice(wanted.length) : undefined;
}

/** The answer without the word (the last run of non-spaces) the cursor's line ends with, when it starts with it. */
function withoutEchoedWord(answer: string, current: string): string {
  const word = /\S+$/.exec(current)?.[0];
  if (word === undefined || word.length < MIN_WORD_ECHO || !WORD_CHAR.test(word)) return answer;
  return answer.startsWith(word) ? answer.slice(word.length) : answer;
}
