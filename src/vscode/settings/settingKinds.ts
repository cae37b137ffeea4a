// The kinds of setting the extension has (an address, a model code, a whole number in a range, a choice …). Each
// builder makes, from one set of arguments, both the zod schema the extension parses the user's value with (settings
// are a trust boundary: docs/style.md rule 9) and the JSON schema package.json declares for VS Code's Settings editor
// and settings.json validation, so the range, the default and the choices are written once. Free of the VS Code API:
// the unit tests and scripts/generateManifest.ts import it.
import * as z from '../../shared/zod';
import { MAX_KNOWLEDGE_BASE_NAME_CHARS } from '../../core/knowledge/knowledgeToolInput';
import { isModelFamily, type ModelFamilyName } from '../../shared/modelFamilies';

export type SettingsProblemKind = 'url' | 'modelCode' | 'type' | 'range' | 'tooLong' | 'modelList' | 'choice' | 'knowledgeBases';

/** A JSON value, as package.json holds it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** A setting's JSON schema in package.json, without its description, order and scope (settingsDeclaration.ts adds them). */
export type ManifestSchema = { readonly type: string | readonly string[]; readonly default: Json } & { readonly [keyword: string]: Json };

export interface SettingKind<S extends z.ZodMiniType = z.ZodMiniType> {
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

const httpUrl = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((value) => value === '' || isHttpUrl(value), { message: 'url' }),
  ),
  z.transform((value) => value.replace(/\/+$/, '')),
);

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
export function address(): SettingKind<z.ZodMiniDefault<typeof httpUrl>> {
  return {
    schema: z._default(httpUrl, ''),
    manifest: { type: 'string', default: '', format: 'uri', pattern: ADDRESS_PATTERN, patternErrorMessage: nls('configuration.baseUrl.patternError') },
    otherwise: 'url',
  };
}

const MODEL_CODE_CHARACTER = '[A-Za-z0-9_.:-]';
const MODEL_CODE_MAX = 64;
const modelCodeRegex = new RegExp(`^${MODEL_CODE_CHARACTER}+$`);
const modelCodeSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MODEL_CODE_MAX), z.regex(modelCodeRegex, 'modelCode'));
/** A model code as one pattern: the form the items of a model list declare. */
const modelCodePattern = `^${MODEL_CODE_CHARACTER}{1,${MODEL_CODE_MAX}}$`;

/** The service's code of a model, `svc_llm`. */
export function modelCode(fallback: string): SettingKind<z.ZodMiniDefault<typeof modelCodeSchema>> {
  return {
    schema: z._default(modelCodeSchema, fallback),
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

const optionalModelCodeSchema = z.string().check(z.trim(), z.maxLength(MODEL_CODE_MAX), z.regex(new RegExp(`^$|${modelCodeRegex.source}`), 'modelCode'));

/** A model code, or '' (also when not set): another setting's model. */
export function optionalModelCode(): SettingKind<z.ZodMiniDefault<typeof optionalModelCodeSchema>> {
  return {
    schema: z._default(optionalModelCodeSchema, ''),
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
const languageToggles = z.record(z.string().check(z.regex(LANGUAGE_ID)), z.boolean());

/** On or off by language id (`"*"`: every other language). */
export function languageSwitches(fallback: Readonly<Record<string, boolean>>): SettingKind<z.ZodMiniDefault<typeof languageToggles>> {
  return {
    schema: z._default(languageToggles, { ...fallback }),
    manifest: { type: 'object', default: { ...fallback }, additionalProperties: { type: 'boolean' }, propertyNames: { pattern: LANGUAGE_ID.source } },
    otherwise: 'type',
  };
}

const globSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(512));

/** Glob patterns (`**\/*.secret`), at most `maxItems`; empty when not set. */
export function globList(maxItems: number): SettingKind<z.ZodMiniDefault<z.ZodMiniArray<typeof globSchema>>> {
  return list(globSchema, { type: 'string', minLength: 1, maxLength: 512 }, maxItems, 'type');
}

// An entry names its family; `vision: true` (the earlier form, kept in users' settings) means the vision family and
// `vision: false` the language family. The family is checked against the table when the value is read, so the
// manifest's JSON schema stays the same whichever families are declared.
const familySchema = z.string().check(z.refine(isModelFamily, { message: 'family' }));
const extraModel = z.union([
  z.pipe(
    modelCodeSchema,
    z.transform((code): { code: string; family: ModelFamilyName } => ({ code, family: 'language' })),
  ),
  z.pipe(
    z
      .strictObject({ code: modelCodeSchema, family: z.optional(familySchema), vision: z.optional(z.boolean()) })
      .check(z.refine((entry) => entry.family === undefined || entry.vision === undefined, { message: 'family or vision, not both' })),
    z.transform(({ code, family, vision }): { code: string; family: ModelFamilyName } => ({
      code,
      family: (family as ModelFamilyName | undefined) ?? (vision === true ? 'vision' : 'language'),
    })),
  ),
]);

/** More models: each a code (a language model), or `{ code, family }` naming what it takes and does (src/shared/modelFamilies.ts). */
export function modelList(maxItems: number): SettingKind<z.ZodMiniDefault<z.ZodMiniArray<typeof extraModel>>> {
  const code = { type: 'string', pattern: modelCodePattern };
  const item = {
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code, family: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' }, vision: { type: 'boolean' } },
  };
  return list(extraModel, { anyOf: [code, item] }, maxItems, 'modelList');
}

const knowledgeBase = z.strictObject({
  id: z.int().check(z.positive()),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_KNOWLEDGE_BASE_NAME_CHARS)),
});

/** Knowledge bases, each `{ id, name }`: the id the service knows it by, the name the user picks it by. */
export function knowledgeBaseList(maxItems: number): SettingKind<z.ZodMiniDefault<z.ZodMiniArray<typeof knowledgeBase>>> {
  const item = {
    type: 'object',
    required: ['id', 'name'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1, maxLength: MAX_KNOWLEDGE_BASE_NAME_CHARS } },
  };
  return list(knowledgeBase, item, maxItems, 'knowledgeBases');
}

