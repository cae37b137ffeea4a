// The chat parameters, one table: each one's key in a conversation's parameters, its name on the wire, its range as
// the spec writes it (section 8; the decimals written are the step), and its default for each model family that
// takes it (section 4.1). The conversation's
// parameter schema (protocolSchemas.ts), the request builder's schema and wire body (core/chat/chatRequest.ts), the
// host's check of a change, the chat view's parameter panel and the ranges docs/settings.md states (`npm run generate`)
// are made from it, so a parameter is added here and in the Chinese bundle (l10n/bundle.l10n.zh-cn.json: its label's
// translation, which test/unit/project/l10n.test.ts asks for). Plain data and functions: the webview imports them.
import type { ModelFamilyName } from './modelFamilies';

/** What translates a label: the webview's @vscode/l10n, given the host's bundle. */
export interface Translator {
  t(message: string): string;
}

export interface ChatParamBounds {
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
  readonly integer: boolean;
  /** Decimals the spec writes the bounds with: `[0.01, 1.00]`, `(0.0, 1.0)`, `[1, 8192]`. */
  readonly decimals: number;
}

/** A range as the spec writes it: `[` `]` include a bound, `(` `)` exclude it, and the decimals are the step's. */
export type RangeNotation = `${'[' | '('}${number}, ${number}${']' | ')'}`;

/** A parameter as the table declares it. */
export interface ChatParamRow {
  /** The field's name on the wire, as the spec and the docs name it. */
  readonly wireName: string;
  /** The panel's label of its field, in the UI language; a literal `l10n.t('…')` so the l10n test finds its Chinese. */
  readonly label: (l10n: Translator) => string;
  /**
   * Its range as the spec writes it (section 8): `[0.01, 1.00]` takes hundredths from 0.01 to 1 inclusive,
   * `(0.0, 1.0)` tenths strictly between, `[1, 8192]` whole numbers.
   */
  readonly range: RangeNotation;
  /** The service's default for each family that takes the parameter; a family without one does not take it. */
  readonly defaults: { readonly [F in ModelFamilyName]?: number };
}

/** A parameter with its range read: the bounds, and the panel's step (one unit of the last decimal written). */
export interface ChatParamSpec extends ChatParamBounds, Omit<ChatParamRow, 'range'> {
  readonly step: number;
}

export const chatParamSpecs = {
  temperature: {
    wireName: 'temperature',
    label: (l10n) => l10n.t('Temperature'),
    range: '[0.01, 1.00]',
    defaults: { language: 0.8, vision: 1 },
  },
  topP: {
    wireName: 'top_p',
    label: (l10n) => l10n.t('Top P'),
    range: '(0.0, 1.0)',
    defaults: { language: 0.9, vision: 0.9 },
  },
  maxTokens: {
    wireName: 'max_tokens',
    label: (l10n) => l10n.t('Max tokens'),
    range: '[1, 8192]',
    defaults: { language: 3000 },
  },
  repetitionPenalty: {
    wireName: 'repetition_penalty',
    label: (l10n) => l10n.t('Repetition penalty'),
    range: '(1.0, 2.0)',
    defaults: { vision: 1 },
  },
} as const satisfies Record<string, ChatParamRow>;

/** The bounds a range written as the spec writes it states; a malformed one is a programming error. */
export function readRange(range: string): ChatParamBounds {
  const match = /^([[(])(-?\d+(?:\.(\d+))?), (-?\d+(?:\.(\d+))?)([\])])$/.exec(range);
  const [, open, min, minDecimals = '', max, maxDecimals = '', close] = match ?? [];
  if (match === null || minDecimals.length !== maxDecimals.length) throw new Error(`Not a range as the spec writes one: ${range}`);
  return {
    min: Number(min),
    max: Number(max),
    minExclusive: open === '(',
    maxExclusive: close === ')',
    integer: minDecimals.length === 0,
    decimals: minDecimals.length,
  };
}

export type ChatParamName = keyof typeof chatParamSpecs;
export type ChatParamWireName = (typeof chatParamSpecs)[ChatParamName]['wireName'];
/** The parameters a conversation sets; one not set is not sent, so the service applies its default. */
export type ChatParams = { readonly [K in ChatParamName]?: number };
/** The parameters as the request carries them. */
export type WireParams = { readonly [K in ChatParamWireName]?: number };

/** The parameters, in the table's order (the panel's order). */
export function chatParamNames(): ChatParamName[] {
  return Object.keys(chatParamSpecs) as ChatParamName[];
}

/** A parameter's definition with its range read, as the functions below take it. */
export function chatParamSpec(name: ChatParamName): ChatParamSpec {
  const { range, ...row }: ChatParamRow = chatParamSpecs[name];
  const bounds = readRange(range);
  return { ...row, ...bounds, step: 10 ** -bounds.decimals };
}

/** The parameters set, by their names on the wire. */
export function wireParams(params: ChatParams): WireParams {
  const wire: Partial<Record<string, number>> = {};
  for (const name of chatParamNames()) {
    const value = params[name];
    if (value !== undefined) wire[chatParamSpec(name).wireName] = value;
  }
  return wire as WireParams;
}

/** A parameter as one model takes it: its bounds, step, wire name and that model's default. */
export interface ParamRangeView extends ChatParamBounds {
  readonly wireName: string;
  readonly step: number;
  readonly defaultValue: number;
}

/** The parameters a model of `family` takes, with that family's defaults. */
export function paramRangesFor(family: ModelFamilyName): Partial<Record<ChatParamName, ParamRangeView>> {
  const ranges: Partial<Record<ChatParamName, ParamRangeView>> = {};
  for (const name of chatParamNames()) {
    const spec = chatParamSpec(name);
    const defaultValue = spec.defaults[family];
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
