// Every `maas.*` setting, declared once: its key in the code, its name in settings.json, its kind (the zod schema the
// value is parsed with and the JSON schema of package.json, both with the default and the range), the package.nls.json
// key of its description, its section of the Settings editor (settingSections.ts) and where it may be set. The order
// here is the Settings editor's order within a section.
// scripts/generateManifest.ts writes package.json's contributes.configuration and restrictedConfigurations from this
// table (`npm run generate`); a unit test fails when package.json differs. Free of the VS Code API so the unit tests
// and the script import it; settings.ts reads and writes the values through it.
import type * as z from '../../shared/zod';
import { MAX_KNOWLEDGE_BASES } from '../../core/knowledge/knowledgeBaseEntry';
import { REALTIME_MAX_CHARS } from '../../core/speech/speechLimits';
import { chatParamSpec } from '../../shared/chatParams';
import {
  address,
  choice,
  flag,
  integer,
  integerChoice,
  globList,
  knowledgeBaseList,
  languageSwitches,
  modelCode,
  modelList,
  optionalModelCode,
  optionalNumber,
  text,
  type SettingKind,
  type SettingsProblemKind,
} from './settingKinds';
import type { SettingScope, SettingSectionId } from './settingSections';

/** The section every setting of the extension is under (`maas.…`). */
export const SETTINGS_SECTION = 'maas';

export interface SettingDeclaration {
  readonly name: `${typeof SETTINGS_SECTION}.${string}`;
  readonly kind: SettingKind;
  /** The package.nls.json key of its (Markdown) description. */
  readonly description: string;
  /** The section of the Settings editor it is shown in. */
  readonly section: SettingSectionId;
  /**
   * Where it may be set: `application` (the user's settings alone), `machine-overridable` (an address: the user's or
   * the remote machine's, and a workspace's, asked about before a credential goes there), `window` (any level; a
   * workspace's value of a `restricted` setting counts only in a trusted workspace).
   */
  readonly scope: SettingScope;
  /**
   * A workspace's value is ignored in Restricted Mode (package.json's `restrictedConfigurations`): where credentials
   * go, and what steers the answers (the persona, the models, the knowledge bases).
   */
  readonly restricted?: true;
}

