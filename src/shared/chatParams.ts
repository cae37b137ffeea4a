// The chat parameters: their names, the spec's ranges (section 8), steps and per-model defaults (section 4.1), and
// the checks against them. The one definition behind the request builder's schema (core/chat/chatRequest.ts), the
// host's check of a parameter change, the chat view's parameter panel and the ranges README.md and
// service/README.md document (unit tests compare them). Plain data and functions: the webview imports them too.
import type { ChatParams } from './protocolSchemas';

export type { ChatParams } from './protocolSchemas';
export type ChatParamName = keyof ChatParams;

export interface ChatParamBounds {
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
  readonly integer: boolean;
  /** Decimals the spec writes the bounds with: `[0.01, 1.00]`, `(0.0, 1.0)`, `[1, 8192]`. */
  readonly decimals: number;
}

export interface ChatParamSpec extends ChatParamBounds {
  /** The field's name on the wire. */
  readonly wireName: 'temperature' | 'top_p' | 'max_tokens' | 'repetition_penalty';
  readonly step: number;
  /** The service's default per model; a model without one does not take the parameter. */
  readonly defaults: { readonly language?: number; readonly vision?: number };
}

export const chatParamSpecs: Readonly<Record<ChatParamName, ChatParamSpec>> = {
  temperature: {
    wireName: 'temperature',
    min: 0.01,
    max: 1,
    minExclusive: false,
    maxExclusive: false,
    integer: false,
    step: 0.01,
    decimals: 2,
    defaults: { language: 0.8, vision: 1 },
  },
  topP: {
    wireName: 'top_p',
    min: 0,
    max: 1,
    minExclusive: true,
    maxExclusive: true,
    integer: false,
    step: 0.1,
    decimals: 1,
    defaults: { language: 0.9, vision: 0.9 },
  },
  maxTokens: {
    wireName: 'max_tokens',
    min: 1,
    max: 8192,
    minExclusive: false,
    maxExclusive: false,
    integer: true,
    step: 1,
    decimals: 0,
    defaults: { language: 3000 },
  },
  repetitionPenalty: {
    wireName: 'repetition_penalty',
    min: 1,
    max: 2,
    minExclusive: true,
    maxExclusive: true,
    integer: false,
    step: 0.1,
    decimals: 1,
    defaults: { vision: 1 },
  },
};

/** A parameter as one model takes it: its bounds, step, wire name and that model's default. */
export interface ParamRangeView extends ChatParamBounds {
  readonly wireName: ChatParamSpec['wireName'];
  readonly step: number;
  readonly defaultValue: number;
}

/** The parameters a model takes (the language model: temperature, top_p, max_tokens; the vision model: temperature, top_p, repetition_penalty). */
export function paramRangesFor(vision: boolean): Partial<Record<ChatParamName, ParamRangeView>> {
  const ranges: Partial<Record<ChatParamName, ParamRangeView>> = {};
  for (const [name, spec] of Object.entries(chatParamSpecs) as [ChatParamName, ChatParamSpec][]) {
    const defaultValue = vision ? spec.defaults.vision : spec.defaults.language;
    if (defaultValue === undefined) continue;
    const { wireName, min, max, minExclusive, maxExclusive, integer, decimals, step } = spec;
    ranges[name] = { wireName, min, max, minExclusive, maxExclusive, integer, decimals, step, defaultValue };
  }
  return ranges;
}

/** The range as the spec writes it: `[0.01, 1.00]`, `(0.0, 1.0)`, `[1, 8192]` (symbols, nothing to translate). */
export function rangeText(bounds: ChatParamBounds): string {
  return `${bounds.minExclusive ? '(' : '['}${bounds.min.toFixed(bounds.decimals)}, ${bounds.max.toFixed(bounds.decimals)}${bounds.maxExclusive ? ')' : ']'}`;
}

export type ParamProblem = 'notANumber' | 'notAnInteger' | 'outOfRange';

/** Why a value does not fit the bounds, or undefined when it does. */
export function paramProblem(bounds: ChatParamBounds, value: number): ParamProblem | undefined {
  if (!Number.isFinite(value)) return 'notANumber';
  if (bounds.integer && !Number.isInteger(value)) return 'notAnInteger';
  const aboveMin = bounds.minExclusive ? value > bounds.min : value >= bounds.min;
  const belowMax = bounds.maxExclusive ? value < bounds.max : value <= bounds.max;
  return aboveMin && belowMax ? undefined : 'outOfRange';
}

/** A value as typed into a field: blank or not a number is `notANumber`. */
export function parseParamInput(
  raw: string,
  bounds: ChatParamBounds,
): { readonly ok: true; readonly value: number } | { readonly ok: false; readonly reason: ParamProblem } {
  const trimmed = raw.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  const problem = paramProblem(bounds, value);
  return problem === undefined ? { ok: true, value } : { ok: false, reason: problem };
}
