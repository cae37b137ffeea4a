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

export type SettingsProblemKind = 'url' | 'modelCode' | 'type' | 'range' | 'tooLong' | 'modelList' | 'choice' | 'knowledgeBases';

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

// The settings of the knowledge-base, image and speech commands. They are parsed apart from `fields` so that the
// base settings keep their exact shape; SettingsReader exposes them as `features`.
const knowledgeBase = z.object({ id: z.number().int().positive(), name: z.string().trim().min(1).max(100) }).strict();

const featureFields = {
  knowledgeBases: { name: 'maas.knowledgeBases', schema: z.array(knowledgeBase).max(50).default([]), otherwise: 'knowledgeBases' },
  knowledgeChatMode: { name: 'maas.knowledge.chatMode', schema: z.enum(['divergent', 'strict']).default('divergent'), otherwise: 'choice' },
  knowledgeRemoveCornerMark: { name: 'maas.knowledge.removeCornerMark', schema: z.boolean().default(false), otherwise: 'type' },
  knowledgeTipsText: { name: 'maas.knowledge.tipsText', schema: z.string().max(2000).default(''), otherwise: 'tooLong' },
  knowledgeBackupChat: { name: 'maas.knowledge.backupChat', schema: z.boolean().default(true), otherwise: 'type' },
  knowledgeTextThreshold: {
    name: 'maas.knowledge.textThreshold',
    schema: z.number().min(0).max(1).nullable().optional().transform((value) => value ?? undefined),
    otherwise: 'range',
  },
  speechVoice: { name: 'maas.speech.voice', schema: z.string().trim().max(64).default(''), otherwise: 'tooLong' },
  speechFormat: { name: 'maas.speech.format', schema: z.enum(['wav', 'mp3']).default('wav'), otherwise: 'choice' },
  speechSampleRate: { name: 'maas.speech.sampleRate', schema: z.union([z.literal(8000), z.literal(16000), z.literal(24000)]).default(16000), otherwise: 'choice' },
  speechVolume: { name: 'maas.speech.volume', schema: integer(0, 100, 50), otherwise: 'range' },
  speechSpeed: { name: 'maas.speech.speed', schema: integer(-500, 500, 0), otherwise: 'range' },
  speechPitch: { name: 'maas.speech.pitch', schema: integer(-500, 500, 0), otherwise: 'range' },
  speechLongTextThreshold: { name: 'maas.speech.longTextThreshold', schema: integer(50, 100_000, 300), otherwise: 'range' },
} as const satisfies Record<string, { name: string; schema: z.ZodType; otherwise: SettingsProblemKind }>;

type FeatureFields = typeof featureFields;
export type FeatureSettingKey = keyof FeatureFields;
export type FeatureSettings = { -readonly [K in FeatureSettingKey]: z.output<FeatureFields[K]['schema']> };
export type KnowledgeBaseSetting = FeatureSettings['knowledgeBases'][number];

export const featureSettingNames: Readonly<Record<FeatureSettingKey, string>> = Object.fromEntries(
  Object.entries(featureFields).map(([key, field]) => [key, field.name]),
) as Record<FeatureSettingKey, string>;

/** As parseSettings, for the feature settings: an invalid value falls back to its default and is reported. */
export function parseFeatureSettings(raw: Partial<Record<FeatureSettingKey, unknown>>): { settings: FeatureSettings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings = {} as Record<FeatureSettingKey, unknown>;
  for (const key of Object.keys(featureFields) as FeatureSettingKey[]) {
    const field = featureFields[key];
    const schema: z.ZodType = field.schema;
    const result = schema.safeParse(raw[key]);
    if (result.success) {
      settings[key] = result.data;
      continue;
    }
    settings[key] = schema.parse(undefined);
    const issue = result.error.issues[0];
    // A number that is not whole is out of range (zod calls it a type issue); a wrong enum string is a bad choice.
    const wrongType =
      issue?.code === 'invalid_type' &&
      field.otherwise !== 'knowledgeBases' &&
      !(typeof raw[key] === 'number' && field.otherwise === 'range') &&
      !(typeof raw[key] === 'string' && field.otherwise === 'choice');
    problems.push({ setting: field.name, kind: wrongType ? 'type' : field.otherwise, value: JSON.stringify(raw[key]) ?? 'undefined' });
  }
  return { settings: settings as FeatureSettings, problems };
}
