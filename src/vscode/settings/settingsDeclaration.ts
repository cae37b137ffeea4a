// Every `maas.*` setting, declared once: its key in the code, its name in settings.json, its kind (the zod schema the
// value is parsed with and the JSON schema of package.json, both with the default and the range), the package.nls.json
// key of its description, and where it may be set. The order here is the Settings editor's order.
// scripts/generateManifest.ts writes package.json's contributes.configuration and restrictedConfigurations from this
// table (`npm run generate`); a unit test fails when package.json differs. Free of the VS Code API so the unit tests
// and the script import it; settings.ts reads and writes the values through it.
import type * as z from 'zod';
import { MAX_KNOWLEDGE_BASES } from '../../core/knowledge/knowledgeBaseEntry';
import {
  address,
  choice,
  flag,
  integer,
  integerChoice,
  knowledgeBaseList,
  modelCode,
  modelList,
  optionalNumber,
  text,
  type SettingKind,
  type SettingsProblemKind,
} from './settingKinds';

/** The section every setting of the extension is under (`maas.…`). */
export const SETTINGS_SECTION = 'maas';

/** Where a setting may be set (https://code.visualstudio.com/api/references/contribution-points#Configuration-property-schema). */
export type SettingScope = 'application' | 'machine' | 'machine-overridable' | 'window' | 'resource' | 'language-overridable';

export interface SettingDeclaration {
  readonly name: `${typeof SETTINGS_SECTION}.${string}`;
  readonly kind: SettingKind;
  /** The package.nls.json key of its (Markdown) description. */
  readonly description: string;
  /** Omitted: VS Code's default, `window`. */
  readonly scope?: SettingScope;
  /**
   * A workspace's value is ignored in Restricted Mode (package.json's `restrictedConfigurations`): where credentials
   * go, and what steers the answers (the persona, the models, the knowledge bases).
   */
  readonly restricted?: true;
}

