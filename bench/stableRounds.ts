// Rows whose rounds spread widely (a figure compared with a baseline on a busy, shared machine): each round measures the
// figure and its baseline back to back, so that what the machine does meanwhile weighs on both, and the row's ratio is
// the median of the rounds' ratios. A benchmark declares the fewest and the most rounds such a row takes; past the
// fewest, rounds are added until the median's 95% interval lies on one side of the target, so that the verdict is the
// one another run would give (or until the most, the verdict then being the median's and the page saying so).
import { median, type BenchResult, type Spread, type Target } from './benchResult';

/** One round: the figure and its baseline, measured back to back. */
export interface Round {
  readonly value: number;
  readonly baseline: number;
}

/** The fewest and the most rounds of a row, as its benchmark declares them. */
export interface RoundRule {
  readonly min: number;
  readonly max: number;
}

/**
 * The distribution-free 95% interval of the median of `values`: the order statistics k and n + 1 - k (from 1) with
 * k = ⌊(n + 1) / 2 − 0.98 √n⌋, the normal approximation to the binomial; the lowest and highest value for fewer than 6.
 */
export function medianInterval(values: readonly number[]): { readonly low: number; readonly high: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const k = n < 6 ? 1 : Math.max(1, Math.floor((n + 1) / 2 - 0.98 * Math.sqrt(n)));
  return { low: sorted[k - 1] as number, high: sorted[n - k] as number };
}

/** Whether the median's interval lies wholly on one side of the target's limit. */
export function settled(values: readonly number[], target: Target): boolean {
  const { low, high } = medianInterval(values);
  return target.comparison === '<=' ? high <= target.limit || low > target.limit : low >= target.limit || high < target.limit;
}

const ratios = (rounds: readonly Round[]): number[] => rounds.map((round) => round.value / round.baseline);

/** Runs `round` at least `rule.min` times and, while the rounds' ratios do not settle the target, up to `rule.max`. */
export function roundsUntilSettled(rule: RoundRule, target: Target, round: (index: number) => Promise<Round> | Round): Promise<Round[]> {
  return untilSettled(rule, (rounds) => settled(ratios(rounds), target), round);
}

/**
 * Runs `round` at least `rule.min` times and then, while `decided` says the rounds so far do not settle every row they
 * feed, up to `rule.max`: for rounds that measure several rows at once.
 */
export async function untilSettled<T>(rule: RoundRule, decided: (rounds: readonly T[]) => boolean, round: (index: number) => Promise<T> | T): Promise<T[]> {
  const rounds: T[] = [];
  while (rounds.length < rule.min || (rounds.length < rule.max && !decided(rounds))) rounds.push(await round(rounds.length));
  return rounds;
}

/**
 * A row of one figure per round (no baseline): the figure is the median of the rounds', and the detail gives their
 * spread, as the spread column does for a compared row.
 */
export function figureRounds(name: string, values: readonly number[], unit: string, target: Target, detail?: string): BenchResult {
  const { low, high } = medianInterval(values);
  const x = (value: number): string => `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`;
  const spread = `${x(Math.min(...values))} to ${x(Math.max(...values))} in ${values.length} rounds; median within ${x(low)} to ${x(high)}${settled(values, target) ? '' : ', not settled'}`;
  return { name, value: median(values), unit, target, detail: detail === undefined ? spread : `${spread}; ${detail}` };
}

/** A compared row from its rounds: the medians of figure and baseline, the ratio the median of the rounds' ratios. */
export function comparedRounds(name: string, rounds: readonly Round[], unit: string, target: Target, detail?: string): BenchResult {
  const each = ratios(rounds);
  const { low, high } = medianInterval(each);
  const spread: Spread = { rounds: rounds.length, min: Math.min(...each), max: Math.max(...each), low, high, settled: settled(each, target) };
  return {
    name,
    value: median(rounds.map((round) => round.value)),
    unit,
    baseline: median(rounds.map((round) => round.baseline)),
    ratio: median(each),
    spread,
    target,
    ...(detail === undefined ? {} : { detail }),
  };
}
