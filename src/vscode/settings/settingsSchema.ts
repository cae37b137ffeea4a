// The `maas.*` settings as zod schemas (docs/style.md rule 9): settings are a trust boundary, the user can type
// anything into settings.json. Free of the VS Code API so the unit tests cover it.
import * as z from 'zod';

/** The section every setting of the extension is under (`maas.…`). */
export const SETTINGS_SECTION = 'maas';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), { message: 'url' })
  .transform((value) => value.replace(/\/+$/, ''));

const modelCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'modelCode');
const integer = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

const extraModel = z.union([
  modelCode.transform((code) => ({ code, vision: false })),
  z.object({ code: modelCode, vision: z.boolean().default(false) }).strict(),
]);

export type SettingsProblemKind = 'url' | 'modelCode' | 'type' | 'range' | 'tooLong' | 'modelList' | 'choice' | 'knowledgeBases';

/** A setting: its name in settings.json, its schema (with the default), and what a refused value is called. */
interface Field {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly otherwise: SettingsProblemKind;
}

const fields = {
  baseUrl: { name: 'maas.baseUrl', schema: httpUrl.default(''), otherwise: 'url' },
  altBaseUrl: { name: 'maas.altBaseUrl', schema: httpUrl.default(''), otherwise: 'url' },
  consoleUrl: { name: 'maas.consoleUrl', schema: httpUrl.default(''), otherwise: 'url' },
  chatModel: { name: 'maas.models.chat', schema: modelCode.default('svc_llm'), otherwise: 'modelCode' },
  visionModel: { name: 'maas.models.vision', schema: modelCode.default('svc_vl'), otherwise: 'modelCode' },
  extraModels: { name: 'maas.models.extra', schema: z.array(extraModel).max(20).default([]), otherwise: 'modelList' },
  persona: { name: 'maas.chat.persona', schema: z.string().max(20_000).default(''), otherwise: 'tooLong' },
  historyMaxTurns: { name: 'maas.chat.history.maxTurns', schema: integer(1, 200, 20), otherwise: 'range' },
  historyMaxCharacters: { name: 'maas.chat.history.maxCharacters', schema: integer(1_000, 2_000_000, 32_000), otherwise: 'range' },
  fontSize: { name: 'maas.chat.fontSize', schema: integer(8, 32, 13), otherwise: 'range' },
  imageMaxBytes: { name: 'maas.images.maxBytes', schema: integer(65_536, 20_971_520, 5_242_880), otherwise: 'range' },
  imagesWithTextModel: {
    name: 'maas.images.withTextModel',
    schema: z.enum(['describe', 'visionModel', 'refuse']).default('describe'),
    otherwise: 'choice',
  },
  nativeChatEnabled: { name: 'maas.nativeChat.enabled', schema: z.boolean().default(true), otherwise: 'type' },
  lmMaxInputTokens: { name: 'maas.nativeChat.maxInputTokens', schema: integer(1_024, 1_048_576, 32_768), otherwise: 'range' },
  lmMaxOutputTokens: { name: 'maas.nativeChat.maxOutputTokens', schema: integer(1, 8_192, 8_192), otherwise: 'range' },
} as const satisfies Record<string, Field>;

type Fields = typeof fields;
export type SettingKey = keyof Fields;
type Parsed<F extends Record<string, Field>> = { -readonly [K in keyof F]: z.output<F[K]['schema']> };
export type Settings = Parsed<Fields>;

export interface SettingsProblem {
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly setting: string;
  readonly kind: SettingsProblemKind;
  /** The value found, for the message (settings never hold secrets). */
  readonly value: string;
}

function namesOf<F extends Record<string, Field>>(table: F): Readonly<Record<keyof F, string>> {
  return Object.fromEntries(Object.entries(table).map(([key, field]) => [key, field.name])) as Record<keyof F, string>;
}

export const settingNames = namesOf(fields);