/** At most `maxItems` items, each parsed by `item` and declared by `items`; empty when not set. */
function list<T extends z.ZodMiniType>(
  item: T,
  items: Json,
  maxItems: number,
  otherwise: SettingsProblemKind,
): SettingKind<z.ZodMiniDefault<z.ZodMiniArray<T>>> {
  return { schema: z._default(z.array(item).check(z.maxLength(maxItems)), []), manifest: { type: 'array', default: [], maxItems, items }, otherwise };
}

interface TextOptions {
  /** Leading and trailing white space is dropped. */
  readonly trim?: boolean;
  /** The Settings editor shows a text area. */
  readonly multiline?: boolean;
}

/** Free text of at most `maxLength` characters; '' when not set. */
export function text(maxLength: number, options: TextOptions = {}): SettingKind<z.ZodMiniDefault<z.ZodMiniString<string>>> {
  const schema = options.trim === true ? z.string().check(z.trim()) : z.string();
  return {
    schema: z._default(schema.check(z.maxLength(maxLength)), ''),
    manifest: { type: 'string', default: '', maxLength, ...(options.multiline === true ? { editPresentation: 'multilineText' } : {}) },
    otherwise: 'tooLong',
  };
}

/** A whole number from `minimum` to `maximum`. */
export function integer(minimum: number, maximum: number, fallback: number): SettingKind<z.ZodMiniDefault<z.ZodMiniInt>> {
  return {
    schema: z._default(z.int().check(z.gte(minimum), z.lte(maximum)), fallback),
    manifest: { type: 'integer', default: fallback, minimum, maximum },
    otherwise: 'range',
  };
}

/** A number from `minimum` to `maximum`, or null (also when not set): the service's own default. */
export function optionalNumber(minimum: number, maximum: number): SettingKind<z.ZodMiniType<number | undefined, number | null | undefined>> {
  return {
    schema: z.pipe(
      z.optional(z.nullable(z.number().check(z.gte(minimum), z.lte(maximum)))),
      z.transform((value) => value ?? undefined),
    ),
    manifest: { type: ['number', 'null'], default: null, minimum, maximum },
    otherwise: 'range',
  };
}

export function flag(fallback: boolean): SettingKind<z.ZodMiniDefault<z.ZodMiniBoolean<boolean>>> {
  return { schema: z._default(z.boolean(), fallback), manifest: { type: 'boolean', default: fallback }, otherwise: 'type' };
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
): SettingKind<z.ZodMiniDefault<z.ZodMiniEnum<{ [K in T[number]]: K }>>> {
  return {
    schema: z._default(z.enum(choices), fallback),
    manifest: { type: 'string', default: fallback, enum: choices, ...choiceDescriptions(choices, descriptions) },
    otherwise: 'choice',
  };
}

/** One of the whole numbers `choices`, each with its description when `descriptions` is given. */
export function integerChoice<const T extends readonly [number, ...number[]]>(
  choices: T,
  fallback: T[number],
  descriptions?: ChoiceDescriptions,
): SettingKind<z.ZodMiniDefault<z.ZodMiniLiteral<T[number]>>> {
  return {
    schema: z._default(z.literal(choices), fallback),
    manifest: { type: 'integer', default: fallback, enum: choices, ...choiceDescriptions(choices, descriptions) },
    otherwise: 'choice',
  };
}
