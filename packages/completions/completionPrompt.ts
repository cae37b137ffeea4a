// The inline-completion prompt: the contract between the extension, which writes it (formatCompletionPrompt), and the
// local service, which recognises it (parseCompletionPrompt). The service has only a chat endpoint, so a completion
// is asked for as a chat: a system message with the rules, and a user message holding the file's path, its language,
// what to insert, and the code around the cursor between markers. The code is untrusted (any file the user opens):
// text in it that looks like a marker is escaped, reversibly, so that it can neither forge a marker nor change what
// the parser reads, and parse(format(x)) gives back x's code exactly.

/** What the completion fills in: the rest of the current line, or the body of the block opened above the cursor. */
export type CompletionMode = 'line' | 'block';

export interface CompletionPrompt {
  /** The file's path as the model may see it (workspace-relative, or an untitled editor's name). */
  readonly path: string;
  /** A VS Code language id. */
  readonly language: string;
  readonly mode: CompletionMode;
  /** The code before the cursor (a window of it). */
  readonly prefix: string;
  /** The code after the cursor (a window of it). */
  readonly suffix: string;
}

export interface CompletionMessages {
  readonly system: string;
  readonly user: string;
}

export const COMPLETION_SYSTEM_PROMPT = [
  'You are a code completion engine inside an editor.',
  'The user message shows part of a file with the cursor marked <|cursor|>.',
  'Reply with exactly the text to insert at the cursor and nothing else: no code fences, no explanations, no repetition of the code before or after the cursor.',
  'When asked for the rest of the line, reply with one line at most.',
  'When asked for a block, reply with the lines that complete the block opened just above the cursor, indented as in the file, and stop where the block ends.',
  'If nothing fits, reply with nothing.',
].join('\n');

const FIRST_LINE = 'Complete the code at <|cursor|>.';
const CODE_START = '<|code|>';
const CURSOR = '<|cursor|>';
const CODE_END = '<|end|>';
const INSERT_TEXT: Readonly<Record<CompletionMode, string>> = {
  line: 'the rest of the current line',
  block: 'the body of the block opened above the cursor',
};

/** A marker in the code, with any backslashes before its closing `|>`: escaping adds one, unescaping removes one. */
const MARKER_LIKE = /<\|(cursor|code|end)(\\*)\|>/g;
const ESCAPED_MARKER = /<\|(cursor|code|end)(\\+)\|>/g;

function escapeMarkers(text: string): string {
  return text.replace(MARKER_LIKE, (_match, name: string, slashes: string) => `<|${name}${slashes}\\|>`);
}

function unescapeMarkers(text: string): string {
  return text.replace(ESCAPED_MARKER, (_match, name: string, slashes: string) => `<|${name}${slashes.slice(1)}|>`);
}

const MAX_PATH_CHARS = 512;

/** A header value on one line: control and line-separator characters become spaces, markers are escaped. */
function headerValue(text: string, maxChars: number): string {
  return escapeMarkers(text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, ' ')).slice(0, maxChars);
}

/** A VS Code language id is letters, digits and a few signs; anything else is sent as `plaintext`. */
function languageValue(language: string): string {
  return /^[A-Za-z0-9][\w+#.-]{0,63}$/.test(language) ? language : 'plaintext';
}

export function formatCompletionPrompt(prompt: CompletionPrompt): CompletionMessages {
  const user = [
    FIRST_LINE,
    `Path: ${headerValue(prompt.path, MAX_PATH_CHARS)}`,
    `Language: ${languageValue(prompt.language)}`,
    `Insert: ${INSERT_TEXT[prompt.mode]}`,
    CODE_START,
    `${escapeMarkers(prompt.prefix)}${CURSOR}${escapeMarkers(prompt.suffix)}`,
    CODE_END,
  ].join('\n');
  return { system: COMPLETION_SYSTEM_PROMPT, user };
}

/** The prompt in a user message written by formatCompletionPrompt; undefined for any other message. */
export function parseCompletionPrompt(user: string): CompletionPrompt | undefined {
  if (!user.startsWith(`${FIRST_LINE}\n`)) return undefined;
  const codeStart = user.indexOf(`\n${CODE_START}\n`);
  if (codeStart < 0 || !user.endsWith(`\n${CODE_END}`)) return undefined;
  const codeFrom = codeStart + CODE_START.length + 2;
  const codeTo = user.length - CODE_END.length - 1;
  if (codeTo < codeFrom) return undefined;
  const header = headerFields(user.slice(FIRST_LINE.length + 1, codeStart));
  const mode = (Object.keys(INSERT_TEXT) as CompletionMode[]).find((key) => INSERT_TEXT[key] === header.get('Insert'));
  const path = header.get('Path');
  const language = header.get('Language');
  if (mode === undefined || path === undefined || language === undefined) return undefined;
  const code = user.slice(codeFrom, codeTo);
  const cursor = code.indexOf(CURSOR);
  if (cursor < 0 || code.indexOf(CURSOR, cursor + 1) >= 0) return undefined;
  return {
    path: unescapeMarkers(path),
    language,
    mode,
    prefix: unescapeMarkers(code.slice(0, cursor)),
    suffix: unescapeMarkers(code.slice(cursor + CURSOR.length)),
  };
}

function headerFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return fields;
}
