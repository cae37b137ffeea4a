// The kinds of setting the extension has (an address, a model code, a whole number in a range, a choice …). Each
// builder makes, from one set of arguments, both the zod schema the extension parses the user's value with (settings
// are a trust boundary: docs/style.md rule 9) and the JSON schema package.json declares for VS Code's Settings editor
// and settings.json validation, so the range, the default and the choices are written once. Free of the VS Code API:
// the unit tests and scripts/generateManifest.ts import it.
import * as z from 'zod';
import { MAX_KNOWLEDGE_BASE_NAME_CHARS } from '../../core/knowledge/knowledgeToolInput';
import { isModelFamily, type ModelFamilyName } from '../../shared/modelFamilies';

export type SettingsProblemKind = 'url' | 'modelCode' | 'type' | 'range' | 'tooLong' | 'modelList' | 'choice' | 'knowledgeBases';

/** A JSON value, as package.json holds it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** A setting's JSON schema in package.json, without its description, order and scope (settingsDeclaration.ts adds them). */
export type ManifestSchema = { readonly type: string | readonly string[]; readonly default: Json } & { readonly [keyword: string]: Json };

export interface SettingKind<S extends z.ZodType = z.ZodType> {
  /** Parses the value the user wrote; the default stands for a missing value. */
  readonly schema: S;
  readonly manifest: ManifestSchema;
  /** What a refused value is called in the warning. */
  readonly otherwise: SettingsProblemKind;
}

/** `%key%`: a text of package.nls.json (and its translations). */
const nls = (key: string): string => `%${key}%`;

/** An http(s) address without query, fragment or credentials, as VS Code's Settings editor checks it as you type. */
const ADDRESS_PATTERN = '^$|^https?://[^\\s/?#]+(:[0-9]{1,5})?(/[^\\s?#]*)?$';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), { message: 'url' })
  .transform((value) => value.replace(/\/+$/, ''));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** An address setting's value as the schema takes it: the address without trailing slashes, or '' when not usable. */
export function parseAddress(raw: unknown): string {
  const parsed = httpUrl.safeParse(raw);
  return parsed.success ? parsed.data : '';
}

/** The address of a service or page; '' when not set. */
export function address(): SettingKind<z.ZodDefault<typeof httpUrl>> {
  return {
    schema: httpUrl.default(''),
    manifest: { type: 'string', default: '', format: 'uri', pattern: ADDRESS_PATTERN, patternErrorMessage: nls('configuration.baseUrl.patternError') },
    otherwise: 'url',
  };
}

const MODEL_CODE_CHARACTER = '[A-Za-z0-9_.:-]';
const MODEL_CODE_MAX = 64;
const modelCodeRegex = new RegExp(`^${MODEL_CODE_CHARACTER}+$`);
const modelCodeSchema = z.string().trim().min(1).max(MODEL_CODE_MAX).regex(modelCodeRegex, 'modelCode');
/** A model code as one pattern: the form the items of a model list declare. */
const modelCodePattern = `^${MODEL_CODE_CHARACTER}{1,${MODEL_CODE_MAX}}$`;

/** The service's code of a model, `svc_llm`. */
export function modelCode(fallback: string): SettingKind<z.ZodDefault<typeof modelCodeSchema>> {
  return {
    schema: modelCodeSchema.default(fallback),
    manifest: {
      type: 'string',
      default: fallback,
      minLength: 1,
      maxLength: MODEL_CODE_MAX,
      pattern: modelCodeRegex.source,
      patternErrorMessage: nls('configuration.model.patternError'),
    },
    otherwise: 'modelCode',
  };
}

const optionalModelCodeSchema = z
  .string()
  .trim()
  .max(MODEL_CODE_MAX)
  .regex(new RegExp(`^$|${modelCodeRegex.source}`), 'modelCode');

/** A model code, or '' (also when not set): another setting's model. */
export function optionalModelCode(): SettingKind<z.ZodDefault<typeof optionalModelCodeSchema>> {
  return {
    schema: optionalModelCodeSchema.default(''),
    manifest: {
      type: 'string',
      default: '',
      maxLength: MODEL_CODE_MAX,
      pattern: `^$|${modelCodeRegex.source}`,
      patternErrorMessage: nls('configuration.model.patternError'),
    },
    otherwise: 'modelCode',
  };
}

