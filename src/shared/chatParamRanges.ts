// The chat parameters' ranges (spec section 8), steps and per-model defaults (section 4.1): the one definition
// behind the request builder's schema (core/chatRequest.ts), the checks of the chat's parameter panel
// (core/conversations/paramRanges.ts, and through the snapshot the view's inputs), and the ranges README.md and
// service/README.md document (a unit test compares them). Plain data: the webview may import its types.

/** The parameters' names in the chat's own types (ChatParams in protocol.ts). */
export type ChatParamKey = 'temperature' | 'topP' | 'maxTokens' | 'repetitionPenalty';

export interface ChatParamSpec {
  /** The field's name on the wire. */
  readonly wireName: 'temperature' | 'top_p' | 'max_tokens' | 'repetition_penalty';
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
  readonly integer: boolean;
  readonly step: number;
  /** Decimals the spec writes the bounds with: `[0.01, 1.00]`, `(0.0, 1.0)`, `[1, 8192]`. */
  readonly decimals: number;
  /** The service's default per model; a model without one does not take the parameter. */
  readonly defaults: { readonly language?: number; readonly vision?: number };
}

export const chatParamSpecs: Readonly<Record<ChatParamKey, ChatParamSpec>> = {
  temperature: { wireName: 'temperature', min: 0.01, max: 1, minExclusive: false, maxExclusive: false, integer: false, step: 0.01, decimals: 2, defaults: { language: 0.8, vision: 1 } },
  topP: { wireName: 'top_p', min: 0, max: 1, minExclusive: true, maxExclusive: true, integer: false, step: 0.1, decimals: 1, defaults: { language: 0.9, vision: 0.9 } },
  maxTokens: { wireName: 'max_tokens', min: 1, max: 8192, minExclusive: false, maxExclusive: false, integer: true, step: 1, decimals: 0, defaults: { language: 3000 } },
  repetitionPenalty: { wireName: 'repetition_penalty', min: 1, max: 2, minExclusive: true, maxExclusive: true, integer: false, step: 0.1, decimals: 1, defaults: { vision: 1 } },
};

/** The range as the spec writes it: `[0.01, 1.00]`, `(0.0, 1.0)`, `[1, 8192]`. */
export function specRangeText(spec: ChatParamSpec): string {
  return `${spec.minExclusive ? '(' : '['}${spec.min.toFixed(spec.decimals)}, ${spec.max.toFixed(spec.decimals)}${spec.maxExclusive ? ')' : ']'}`;
}

/** Whether a value is inside the range (and whole, where it must be). */
export function inSpecRange(spec: Pick<ChatParamSpec, 'min' | 'max' | 'minExclusive' | 'maxExclusive' | 'integer'>, value: number): boolean {
  if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value))) return false;
  const aboveMin = spec.minExclusive ? value > spec.min : value >= spec.min;
  const belowMax = spec.maxExclusive ? value < spec.max : value <= spec.max;
  return aboveMin && belowMax;
}