export const settingsDeclaration = {
  baseUrl: { name: 'maas.baseUrl', kind: address(), description: 'configuration.baseUrl.description', scope: 'machine-overridable', restricted: true },
  altBaseUrl: { name: 'maas.altBaseUrl', kind: address(), description: 'configuration.altBaseUrl.description', scope: 'machine-overridable', restricted: true },
  chatModel: { name: 'maas.models.chat', kind: modelCode('svc_llm'), description: 'configuration.models.chat.description', restricted: true },
  visionModel: { name: 'maas.models.vision', kind: modelCode('svc_vl'), description: 'configuration.models.vision.description', restricted: true },
  consoleUrl: { name: 'maas.consoleUrl', kind: address(), description: 'configuration.consoleUrl.description', scope: 'machine-overridable', restricted: true },
  extraModels: { name: 'maas.models.extra', kind: modelList(20), description: 'configuration.models.extra.description', restricted: true },
  persona: { name: 'maas.chat.persona', kind: text(20_000, { multiline: true }), description: 'configuration.chat.persona.description', restricted: true },
  historyMaxTurns: { name: 'maas.chat.history.maxTurns', kind: integer(1, 200, 20), description: 'configuration.chat.history.maxTurns.description' },
  historyMaxCharacters: {
    name: 'maas.chat.history.maxCharacters',
    kind: integer(1_000, 2_000_000, 32_000),
    description: 'configuration.chat.history.maxCharacters.description',
  },
  fontSize: { name: 'maas.chat.fontSize', kind: integer(8, 32, 13), description: 'configuration.chat.fontSize.description' },
  imagesWithTextModel: {
    name: 'maas.images.withTextModel',
    kind: choice(['describe', 'visionModel', 'refuse'], 'describe', { keysUnder: 'configuration.images.withTextModel', markdown: true }),
    description: 'configuration.images.withTextModel.description',
  },
  imageMaxBytes: { name: 'maas.images.maxBytes', kind: integer(65_536, 20_971_520, 5_242_880), description: 'configuration.images.maxBytes.description' },
  nativeChatEnabled: { name: 'maas.nativeChat.enabled', kind: flag(true), description: 'configuration.nativeChat.enabled.description' },
  lmMaxInputTokens: {
    name: 'maas.nativeChat.maxInputTokens',
    kind: integer(1_024, 1_048_576, 32_768),
    description: 'configuration.nativeChat.maxInputTokens.description',
  },
  lmMaxOutputTokens: {
    name: 'maas.nativeChat.maxOutputTokens',
    kind: integer(1, 8_192, 8_192),
    description: 'configuration.nativeChat.maxOutputTokens.description',
  },
  knowledgeBases: {
    name: 'maas.knowledgeBases',
    kind: knowledgeBaseList(MAX_KNOWLEDGE_BASES),
    description: 'configuration.knowledgeBases.description',
    restricted: true,
  },
  knowledgeChatMode: {
    name: 'maas.knowledge.chatMode',
    kind: choice(['divergent', 'strict'], 'divergent', { keysUnder: 'configuration.knowledge.chatMode', markdown: true }),
    description: 'configuration.knowledge.chatMode.description',
  },
  knowledgeRemoveCornerMark: {
    name: 'maas.knowledge.removeCornerMark',
    kind: flag(false),
    description: 'configuration.knowledge.removeCornerMark.description',
  },
  knowledgeTipsText: { name: 'maas.knowledge.tipsText', kind: text(2000), description: 'configuration.knowledge.tipsText.description', restricted: true },
  knowledgeBackupChat: { name: 'maas.knowledge.backupChat', kind: flag(true), description: 'configuration.knowledge.backupChat.description' },
  knowledgeTextThreshold: {
    name: 'maas.knowledge.textThreshold',
    kind: optionalNumber(0, 1),
    description: 'configuration.knowledge.textThreshold.description',
  },
  // The user's own safeguard against an agent's searches: a repository's settings, a dev container's or a remote
  // machine's cannot turn it off (`application`: VS Code reads it from the user's settings only; settings.ts reads
  // nothing else).
  knowledgeToolConfirm: {
    name: 'maas.knowledge.confirmToolUse',
    kind: flag(false),
    description: 'configuration.knowledge.confirmToolUse.description',
    scope: 'application',
  },
  readAnswers: { name: 'maas.speech.readAnswers', kind: flag(false), description: 'configuration.speech.readAnswers.description' },
  speechVoice: { name: 'maas.speech.voice', kind: text(64, { trim: true }), description: 'configuration.speech.voice.description' },
  speechFormat: { name: 'maas.speech.format', kind: choice(['wav', 'mp3'], 'wav'), description: 'configuration.speech.format.description' },
  speechSampleRate: {
    name: 'maas.speech.sampleRate',
    kind: integerChoice([8000, 16000, 24000], 16000),
    description: 'configuration.speech.sampleRate.description',
  },
  speechVolume: { name: 'maas.speech.volume', kind: integer(0, 100, 50), description: 'configuration.speech.volume.description' },
  speechSpeed: { name: 'maas.speech.speed', kind: integer(-500, 500, 0), description: 'configuration.speech.speed.description' },
  speechPitch: { name: 'maas.speech.pitch', kind: integer(-500, 500, 0), description: 'configuration.speech.pitch.description' },
  speechLongTextThreshold: {
    name: 'maas.speech.longTextThreshold',
    kind: integer(50, 100_000, 300),
    description: 'configuration.speech.longTextThreshold.description',
  },
  speechErrorCodes: {
    name: 'maas.speech.errorCodes',
    kind: choice(['spec', 'localService'], 'spec', { keysUnder: 'configuration.speech.errorCodes', markdown: false }),
    description: 'configuration.speech.errorCodes.description',
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

// What a re-read of the settings changed, and which invalid values are new: free of the VS Code API so the unit
// tests cover it. Values are plain JSON (strings, numbers, booleans, lists, objects), compared by their JSON text.
/** The keys of `after` whose value differs from `before`. */
export function changedKeys<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Remembers the invalid value each setting holds, so that a problem is reported once: when its setting becomes
 * invalid, or takes another invalid value. A setting read without a problem is forgotten, and reported again if it
 * breaks again.
 */
export class ProblemMemory {
  private readonly reported = new Map<string, string>();

  /** The problems of a reading of every setting not reported yet; they count as reported now. */
  fresh(problems: readonly SettingsProblem[]): SettingsProblem[] {
    const now = new Map(problems.map((problem) => [problem.setting, `${problem.kind}:${problem.value}`]));
    for (const name of [...this.reported.keys()]) if (!now.has(name)) this.reported.delete(name);
    return problems.filter((problem) => {
      const value = now.get(problem.setting) ?? '';
      if (this.reported.get(problem.setting) === value) return false;
      this.reported.set(problem.setting, value);
      return true;
    });
  }
}