const LANGUAGE_ID = /^(\*|[A-Za-z0-9_+#.-]{1,64})$/;
const languageToggles = z.record(z.string().regex(LANGUAGE_ID), z.boolean());

/** On or off by language id (`"*"`: every other language). */
export function languageSwitches(fallback: Readonly<Record<string, boolean>>): SettingKind<z.ZodDefault<typeof languageToggles>> {
  return {
    schema: languageToggles.default({ ...fallback }),
    manifest: { type: 'object', default: { ...fallback }, additionalProperties: { type: 'boolean' }, propertyNames: { pattern: LANGUAGE_ID.source } },
    otherwise: 'type',
  };
}

const globSchema = z.string().trim().min(1).max(512);

/** Glob patterns (`**\/*.secret`), at most `maxItems`; empty when not set. */
export function globList(maxItems: number): SettingKind<z.ZodDefault<z.ZodArray<typeof globSchema>>> {
  return list(globSchema, { type: 'string', minLength: 1, maxLength: 512 }, maxItems, 'type');
}

// An entry names its family; `vision: true` (the earlier form, kept in users' settings) means the vision family and
// `vision: false` the language family. The family is checked against the table when the value is read, so the
// manifest's JSON schema stays the same whichever families are declared.
const familySchema = z.string().refine(isModelFamily, { message: 'family' });
const extraModel = z.union([
  modelCodeSchema.transform((code): { code: string; family: ModelFamilyName } => ({ code, family: 'language' })),
  z
    .object({ code: modelCodeSchema, family: familySchema.optional(), vision: z.boolean().optional() })
    .strict()
    .refine((entry) => entry.family === undefined || entry.vision === undefined, { message: 'family or vision, not both' })
    .transform(({ code, family, vision }): { code: string; family: ModelFamilyName } => ({
      code,
      family: (family as ModelFamilyName | undefined) ?? (vision === true ? 'vision' : 'language'),
    })),
]);

/** More models: each a code (a language model), or `{ code, family }` naming what it takes and does (src/shared/modelFamilies.ts). */
export function modelList(maxItems: number): SettingKind<z.ZodDefault<z.ZodArray<typeof extraModel>>> {
  const code = { type: 'string', pattern: modelCodePattern };
  const item = {
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code, family: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' }, vision: { type: 'boolean' } },
  };
  return list(extraModel, { anyOf: [code, item] }, maxItems, 'modelList');
}

const knowledgeBase = z.object({ id: z.number().int().positive(), name: z.string().trim().min(1).max(MAX_KNOWLEDGE_BASE_NAME_CHARS) }).strict();

/** Knowledge bases, each `{ id, name }`: the id the service knows it by, the name the user picks it by. */
export function knowledgeBaseList(maxItems: number): SettingKind<z.ZodDefault<z.ZodArray<typeof knowledgeBase>>> {
  const item = {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1, maxLength: MAX_KNOWLEDGE_BASE_NAME_CHARS } },
  };
  return list(knowledgeBase, item, maxItems, 'knowledgeBases');
}

/** At most `maxItems` items, each parsed by `item` and declared by `items`; empty when not set. */
function list<T extends z.ZodType>(item: T, items: Json, maxItems: number, otherwise: SettingsProblemKind): SettingKind<z.ZodDefault<z.ZodArray<T>>> {
  return { schema: z.array(item).max(maxItems).default([]), manifest: { type: 'array', default: [], maxItems, items }, otherwise };
}

interface TextOptions {
  /** Leading and trailing white space is dropped. */
  readonly trim?: boolean;
  /** The Settings editor shows a text area. */
  readonly multiline?: boolean;
}

/** Free text of at most `maxLength` characters; '' when not set. */
export function text(maxLength: number, options: TextOptions = {}): SettingKind<z.ZodDefault<z.ZodString>> {
  const schema = options.trim === true ? z.string().trim() : z.string();
  return {
    schema: schema.max(maxLength).default(''),
    manifest: { type: 'string', default: '', maxLength, ...(options.multiline === true ? { editPresentation: 'multilineText' } : {}) },
    otherwise: 'tooLong',
  };
}

/** A whole number from `minimum` to `maximum`. */
export function integer(minimum: number, maximum: number, fallback: number): SettingKind<z.ZodDefault<z.ZodNumber>> {
  return {
    schema: z.number().int().min(minimum).max(maximum).default(fallback),
    manifest: { type: 'integer', default: fallback, minimum, maximum },
    otherwise: 'range',
  };
}

/** A number from `minimum` to `maximum`, or null (also when not set): the service's own default. */
export function optionalNumber(minimum: number, maximum: number): SettingKind<z.ZodType<number | undefined, number | null | undefined>> {
  return {
    schema: z
      .number()
      .min(minimum)
      .max(maximum)
      .nullable()
      .optional()
      .transform((value) => value ?? undefined),
    manifest: { type: ['number', 'null'], default: null, minimum, maximum },
    otherwise: 'range',
  };
}

export function flag(fallback: boolean): SettingKind<z.ZodDefault<z.ZodBoolean>> {
  return { schema: z.boolean().default(fallback), manifest: { type: 'boolean', default: fallback }, otherwise: 'type' };
}

interface ChoiceDescriptions {
  /** Each choice's description is the package.nls.json text `<keysUnder>.<choice>`. */
  readonly keysUnder: string;
  /** Whether the descriptions are Markdown (`markdownEnumDescriptions`) or plain text (`enumDescriptions`). */
  readonly markdown: boolean;
}

/** The manifest's descriptions of `choices`, one for each. */
function choiceDescriptions(choices: readonly (string | number)[], descriptions: ChoiceDescriptions | undefined): { readonly [keyword: string]: Json } {
  if (descriptions === undefined) return {};
  const keyword = descriptions.markdown ? 'markdownEnumDescriptions' : 'enumDescriptions';
  return { [keyword]: choices.map((value) => nls(`${descriptions.keysUnder}.${String(value)}`)) };
}

/** One of `choices`, each with its description when `descriptions` is given. */
export function choice<const T extends readonly [string, ...string[]]>(
  choices: T,
  fallback: T[number],
  descriptions?: ChoiceDescriptions,
): SettingKind<z.ZodDefault<z.ZodEnum<{ [K in T[number]]: K }>>> {
  return {
    schema: z.enum(choices).default(fallback),
    manifest: { type: 'string', default: fallback, enum: choices, ...choiceDescriptions(choices, descriptions) },
    otherwise: 'choice',
  };
}

/** One of the whole numbers `choices`, each with its description when `descriptions` is given. */
export function integerChoice<const T extends readonly [number, ...number[]]>(
  choices: T,
  fallback: T[number],
  descriptions?: ChoiceDescriptions,
): SettingKind<z.ZodDefault<z.ZodLiteral<T[number]>>> {
  return {
    schema: z.literal(choices).default(fallback),
    manifest: { type: 'integer', default: fallback, enum: choices, ...choiceDescriptions(choices, descriptions) },
    otherwise: 'choice',
  };
}