export const settingsDeclaration = {
  // An address may differ from one machine to another (a remote machine reaches the service its own way); a workspace
  // may name one too, and a credential goes there only once the user allows it (docs/security.md).
  baseUrl: {
    name: 'maas.baseUrl',
    kind: address(),
    description: 'configuration.baseUrl.description',
    section: 'connection',
    scope: 'machine-overridable',
    restricted: true,
  },
  altBaseUrl: {
    name: 'maas.altBaseUrl',
    kind: address(),
    description: 'configuration.altBaseUrl.description',
    section: 'connection',
    scope: 'machine-overridable',
    restricted: true,
  },
  consoleUrl: {
    name: 'maas.consoleUrl',
    kind: address(),
    description: 'configuration.consoleUrl.description',
    section: 'connection',
    scope: 'machine-overridable',
    restricted: true,
  },
  chatModel: {
    name: 'maas.models.chat',
    kind: modelCode('svc_llm'),
    description: 'configuration.models.chat.description',
    section: 'connection',
    scope: 'window',
    restricted: true,
  },
  visionModel: {
    name: 'maas.models.vision',
    kind: modelCode('svc_vl'),
    description: 'configuration.models.vision.description',
    section: 'connection',
    scope: 'window',
    restricted: true,
  },
  extraModels: {
    name: 'maas.models.extra',
    kind: modelList(20),
    description: 'configuration.models.extra.description',
    section: 'connection',
    scope: 'window',
    restricted: true,
  },
  persona: {
    name: 'maas.chat.persona',
    kind: text(20_000, { multiline: true }),
    description: 'configuration.chat.persona.description',
    section: 'chat',
    scope: 'window',
    restricted: true,
  },
  historyMaxTurns: {
    name: 'maas.chat.history.maxTurns',
    kind: integer(1, 200, 20),
    description: 'configuration.chat.history.maxTurns.description',
    section: 'chat',
    scope: 'window',
  },
  historyMaxCharacters: {
    name: 'maas.chat.history.maxCharacters',
    kind: integer(1_000, 2_000_000, 32_000),
    description: 'configuration.chat.history.maxCharacters.description',
    section: 'chat',
    scope: 'window',
  },
  fontSize: { name: 'maas.chat.fontSize', kind: integer(8, 32, 13), description: 'configuration.chat.fontSize.description', section: 'chat', scope: 'window' },
  imagesWithTextModel: {
    name: 'maas.images.withTextModel',
    kind: choice(['describe', 'visionModel', 'refuse'], 'describe', { keysUnder: 'configuration.images.withTextModel', markdown: true }),
    description: 'configuration.images.withTextModel.description',
    section: 'images',
    scope: 'window',
  },
  imageMaxBytes: {
    name: 'maas.images.maxBytes',
    kind: integer(65_536, 20_971_520, 5_242_880),
    description: 'configuration.images.maxBytes.description',
    section: 'images',
    scope: 'window',
  },
  knowledgeBases: {
    name: 'maas.knowledgeBases',
    kind: knowledgeBaseList(MAX_KNOWLEDGE_BASES),
    description: 'configuration.knowledgeBases.description',
    section: 'knowledgeBase',
    scope: 'window',
    restricted: true,
  },
  knowledgeChatMode: {
    name: 'maas.knowledge.chatMode',
    kind: choice(['divergent', 'strict'], 'divergent', { keysUnder: 'configuration.knowledge.chatMode', markdown: true }),
    description: 'configuration.knowledge.chatMode.description',
    section: 'knowledgeBase',
    scope: 'window',
  },
  knowledgeRemoveCornerMark: {
    name: 'maas.knowledge.removeCornerMark',
    kind: flag(false),
    description: 'configuration.knowledge.removeCornerMark.description',
    section: 'knowledgeBase',
    scope: 'window',
  },
  knowledgeTipsText: {
    name: 'maas.knowledge.tipsText',
    kind: text(2000),
    description: 'configuration.knowledge.tipsText.description',
    section: 'knowledgeBase',
    scope: 'window',
    restricted: true,
  },
  knowledgeBackupChat: {
    name: 'maas.knowledge.backupChat',
    kind: flag(true),
    description: 'configuration.knowledge.backupChat.description',
    section: 'knowledgeBase',
    scope: 'window',
  },
  knowledgeTextThreshold: {
    name: 'maas.knowledge.textThreshold',
    kind: optionalNumber(0, 1),
    description: 'configuration.knowledge.textThreshold.description',
    section: 'knowledgeBase',
    scope: 'window',
  },
  // The user's own safeguard against an agent's searches: a repository's settings, a dev container's or a remote
  // machine's cannot turn it off (`application`: VS Code reads it from the user's settings only; settings.ts reads
  // nothing else).
  knowledgeToolConfirm: {
    name: 'maas.knowledge.confirmToolUse',
    kind: flag(false),
    description: 'configuration.knowledge.confirmToolUse.description',
    section: 'knowledgeBase',
    scope: 'application',
  },
  nativeChatEnabled: {
    name: 'maas.nativeChat.enabled',
    kind: flag(true),
    description: 'configuration.nativeChat.enabled.description',
    section: 'nativeChat',
    scope: 'window',
  },
  lmMaxInputTokens: {
    name: 'maas.nativeChat.maxInputTokens',
    kind: integer(1_024, 1_048_576, 32_768),
    description: 'configuration.nativeChat.maxInputTokens.description',
    section: 'nativeChat',
    scope: 'window',
  },
  // Bounded by the service's max_tokens (src/shared/chatParams.ts): VS Code's chat may ask for its longest answer.
  lmMaxOutputTokens: {
    name: 'maas.nativeChat.maxOutputTokens',
    kind: integer(chatParamSpec('maxTokens').min, chatParamSpec('maxTokens').max, chatParamSpec('maxTokens').max),
    description: 'configuration.nativeChat.maxOutputTokens.description',
    section: 'nativeChat',
    scope: 'window',
  },
  // One value for the window: the reader parses the settings once, not per file, so a folder's or a language's own
  // value would not count; the languages map is where completions differ by language.
  completionsEnabled: {
    name: 'maas.completions.enabled',
    kind: flag(false),
    description: 'configuration.completions.enabled.description',
    section: 'completions',
    scope: 'window',
    restricted: true,
  },
  completionsLanguages: {
    name: 'maas.completions.languages',
    kind: languageSwitches({ '*': true, plaintext: false, markdown: false }),
    description: 'configuration.completions.languages.description',
    section: 'completions',
    scope: 'window',
  },
  completionsModel: {
    name: 'maas.completions.model',
    kind: optionalModelCode(),
    description: 'configuration.completions.model.description',
    section: 'completions',
    scope: 'window',
    restricted: true,
  },
  completionsMaxTokens: {
    name: 'maas.completions.maxTokens',
    kind: integer(16, 4_096, 512),
    description: 'configuration.completions.maxTokens.description',
    section: 'completions',
    scope: 'window',
  },
  completionsDebounceMs: {
    name: 'maas.completions.debounceMs',
    kind: integer(0, 2_000, 300),
    description: 'configuration.completions.debounceMs.description',
    section: 'completions',
    scope: 'window',
  },
  // Read from every level and joined (completionFeature.ts, entriesOfEveryLevel): a workspace adds files that are never
  // sent and removes neither the built-in ones nor the user's.
  completionsExcludeFiles: {
    name: 'maas.completions.excludeFiles',
    kind: globList(100),
    description: 'configuration.completions.excludeFiles.description',
    section: 'completions',
    scope: 'window',
  },
  readAnswers: {
    name: 'maas.speech.readAnswers',
    kind: flag(false),
    description: 'configuration.speech.readAnswers.description',
    section: 'speech',
    scope: 'window',
  },
  speechVoice: {
    name: 'maas.speech.voice',
    kind: text(64, { trim: true }),
    description: 'configuration.speech.voice.description',
    section: 'speech',
    scope: 'window',
  },
  speechFormat: {
    name: 'maas.speech.format',
    kind: choice(['wav', 'mp3'], 'wav', { keysUnder: 'configuration.speech.format', markdown: false }),
    description: 'configuration.speech.format.description',
    section: 'speech',
    scope: 'window',
  },
  speechSampleRate: {
    name: 'maas.speech.sampleRate',
    kind: integerChoice([8000, 16000, 24000], 16000, { keysUnder: 'configuration.speech.sampleRate', markdown: false }),
    description: 'configuration.speech.sampleRate.description',
    section: 'speech',
    scope: 'window',
  },
  speechVolume: {
    name: 'maas.speech.volume',
    kind: integer(0, 100, 50),
    description: 'configuration.speech.volume.description',
    section: 'speech',
    scope: 'window',
  },
  speechSpeed: {
    name: 'maas.speech.speed',
    kind: integer(-500, 500, 0),
    description: 'configuration.speech.speed.description',
    section: 'speech',
    scope: 'window',
  },
  speechPitch: {
    name: 'maas.speech.pitch',
    kind: integer(-500, 500, 0),
    description: 'configuration.speech.pitch.description',
    section: 'speech',
    scope: 'window',
  },
  // Real-time synthesis takes no longer text (REALTIME_MAX_CHARS): a larger threshold would never count.
  speechLongTextThreshold: {
    name: 'maas.speech.longTextThreshold',
    kind: integer(50, REALTIME_MAX_CHARS, 300),
    description: 'configuration.speech.longTextThreshold.description',
    section: 'speech',
    scope: 'window',
  },
} as const satisfies Record<string, SettingDeclaration>;

