// One row of `npm run bench` and of bench-results.json: a figure, the baseline it is compared with (measured in the
// same run) where there is one, and the target the row is checked against, declared here in the benchmark with the
// reason for its limit. scripts/bench.ts prints pass or miss for each row, writes docs/performance.md from a full
// run (bench/performancePage.ts) and exits non-zero when a row misses its target.

/** What a row is checked against: its figure or its ratio to the baseline, at most or at least `limit`. */
export interface Target {
  /** `value`: the figure itself; `ratio`: value / baseline (the row must have a baseline). */
  readonly of: 'value' | 'ratio';
  readonly comparison: '<=' | '>=';
  readonly limit: number;
  /** Why this limit: what a user would notice, or what the design needs. */
  readonly reason: string;
}

export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The baseline's value, measured in the same run, where the figure is compared with one. */
  readonly baseline?: number;
  /** value / baseline; for a row of rounds (bench/stableRounds.ts), the median of the rounds' ratios. */
  readonly ratio?: number;
  /** How the rounds' ratios spread, for a row of rounds. */
  readonly spread?: Spread;
  /** Measured figures that explain the row (of which, per delta, the longest…), shown beside it. */
  readonly detail?: string;
  /** Measured against the local service's speech synthesis (espeak-ng), whose pace is not the real service's. */
  readonly against?: 'espeak-ng';
  readonly target: Target;
}

/** The rounds' ratios of a row of rounds: their lowest and highest, and the 95% interval of their median. */
export interface Spread {
  readonly rounds: number;
  readonly min: number;
  readonly max: number;
  readonly low: number;
  readonly high: number;
  /** Whether that interval lies on one side of the target (else the rounds ran to the most the benchmark allows). */
  readonly settled: boolean;
}

export const atMost = (limit: number, reason: string): Target => ({ of: 'value', comparison: '<=', limit, reason });
export const atLeast = (limit: number, reason: string): Target => ({ of: 'value', comparison: '>=', limit, reason });
export const ratioAtMost = (limit: number, reason: string): Target => ({ of: 'ratio', comparison: '<=', limit, reason });

/** A row of one figure. */
export function figure(name: string, value: number, unit: string, target: Target, detail?: string): BenchResult {
  return { name, value, unit, target, ...(detail === undefined ? {} : { detail }) };
}

/** A compared row: the ratio is always computed from the two measured values, never written by hand. */
export function compared(name: string, value: number, baseline: number, unit: string, target: Target, detail?: string): BenchResult {
  return { name, value, unit, baseline, ratio: value / baseline, target, ...(detail === undefined ? {} : { detail }) };
}

/** The row, marked as measured against the local service's espeak-ng. */
export function againstEspeak(row: BenchResult): BenchResult {
  return { ...row, against: 'espeak-ng' };
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
 * runs it so). Its figures prove the benches run; they are not the figures to report, and a miss does not fail it.
 */
export const quick = process.env.MAAS_BENCH_QUICK === '1';

/** `full` in a real run, `smallest` in a quick one. */
export function sized<T>(full: T, smallest: T): T {
  return quick ? smallest : full;
}

/** A number as the rows show it: thousands separated from 100 up, two decimals below 100, three below 0.1. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en');
  return value.toFixed(Math.abs(value) < 0.1 && value !== 0 ? 3 : 2);
}
