// The request dashboard's charts, each drawn by one function and listed in one table by name.
import { movingAverage } from './example';

export function showDaily(counts: readonly number[]): string {
  return `daily: ${counts.join(' ')}`;
}

export function showWeekly(counts: readonly number[]): string {
  return `weekly: ${movingAverage(counts, 7).join(' ')}`;
}

export function showMonthly(counts: readonly number[]): string {
  return `monthly: ${movingAverage(counts, 30).join(' ')}`;
}

export const charts: Record<string, (counts: readonly number[]) => string> = {
  daily: showDaily,
  weekly: showWeekly,
};