type Declaration = typeof settingsDeclaration;
export type SettingKey = keyof Declaration;
/** The settings as parsed: each valid value, or its default. */
export type Settings = { -readonly [K in SettingKey]: z.output<Declaration[K]['kind']['schema']> };
/** What may be written into a setting (`undefined` removes the user's value). */
export type SettingInput<K extends SettingKey> = z.input<Declaration[K]['kind']['schema']>;
export type KnowledgeBaseSetting = Settings['knowledgeBases'][number];

export const settingKeys = Object.keys(settingsDeclaration) as SettingKey[];

/** Each setting's name in settings.json by its key. */
export const settingNames: { readonly [K in SettingKey]: Declaration[K]['name'] } = Object.fromEntries(
  settingKeys.map((key) => [key, settingsDeclaration[key].name]),
) as { [K in SettingKey]: Declaration[K]['name'] };

export interface SettingsProblem {
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly setting: string;
  readonly kind: SettingsProblemKind;
  /** The value found, for the message (settings never hold secrets). */
  readonly value: string;
}

/** What a refused value is called: the kind's own name, unless the value is plainly of the wrong type. */
function problemKind(kind: SettingKind, raw: unknown, issue: z.core.$ZodIssue | undefined): SettingsProblemKind {
  if (kind.otherwise === 'modelList' || kind.otherwise === 'knowledgeBases' || issue?.code !== 'invalid_type') return kind.otherwise;
  // A number that is not whole is out of range (zod calls it a type issue); a string outside an enum is a bad choice.
  if (typeof raw === 'number' && kind.otherwise === 'range') return 'range';
  if (typeof raw === 'string' && kind.otherwise === 'choice') return 'choice';
  return 'type';
}

/**
 * Parses raw setting values one by one: an invalid value falls back to its default and is reported, so one bad
 * value never hides the others.
 */
export function parseSettings(raw: Partial<Record<SettingKey, unknown>>): { settings: Settings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings = {} as Record<SettingKey, unknown>;
  for (const key of settingKeys) {
    const { kind, name }: SettingDeclaration = settingsDeclaration[key];
    const result = kind.schema.safeParse(raw[key]);
    if (result.success) {
      settings[key] = result.data;
      continue;
    }
    settings[key] = kind.schema.parse(undefined);
    problems.push({ setting: name, kind: problemKind(kind, raw[key], result.error.issues[0]), value: JSON.stringify(raw[key]) ?? 'undefined' });
  }
  return { settings: settings as Settings, problems };
}
