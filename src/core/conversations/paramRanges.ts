// The chat parameters' ranges (spec section 8) and per-model defaults (section 4.1), for pickers and for the
// check before sending. The language model takes temperature, top_p and max_tokens; the vision model
// temperature, top_p and repetition_penalty.
import type { ChatParamName, ParamRangeView } from '../../shared/protocol';

export type ParamName = ChatParamName;

/** The range the chat view shows, plus the field's name on the wire for messages. */
export interface ParamRange extends ParamRangeView {
  readonly wireName: string;
}

const temperature = (defaultValue: number): ParamRange => ({
  min: 0.01, max: 1, minExclusive: false, maxExclusive: false, step: 0.01, defaultValue, integer: false, wireName: 'temperature',
});
const topP: ParamRange = { min: 0, max: 1, minExclusive: true, maxExclusive: true, step: 0.1, defaultValue: 0.9, integer: false, wireName: 'top_p' };
const maxTokens: ParamRange = { min: 1, max: 8192, minExclusive: false, maxExclusive: false, step: 1, defaultValue: 3000, integer: true, wireName: 'max_tokens' };
const repetitionPenalty: ParamRange = {
  min: 1, max: 2, minExclusive: true, maxExclusive: true, step: 0.1, defaultValue: 1, integer: false, wireName: 'repetition_penalty',
};

export function paramRangesFor(vision: boolean): Partial<Record<ParamName, ParamRange>> {
  return vision ? { temperature: temperature(1), topP, repetitionPenalty } : { temperature: temperature(0.8), topP, maxTokens };
}

/** `[0.01, 1]`, `(0, 1)`: the range as the spec writes it. */
export function rangeText(range: ParamRange): string {
  return `${range.minExclusive ? '(' : '['}${range.min}, ${range.max}${range.maxExclusive ? ')' : ']'}`;
}

/** Undefined when the value fits the range; otherwise why not, naming the field, the value and the range. */
export function checkParam(range: ParamRange, value: number): string | undefined {
  const below = range.minExclusive ? value <= range.min : value < range.min;
  const above = range.maxExclusive ? value >= range.max : value > range.max;
  if (!Number.isFinite(value) || below || above || (range.integer && !Number.isInteger(value))) {
    return `${range.wireName} ${value} is outside ${rangeText(range)}${range.integer ? ' (a whole number)' : ''}`;
  }
  return undefined;
}
