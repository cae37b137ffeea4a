// The chat parameters each model takes, with their ranges and defaults, for the parameter panel and for the check
// before a change is accepted. The numbers come from src/shared/chatParamRanges.ts (the one definition). The
// language model takes temperature, top_p and max_tokens; the vision model temperature, top_p and repetition_penalty.
import { chatParamSpecs, inSpecRange, specRangeText } from '../../shared/chatParamRanges';
import type { ChatParamName, ParamRangeView } from '../../shared/protocol';

export type ParamName = ChatParamName;

/** The range the chat view shows, plus the field's name on the wire for messages. */
export interface ParamRange extends ParamRangeView {
  readonly wireName: string;
}

export function paramRangesFor(vision: boolean): Partial<Record<ParamName, ParamRange>> {
  const ranges: Partial<Record<ParamName, ParamRange>> = {};
  for (const [name, spec] of Object.entries(chatParamSpecs) as [ParamName, (typeof chatParamSpecs)[ParamName]][]) {
    const defaultValue = vision ? spec.defaults.vision : spec.defaults.language;
    if (defaultValue === undefined) continue;
    const { min, max, minExclusive, maxExclusive, step, integer, wireName } = spec;
    ranges[name] = { min, max, minExclusive, maxExclusive, step, integer, wireName, defaultValue };
  }
  return ranges;
}

/** `[0.01, 1.00]`, `(0.0, 1.0)`: the range as the spec writes it. */
export function rangeText(range: ParamRange): string {
  const spec = Object.values(chatParamSpecs).find((s) => s.wireName === range.wireName);
  return spec === undefined ? `${range.minExclusive ? '(' : '['}${range.min}, ${range.max}${range.maxExclusive ? ')' : ']'}` : specRangeText(spec);
}

/** Undefined when the value fits the range; otherwise why not, naming the field, the value and the range. */
export function checkParam(range: ParamRange, value: number): string | undefined {
  if (!inSpecRange(range, value)) {
    return `${range.wireName} ${value} is outside ${rangeText(range)}${range.integer ? ' (a whole number)' : ''}`;
  }
  return undefined;
}
