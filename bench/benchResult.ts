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
