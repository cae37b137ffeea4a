// The code in a chat model's answer to a completion prompt. Told to reply with code only, models still wrap it in a
// fence, lead in with a sentence ("Here is the completion:") or add an explanation after it; this keeps the code.
import { FenceTracker } from '../../../packages/text/fences';

/** Languages whose own text holds fences: there a fence is the answer's wrapper only when it wraps all of it. */
const FENCED_LANGUAGES: ReadonlySet<string> = new Set(['markdown', 'mdx', 'quarto', 'rmd']);

/** The code of an answer (which may still be streaming: an unclosed fence runs to its end). */
export function codeOfAnswer(raw: string, language: string): string {
  const text = withoutMarkers(raw.replace(/\r\n?/g, '\n'));
  const fenced = wrappedInFence(text, FENCED_LANGUAGES.has(language));
  return fenced ?? withoutProse(text);
}

/**
 * An answer that copies the prompt's markers (packages/completions/completionPrompt.ts) has repeated the code: what
 * follows its cursor marker is the completion, and its end marker ends it.
 */
function withoutMarkers(text: string): string {
  const cursor = text.indexOf('<|cursor|>');
  const after = cursor < 0 ? text : text.slice(cursor + '<|cursor|>'.length);
  const end = after.indexOf('<|end|>');
  return (end < 0 ? after : after.slice(0, end)).replace(/^<\|code\|>\n?/, '');
}

/** Whether the answer's wrapper fence has closed (nothing after it belongs to the completion). */
export function fenceClosed(raw: string, language: string): boolean {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  const fence = wrapperFence(lines, FENCED_LANGUAGES.has(language));
  return fence !== undefined && fence.close !== undefined;
}

function wrappedInFence(text: string, wholeOnly: boolean): string | undefined {
  const lines = text.split('\n');
  const fence = wrapperFence(lines, wholeOnly);
  if (fence === undefined) return undefined;
  return lines.slice(fence.open + 1, fence.close ?? lines.length).join('\n');
}

/**
 * The first fenced block, when it is the answer's wrapper: it opens on the first non-blank line or after prose alone
 * (and, for `wholeOnly`, closes on the last non-blank line).
 */
function wrapperFence(lines: readonly string[], wholeOnly: boolean): { open: number; close: number | undefined } | undefined {
  const fences = new FenceTracker();
  let open: number | undefined;
  for (const [i, line] of lines.entries()) {
    // The last line may still be arriving: a fence is known once its line is complete.
    const complete = i < lines.length - 1;
    const kind = fences.line(line);
    if (open === undefined) {
      if (kind === 'opens' && complete) open = i;
      else if (line.trim() !== '' && !isProseLine(line)) return undefined;
      continue;
    }
    if (kind === 'closes') {
      if (wholeOnly && lines.slice(i + 1).some((rest) => rest.trim() !== '')) return undefined;
      return { open, close: i };
    }
  }
  if (open === undefined || wholeOnly) return undefined;
  return { open, close: undefined };
}

/** The answer without a prose line leading in to the code, and without prose after it (past a blank line). */
function withoutProse(text: string): string {
  const lines = text.split('\n');
  const firstCode = lines.findIndex((line) => line.trim() !== '');
  if (firstCode >= 0 && firstCode < lines.length - 1 && isLeadIn(lines[firstCode] ?? '')) lines.splice(0, firstCode + 1);
  for (let i = 1; i < lines.length; i++) {
    if ((lines[i] ?? '').trim() !== '' || (lines[i - 1] ?? '').trim() === '') continue;
    const rest = lines.slice(i + 1).filter((line) => line.trim() !== '');
    if (rest.length > 0 && rest.every(isSentence)) return lines.slice(0, i).join('\n');
  }
  return lines.join('\n');
}

const HAN = /\p{Script=Han}/u;
/** Characters that code has and sentences in prose rarely do. */
const CODE_SIGNS = /[;{}=<>[\]"$]|\(\)|=>|::|\/\//;

/** A sentence that introduces code: "Here is the completion:", "以下是补全的代码：". */
function isLeadIn(line: string): boolean {
  const text = line.trim();
  if (!/[:：]$/.test(text) || CODE_SIGNS.test(text)) return false;
  return HAN.test(text) || /^[A-Z][\w'’,.-]*(?: [\w'’,.()`-]+){2,}:$/.test(text);
}

/** A line of prose around code: a lead-in, or a sentence that ends with a full stop. */
function isProseLine(line: string): boolean {
  return isLeadIn(line) || isSentence(line);
}

function isSentence(line: string): boolean {
  const text = line.trim();
  if (CODE_SIGNS.test(text)) return false;
  if (HAN.test(text)) return /[。！？.!?]$/.test(text);
  return /^[A-Z][\w'’,-]*(?: [\w'’,.:()`-]+){2,}[.!?]$/.test(text);
}
