// The host's CPU per completion: the provider's whole path (privacy, window, prompt, streaming, cleaning, cache) for
// completions at distinct positions, so that none is answered from the cache, in a small file and a large one; the
// answers come from a StreamChat the caller gives, without a network.
import { CompletionEngine } from '../../src/core/completions/completionEngine';
import type { StreamChat } from '../../src/core/completions/completionRequest';
import { median, sized } from '../benchResult';
import { BenchDocument, provide } from './typingSession';

/** One function of the generated file: six lines, the third the one completions are asked in. */
function functionLines(n: number): string[] {
  return [
    `export function average${n}(values: readonly number[]): number {`,
    '  if (values.length === 0) return 0;',
    '  const total = values.reduce((sum, value) => sum + value, 0);',
    '  return total / values.length;',
    '}',
    '',
  ];
}

const LINES_PER_FUNCTION = functionLines(0).length;
const ASKED_LINE = 2;
/** Where on the asked line the cursor stands: every character from `values.` to the line's end. */
const CHARACTERS = Array.from({ length: 40 }, (_, i) => 22 + i);

export function generatedFile(lineCount: number): BenchDocument {
  const lines: string[] = [];
  for (let n = 0; lines.length < lineCount; n++) lines.push(...functionLines(n));
  return new BenchDocument('src/averages.ts', lines.slice(0, lineCount).join('\n'));
}

/** The positions of `count` completions, all distinct: functions spread over the file, then characters. */
function positions(document: BenchDocument, count: number): { line: number; character: number }[] {
  const functions = Math.floor(document.lineCount / LINES_PER_FUNCTION);
  return Array.from({ length: count }, (_, i) => {
    const fn = functions >= count ? Math.floor((i * functions) / count) : i % functions;
    const character = CHARACTERS[functions >= count ? i % CHARACTERS.length : Math.floor(i / functions) % CHARACTERS.length] ?? 0;
    return { line: fn * LINES_PER_FUNCTION + ASKED_LINE, character };
  });
}

async function completionsCpu(streamChat: StreamChat, document: BenchDocument, count: number): Promise<number> {
  const engine = new CompletionEngine({ streamChat });
  const at = positions(document, count);
  const start = process.cpuUsage();
  for (const position of at) {
    document.line = position.line;
    document.character = position.character;
    await provide(engine, document, new AbortController().signal, 'explicit');
  }
  const used = process.cpuUsage(start);
  engine.dispose();
  return (used.user + used.system) / 1000 / count;
}

export interface CpuFigures {
  /** CPU ms per completion, median of the rounds. */
  readonly small: number;
  readonly large: number;
  readonly rounds: number;
  readonly completions: number;
}

/** Rounds alternating the two files after one round of each to warm up (and to compute the replayed answers). */
export async function cpuPerCompletion(streamChat: StreamChat, small: BenchDocument, large: BenchDocument): Promise<CpuFigures> {
  const completions = sized(200, 20);
  const rounds = sized(9, 1);
  await completionsCpu(streamChat, small, completions);
  await completionsCpu(streamChat, large, completions);
  const smallRounds: number[] = [];
  const largeRounds: number[] = [];
  for (let round = 0; round < rounds; round++) {
    smallRounds.push(await completionsCpu(streamChat, small, completions));
    largeRounds.push(await completionsCpu(streamChat, large, completions));
  }
  return { small: median(smallRounds), large: median(largeRounds), rounds, completions };
}
