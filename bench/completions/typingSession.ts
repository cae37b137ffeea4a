// What the completion bench types and where: a document the bench owns (lines, a cursor, a version that every edit
// moves on), a provider call made as VS Code makes one on each keystroke (privacy, window, mode, then the engine, the
// order the extension's adapter follows), and a human typing at a steady pace with pauses, deterministic.
import type { CompletionEngine } from '../../src/core/completions/completionEngine';
import type { CompletionSuggestion } from '../../src/core/completions/completionRequest';
import { CompletionPrivacy } from '../../src/core/completions/completionPrivacy';
import { readCompletionWindow } from '../../src/core/completions/completionWindow';
import { seededRandom } from '../../test/harness/seededRandom';

/** A text document as an editor holds it: lines without their ends, a cursor, and a version per edit. */
export class BenchDocument {
  private readonly lines: string[];
  line: number;
  character: number;
  version = 0;

  constructor(
    readonly path: string,
    text: string,
  ) {
    this.lines = text.split('\n');
    this.line = this.lines.length - 1;
    this.character = this.lines[this.line]?.length ?? 0;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  lineAt(line: number): string {
    return this.lines[line] ?? '';
  }

  /** Puts the cursor at the end of `line`. */
  moveTo(line: number): void {
    this.line = line;
    this.character = this.lineAt(line).length;
  }

  /** Types one character at the cursor (a newline splits the line). */
  type(char: string): void {
    const text = this.lineAt(this.line);
    const before = text.slice(0, this.character);
    const after = text.slice(this.character);
    if (char === '\n') {
      this.lines.splice(this.line, 1, before, after);
      this.line++;
      this.character = 0;
    } else {
      this.lines[this.line] = before + char + after;
      this.character++;
    }
    this.version++;
  }
}

const privacy = new CompletionPrivacy();
const OPENER = /[{([:]\s*$/;

/**
 * One provider call, as the extension's adapter makes it: the privacy decision, the window around the cursor, a block
 * on a blank line after a line that opens one (else the rest of the line), then the engine.
 */
export function provide(
  engine: CompletionEngine,
  document: BenchDocument,
  signal: AbortSignal,
  trigger: 'automatic' | 'explicit' = 'automatic',
): Promise<CompletionSuggestion | undefined> {
  const decision = privacy.decide({ scheme: 'file', path: `/projects/charts/${document.path}`, relativePath: document.path });
  if (!decision.send) return Promise.resolve(undefined);
  const window = readCompletionWindow(document, { line: document.line, character: document.character });
  let previous = document.line - 1;
  while (previous > 0 && document.lineAt(previous).trim() === '') previous--;
  const blank = document.lineAt(document.line).trim() === '';
  const mode = blank && OPENER.test(document.lineAt(previous)) ? 'block' : 'line';
  return engine.complete({ path: decision.promptPath, language: 'typescript', window, mode, trigger, signal });
}

/** The file the session types into: the demo's chart table, before its last entries. */
export const SESSION_START = [
  "import { movingAverage } from './example';",
  '',
  'export function showDaily(counts: readonly number[]): string {',
  "  return `daily: ${counts.join(' ')}`;",
  '}',
  '',
  'export function showWeekly(counts: readonly number[]): string {',
  "  return `weekly: ${movingAverage(counts, 7).join(' ')}`;",
  '}',
  '',
  '',
].join('\n');

/** What the session types after it: code that goes on as the file does, cut to the number of characters typed. */
const SESSION_TEXT = [
  'export function showMonthly(counts: readonly number[]): string {',
  "  return `monthly: ${movingAverage(counts, 30).join(' ')}`;",
  '}',
  '',
  'export function total(counts: readonly number[]): number {',
  '  let sum = 0;',
  '  for (const count of counts) sum += count;',
  '  return sum;',
  '}',
  '',
  'export const charts: Record<string, (counts: readonly number[]) => string> = {',
  '  daily: showDaily,',
  '  weekly: showWeekly,',
  '  monthly: showMonthly,',
  '};',
  '',
].join('\n');

export interface Keystroke {
  readonly char: string;
  /** How long the typist waits after this key before the next one, ms. */
  readonly gapMs: number;
}

export const TYPING = {
  /** Between two keys of a burst: 90–230 ms (about 60 words a minute), shorter than the debounce. */
  keyMs: [90, 230],
  /** After a line: a pause to read it or think, 1–2.5 s. */
  lineMs: [1000, 2500],
  /** After one word in five: a pause of 0.4–1.2 s. */
  wordMs: [400, 1200],
  wordPauseChance: 0.2,
} as const;

/** `count` characters of the session's text with the gap after each, the same every run. */
export function humanTyping(count: number): Keystroke[] {
  const next = seededRandom(42);
  const between = ([low, high]: readonly [number, number]): number => Math.round(low + (high - low) * next());
  const text = SESSION_TEXT.repeat(Math.ceil(count / SESSION_TEXT.length)).slice(0, count);
  return [...text].map((char) => {
    if (char === '\n') return { char, gapMs: between(TYPING.lineMs) };
    const key = between(TYPING.keyMs);
    if (/[\s(,;]/.test(char) && next() < TYPING.wordPauseChance) return { char, gapMs: between(TYPING.wordMs) };
    return { char, gapMs: key };
  });
}
