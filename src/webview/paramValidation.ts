// Checks a parameter the user typed against the model's range (spec section 8) before it is sent with setParams.
import type { ParamRangeView } from '../shared/protocol';

export type ParamCheck =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: 'notANumber' | 'notAnInteger' | 'outOfRange' };

export function checkParam(raw: string, range: ParamRangeView): ParamCheck {
  const trimmed = raw.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, reason: 'notANumber' };
  if (range.integer && !Number.isInteger(value)) return { ok: false, reason: 'notAnInteger' };
  const aboveMin = range.minExclusive ? value > range.min : value >= range.min;
  const belowMax = range.maxExclusive ? value < range.max : value <= range.max;
  if (!aboveMin || !belowMax) return { ok: false, reason: 'outOfRange' };
  return { ok: true, value };
}

/** The range in interval notation, e.g. `(0, 2]` or `[1, 8192]`: symbols, not words, so nothing to localise. */
export function describeRange(range: ParamRangeView): string {
  return `${range.minExclusive ? '(' : '['}${range.min}, ${range.max}${range.maxExclusive ? ')' : ']'}`;
}
