// The ranges of docs/service.md section 8 for the chat parameters, and what the service does with a value outside
// them: `reject` (400, the default: docs/wire.md says the service rejects), `clamp` (to the nearest accepted value) or
// `accept` (used as sent). Some callers are seen sending out-of-range values and getting answers, hence the switch.
export const RANGE_MODES = ['reject', 'clamp', 'accept'] as const;
export type RangeMode = (typeof RANGE_MODES)[number];

export const RANGED_FIELDS = ['temperature', 'top_p', 'max_tokens', 'repetition_penalty'] as const;
export type RangedField = (typeof RANGED_FIELDS)[number];

export interface ParameterRange {
  readonly label: string;
  /** Whether a value is inside the range. */
  readonly accepts: (value: number) => boolean;
  /** The nearest accepted value (the open ends are approached by the documented step). */
  readonly clamp: (value: number) => number;
}

function closedRange(low: number, high: number, label: string): ParameterRange {
  return { label, accepts: (v) => v >= low && v <= high, clamp: (v) => Math.min(high, Math.max(low, v)) };
}

/** `acceptDefaultRepetitionPenalty`: the spec's range for repetition_penalty is open (1.0, 2.0) yet its default is 1.0. */
export function parameterRanges(acceptDefaultRepetitionPenalty: boolean): Record<RangedField, ParameterRange> {
  const penaltyLow = acceptDefaultRepetitionPenalty ? 1 : 1.01;
  return {
    temperature: closedRange(0.01, 1, '[0.01, 1.00]'),
    // Open ends: the inside values nearest to 0 and 1 at the step of temperature (0.01).
    top_p: { ...closedRange(0.01, 0.99, '(0.0, 1.0)'), accepts: (v) => v > 0 && v < 1 },
    max_tokens: closedRange(1, 8192, '[1, 8192]'),
    repetition_penalty: { ...closedRange(penaltyLow, 1.99, '(1.0, 2.0)'), accepts: (v) => (acceptDefaultRepetitionPenalty ? v >= 1 : v > 1) && v < 2 },
  };
}
