// The `maas.*` settings as zod schemas (style.md rule 9): settings are a trust boundary, the user can type
// anything into settings.json. Free of the VS Code API so the unit tests cover it.
import * as z from 'zod';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), { message: 'url' })
  .transform((value) => value.replace(/\/+$/, ''));

const modelCode = z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'modelCode');
const integer = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

const extraModel = z.union([
  modelCode.transform((code) => ({ code, vision: false })),
  z.object({ code: modelCode, vision: z.boolean().default(false) }).strict(),
]);

/** Each setting: its schema (with the default) and its name in settings.json. */
const fields = {
  baseUrl: { name: 'maas.baseUrl', schema: httpUrl.default('') },
  altBaseUrl: { name: 'maas.altBaseUrl', schema: httpUrl.default('') },
  consoleUrl: { name: 'maas.consoleUrl', schema: httpUrl.default('') },
  chatModel: { name: 'maas.models.chat', schema: modelCode.default('svc_llm') },
  visionModel: { name: 'maas.models.vision', schema: modelCode.default('svc_vl') },
  extraModels: { name: 'maas.models.extra', schema: z.array(extraModel).max(20).default([]) },
  persona: { name: 'maas.chat.persona', schema: z.string().max(20_000).default('') },
  historyMaxTurns: { name: 'maas.chat.history.maxTurns', schema: integer(1, 200, 20) },
  historyMaxCharacters: { name: 'maas.chat.history.maxCharacters', schema: integer(1_000, 2_000_000, 32_000) },
  fontSize: { name: 'maas.chat.fontSize', schema: integer(8, 32, 13) },
  imageMaxBytes: { name: 'maas.images.maxBytes', schema: integer(65_536, 20_971_520, 5_242_880) },
} as const;

type Fields = typeof fields;
export type SettingKey = keyof Fields;
export type Settings = { -readonly [K in SettingKey]: z.output<Fields[K]['schema']> };

export const settingNames: Readonly<Record<SettingKey, string>> = Object.fromEntries(
  Object.entries(fields).map(([key, field]) => [key, field.name]),
) as Record<SettingKey, string>;

export type SettingsProblemKind = 'url' | 'modelCode' | 'type' | 'range' | 'tooLong' | 'modelList';

export interface SettingsProblem {
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly setting: string;
  readonly kind: SettingsProblemKind;
  /** The value found, for the message (settings never hold secrets). */
  readonly value: string;
}

function problemKind(key: SettingKey, raw: unknown, issue: z.core.$ZodIssue | undefined): SettingsProblemKind {
  if (key === 'extraModels') return 'modelList';
  // A number where a number belongs but out of bounds or not whole: a range problem, whatever zod calls it.
  if (typeof raw === 'number' && typeof fields[key].schema.parse(undefined) === 'number') return 'range';
  if (issue?.code === 'invalid_type') return 'type';
  if (issue?.code === 'too_big' && typeof raw === 'string') return 'tooLong';
  return key === 'chatModel' || key === 'visionModel' ? 'modelCode' : 'url';
}

/**
 * Parses raw setting values field by field: an invalid field falls back to its default and is reported, so one
 * bad value never hides the others.
 */
export function parseSettings(raw: Partial<Record<SettingKey, unknown>>): { settings: Settings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings = {} as Record<SettingKey, unknown>;
  for (const key of Object.keys(fields) as SettingKey[]) {
    const schema: z.ZodType = fields[key].schema;
    const result = schema.safeParse(raw[key]);
    if (result.success) {
      settings[key] = result.data;
    } else {
      settings[key] = schema.parse(undefined);
      problems.push({ setting: fields[key].name, kind: problemKind(key, raw[key], result.error.issues[0]), value: JSON.stringify(raw[key]) ?? 'undefined' });
    }
  }
  return { settings: settings as Settings, problems };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
