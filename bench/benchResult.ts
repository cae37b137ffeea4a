// One row of `npm run bench` and of bench-results.json.
export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The baseline's value, measured in the same run, where the figure is compared with one. */
  readonly baseline?: number;
  /** value / baseline. */
  readonly ratio?: number;
}

/** Builds a compared row: the ratio is always computed from the two measured values, never written by hand. */
export function compared(name: string, value: number, baseline: number, unit: string): BenchResult {
  return { name, value, unit, baseline, ratio: value / baseline };
}

/** The median of the measured values (the mean of the middle two when their number is even); NaN when none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A progress line writer for one bench (on stderr, so the results on stdout stay clean). */
export function progressOf(bench: string): (text: string) => void {
  return (text) => process.stderr.write(`[bench] ${bench}: ${text}\n`);
}

/**
 * `npm run bench -- --quick` (MAAS_BENCH_QUICK=1 in each bench's process): every size and every count at its
 * smallest, so that each row is still produced and written in seconds (the README's commands layer of `npm test`
 * runs it so). Its figures prove the benches run; they are not the figures to report.
 */
export const quick = process.env.MAAS_BENCH_QUICK === '1';

/** `full` in a real run, `smallest` in a quick one. */
export function sized<T>(full: T, smallest: T): T {
  return quick ? smallest : full;
}
