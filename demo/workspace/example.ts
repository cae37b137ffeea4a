// A small function to ask the assistant about: select it and use the MaaS commands.
export function movingAverage(values: readonly number[], window: number): number[] {
  if (window <= 0) throw new RangeError('window must be positive');
  const result: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] ?? 0;
    if (i >= window) sum -= values[i - window] ?? 0;
    if (i >= window - 1) result.push(sum / window);
  }
  return result;
}