/** What a refused value is called: the field's own kind, unless the value is plainly of the wrong type. */
function problemKind(field: Field, raw: unknown, issue: z.core.$ZodIssue | undefined): SettingsProblemKind {
  if (field.otherwise === 'modelList' || field.otherwise === 'knowledgeBases' || issue?.code !== 'invalid_type') return field.otherwise;
  // A number that is not whole is out of range (zod calls it a type issue); a string outside an enum is a bad choice.
  if (typeof raw === 'number' && field.otherwise === 'range') return 'range';
  if (typeof raw === 'string' && field.otherwise === 'choice') return 'choice';
  return 'type';
}

/**
 * Parses raw setting values field by field: an invalid field falls back to its default and is reported, so one
 * bad value never hides the others.
 */
function parseTable<F extends Record<string, Field>>(table: F, raw: Partial<Record<keyof F, unknown>>): { settings: Parsed<F>; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings = {} as Record<keyof F, unknown>;
  for (const [key, field] of Object.entries(table) as [keyof F, Field][]) {
    const result = field.schema.safeParse(raw[key]);
    if (result.success) {
      settings[key] = result.data;
      continue;
    }
    settings[key] = field.schema.parse(undefined);
    problems.push({ setting: field.name, kind: problemKind(field, raw[key], result.error.issues[0]), value: JSON.stringify(raw[key]) ?? 'undefined' });
  }
  return { settings: settings as Parsed<F>, problems };
}

/** An address setting's value as the schema takes it: the address without trailing slashes, or '' when not usable. */
export function parseAddress(raw: unknown): string {
  const parsed = httpUrl.safeParse(raw);
  return parsed.success ? parsed.data : '';
}

export function parseSettings(raw: Partial<Record<SettingKey, unknown>>): { settings: Settings; problems: SettingsProblem[] } {
  return parseTable(fields, raw);
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
    schema: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .optional()
      .transform((value) => value ?? undefined),
    otherwise: 'range',
  },
  speechVoice: { name: 'maas.speech.voice', schema: z.string().trim().max(64).default(''), otherwise: 'tooLong' },
  speechFormat: { name: 'maas.speech.format', schema: z.enum(['wav', 'mp3']).default('wav'), otherwise: 'choice' },
  speechSampleRate: {
    name: 'maas.speech.sampleRate',
    schema: z.union([z.literal(8000), z.literal(16000), z.literal(24000)]).default(16000),
    otherwise: 'choice',
  },
  speechVolume: { name: 'maas.speech.volume', schema: integer(0, 100, 50), otherwise: 'range' },
  speechSpeed: { name: 'maas.speech.speed', schema: integer(-500, 500, 0), otherwise: 'range' },
  speechPitch: { name: 'maas.speech.pitch', schema: integer(-500, 500, 0), otherwise: 'range' },
  speechLongTextThreshold: { name: 'maas.speech.longTextThreshold', schema: integer(50, 100_000, 300), otherwise: 'range' },
  speechErrorCodes: { name: 'maas.speech.errorCodes', schema: z.enum(['spec', 'localService']).default('spec'), otherwise: 'choice' },
} as const satisfies Record<string, Field>;

type FeatureFields = typeof featureFields;
export type FeatureSettingKey = keyof FeatureFields;
export type FeatureSettings = Parsed<FeatureFields>;
export type KnowledgeBaseSetting = FeatureSettings['knowledgeBases'][number];

export const featureSettingNames = namesOf(featureFields);

/** Every setting's schema by its name in settings.json (a test compares each with its declaration in package.json). */
export const settingSchemas: ReadonlyMap<string, z.ZodType> = new Map(
  Object.values({ ...fields, ...featureFields }).map((field) => [field.name, field.schema]),
);

export function parseFeatureSettings(raw: Partial<Record<FeatureSettingKey, unknown>>): { settings: FeatureSettings; problems: SettingsProblem[] } {
  return parseTable(featureFields, raw);
}
