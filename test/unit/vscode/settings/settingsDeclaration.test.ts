// Every maas.* setting as declared: what the extension takes from settings.json (each value checked, a refused one
// reported by its name and replaced by its default), and what package.json says of it to VS Code, which must agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as z from '../../../../src/shared/zod';
import { commandsDeclaration, commandTitleKey, type CommandKey } from '../../../../src/vscode/commandIds';
import type { Json } from '../../../../src/vscode/settings/settingKinds';
import { parseSettings, settingKeys, settingsDeclaration, type SettingDeclaration } from '../../../../src/vscode/settings/settingsDeclaration';

const defaults = {
  baseUrl: '',
  altBaseUrl: '',
  consoleUrl: '',
  chatModel: 'svc_llm',
  visionModel: 'svc_vl',
  extraModels: [],
  persona: '',
  historyMaxTurns: 20,
  historyMaxCharacters: 32_000,
  fontSize: 13,
  imageMaxBytes: 5_242_880,
  imagesWithTextModel: 'describe',
  nativeChatEnabled: true,
  readAnswers: false,
  lmMaxInputTokens: 32_768,
  lmMaxOutputTokens: 8_192,
  knowledgeBases: [],
  knowledgeChatMode: 'divergent',
  knowledgeRemoveCornerMark: false,
  knowledgeTipsText: '',
  knowledgeBackupChat: true,
  knowledgeTextThreshold: undefined,
  knowledgeToolConfirm: false,
  speechVoice: '',
  speechFormat: 'wav',
  speechSampleRate: 16000,
  speechVolume: 50,
  speechSpeed: 0,
  speechPitch: 0,
  speechLongTextThreshold: 300,
  completionsEnabled: false,
  completionsLanguages: { '*': true, markdown: false, plaintext: false },
  completionsModel: '',
  completionsMaxTokens: 512,
  completionsDebounceMs: 300,
  completionsExcludeFiles: [],
};

describe('parseSettings', () => {
  it('uses the documented defaults', () => {
    assert.deepEqual(parseSettings({}), { settings: defaults, problems: [] });
  });

  it('accepts http and https URLs and drops a trailing slash', () => {
    const { settings, problems } = parseSettings({ baseUrl: ' https://maas.example.com/ ', altBaseUrl: 'http://127.0.0.1:8787' });
    assert.deepEqual(problems, []);
    assert.equal(settings.baseUrl, 'https://maas.example.com');
    assert.equal(settings.altBaseUrl, 'http://127.0.0.1:8787');
  });

  it('reports each invalid field by its setting name and keeps the valid ones', () => {
    const { settings, problems } = parseSettings({
      baseUrl: 'ftp://maas.example.com',
      altBaseUrl: 'https://user:secret@maas.example.com',
      chatModel: 'svc llm',
      visionModel: 42,
    });
    assert.deepEqual(
      problems.map((p) => [p.setting, p.kind]),
      [
        ['maas.baseUrl', 'url'],
        ['maas.altBaseUrl', 'url'],
        ['maas.models.chat', 'modelCode'],
        ['maas.models.vision', 'type'],
      ],
    );
    assert.deepEqual(settings, defaults);
  });

  it('takes the three choices for images with a text model, and refuses anything else by its setting name', () => {
    for (const choice of ['describe', 'visionModel', 'refuse'] as const)
      assert.equal(parseSettings({ imagesWithTextModel: choice }).settings.imagesWithTextModel, choice);
    const { settings, problems } = parseSettings({ imagesWithTextModel: 'never' });
    assert.equal(settings.imagesWithTextModel, 'describe');
    assert.deepEqual(
      problems.map((p) => [p.setting, p.kind]),
      [['maas.images.withTextModel', 'choice']],
    );
  });

  it('checks the ranges of numbers and the shape of extra models', () => {
    const { settings, problems } = parseSettings({
      fontSize: 40,
      historyMaxTurns: 0,
      historyMaxCharacters: 5000.5,
      imageMaxBytes: '5MB',
      extraModels: ['svc_llm_pro', { code: 'svc_vl_plus', vision: true }, { code: 'svc_vl_max', family: 'vision' }, { code: 'svc_text', vision: false }],
      persona: 'x'.repeat(20_001),
    });
    assert.deepEqual(
      problems.map((p) => [p.setting, p.kind]),
      [
        ['maas.chat.persona', 'tooLong'],
        ['maas.chat.history.maxTurns', 'range'],
        ['maas.chat.history.maxCharacters', 'range'],
        ['maas.chat.fontSize', 'range'],
        ['maas.images.maxBytes', 'type'],
      ],
    );
    assert.deepEqual(settings.extraModels, [
      { code: 'svc_llm_pro', family: 'language' },
      { code: 'svc_vl_plus', family: 'vision' },
      { code: 'svc_vl_max', family: 'vision' },
      { code: 'svc_text', family: 'language' },
    ]);
    assert.equal(parseSettings({ extraModels: ['bad code'] }).problems[0]?.kind, 'modelList');
    // A family that is not declared, or a family and the earlier vision flag together, is refused as a whole list.
    assert.equal(parseSettings({ extraModels: [{ code: 'svc_x', family: 'telepathy' }] }).problems[0]?.kind, 'modelList');
    assert.equal(parseSettings({ extraModels: [{ code: 'svc_x', family: 'vision', vision: true }] }).problems[0]?.kind, 'modelList');
  });

  it("checks the native chat's switch and token limits (output at most 8192, the service's max_tokens)", () => {
    const { settings, problems } = parseSettings({ nativeChatEnabled: 'yes', lmMaxInputTokens: 100, lmMaxOutputTokens: 8193 });
    assert.deepEqual(
      problems.map((p) => [p.setting, p.kind]),
      [
        ['maas.nativeChat.enabled', 'type'],
        ['maas.nativeChat.maxInputTokens', 'range'],
        ['maas.nativeChat.maxOutputTokens', 'range'],
      ],
    );
    assert.deepEqual([settings.nativeChatEnabled, settings.lmMaxInputTokens, settings.lmMaxOutputTokens], [true, 32_768, 8_192]);
  });

  it('keeps reading answers aloud off when the setting is not a boolean, and says so', () => {
    const { settings, problems } = parseSettings({ readAnswers: 'on' });
    assert.deepEqual(
      problems.map((p) => [p.setting, p.kind]),
      [['maas.speech.readAnswers', 'type']],
    );
    assert.equal(settings.readAnswers, false);
    assert.equal(parseSettings({ readAnswers: true }).settings.readAnswers, true);
  });

  it('refuses URLs with a query or fragment', () => {
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/?key=abc' }).problems.length, 1);
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/#x' }).problems.length, 1);
  });
});

describe('parseSettings: the knowledge-base and speech settings', () => {
  const kinds = (raw: Parameters<typeof parseSettings>[0]): Array<[string, string]> => parseSettings(raw).problems.map((p) => [p.setting, p.kind]);

  it('accepts valid values of every setting', () => {
    const { settings, problems } = parseSettings({
      knowledgeBases: [
        { id: 3, name: ' Guide ' },
        { id: 7, name: '手册' },
      ],
      knowledgeChatMode: 'strict',
      knowledgeRemoveCornerMark: true,
      knowledgeTipsText: 'Nothing found.',
      knowledgeBackupChat: false,
      knowledgeTextThreshold: 0.5,
      speechVoice: 'en_male_tom',
      speechFormat: 'mp3',
      speechSampleRate: 24000,
      speechVolume: 100,
      speechSpeed: -500,
      speechPitch: 500,
      speechLongTextThreshold: 1000,
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(settings.knowledgeBases, [
      { id: 3, name: 'Guide' },
      { id: 7, name: '手册' },
    ]);
    assert.equal(settings.knowledgeTextThreshold, 0.5);
    assert.equal(settings.speechSampleRate, 24000);
    assert.equal(parseSettings({ knowledgeTextThreshold: null }).settings.knowledgeTextThreshold, undefined, 'null means the service default');
  });

  it('reports a malformed knowledge base list and ignores it', () => {
    for (const bad of [[{ id: 0, name: 'x' }], [{ id: 1.5, name: 'x' }], [{ id: 1, name: '' }], [{ id: 1 }], [{ id: 1, name: 'x', extra: true }], 'kb', [3]]) {
      const { settings, problems } = parseSettings({ knowledgeBases: bad });
      assert.deepEqual(
        problems.map((p) => [p.setting, p.kind]),
        [['maas.knowledgeBases', 'knowledgeBases']],
        JSON.stringify(bad),
      );
      assert.deepEqual(settings.knowledgeBases, []);
    }
  });

  it('reports values outside their choices or ranges, each by name, and keeps the valid ones', () => {
    assert.deepEqual(
      kinds({
        knowledgeChatMode: 'loose',
        knowledgeTextThreshold: 1.5,
        speechFormat: 'ogg',
        speechSampleRate: 44100,
        speechVolume: 101,
        speechSpeed: -501,
        speechPitch: 12.5,
        speechLongTextThreshold: 10,
        speechVoice: 'en_male_tom',
      }),
      [
        ['maas.knowledge.chatMode', 'choice'],
        ['maas.knowledge.textThreshold', 'range'],
        ['maas.speech.format', 'choice'],
        ['maas.speech.sampleRate', 'choice'],
        ['maas.speech.volume', 'range'],
        ['maas.speech.speed', 'range'],
        ['maas.speech.pitch', 'range'],
        ['maas.speech.longTextThreshold', 'range'],
      ],
    );
  });

  it('reports values of the wrong type', () => {
    assert.deepEqual(kinds({ knowledgeRemoveCornerMark: 'yes', knowledgeBackupChat: 1, speechVolume: 'loud', knowledgeTipsText: 42 }), [
      ['maas.knowledge.removeCornerMark', 'type'],
      ['maas.knowledge.tipsText', 'type'],
      ['maas.knowledge.backupChat', 'type'],
      ['maas.speech.volume', 'type'],
    ]);
    assert.deepEqual(kinds({ knowledgeTipsText: 'x'.repeat(2001) }), [['maas.knowledge.tipsText', 'tooLong']]);
  });
});

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly [keyword: string]: unknown;
}

/** The keywords compared; the manifest's others (descriptions, the address's pattern) are its own. */
const FACETS = ['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'enum'] as const;
type Facets = Partial<Record<(typeof FACETS)[number], unknown>>;

function pick(schema: JsonSchema): Facets {
  return Object.fromEntries(FACETS.filter((facet) => schema[facet] !== undefined).map((facet) => [facet, schema[facet]]));
}

/**
 * A zod schema's facets in the manifest's terms, from zod's own JSON Schema of what it accepts: a choice of literals
 * is an `enum` (of integers, `integer`), and a value that may be null has the type `[type, "null"]`.
 */
function zodFacets(schema: z.ZodMiniType): Facets {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const members = json.anyOf;
  if (members === undefined) {
    const values = json.enum;
    return Array.isArray(values) && values.every((value) => Number.isInteger(value)) ? { ...pick(json), type: 'integer' } : pick(json);
  }
  const [only, ...others] = members.filter((member) => member.type !== 'null');
  if (only !== undefined && others.length === 0 && members.length === 2) return { ...pick(only), type: [only.type, 'null'] };
  return pick(json);
}

const root = path.resolve(__dirname, '..', '..', '..', '..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/** Every `%key%` in a JSON value. */
function nlsKeys(value: Json): string[] {
  if (typeof value === 'string') return /^%([^%]+)%$/.exec(value)?.slice(1) ?? [];
  if (Array.isArray(value)) return value.flatMap(nlsKeys);
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(nlsKeys) : [];
}

// package.json tells VS Code's Settings editor and settings.json validation what each setting takes; the extension
// parses the values with the zod schema. Both come from one builder (settingKinds.ts), and say the same: the same
// type, default, minimum and maximum (of a number, a text's length, a list's size) and choices.
describe('the settings declaration', () => {
  const declarations: [string, SettingDeclaration][] = settingKeys.map((key) => [key, settingsDeclaration[key]]);

  for (const [key, { name, kind }] of declarations) {
    it(`${name}: package.json's schema says what the parser takes: the same type, default, limits and choices`, () => {
      const parsed = kind.schema.safeParse(kind.manifest.default);
      assert.ok(parsed.success, `${name}: package.json's default ${JSON.stringify(kind.manifest.default)} is refused by its own schema`);
      assert.deepEqual(parsed.data, kind.schema.parse(undefined), `${name}: package.json's default differs from the parser's`);
      assert.deepEqual(parsed.data, (defaults as Record<string, unknown>)[key], `${name}: not the documented default`);
      assert.deepEqual(pick(kind.manifest), zodFacets(kind.schema), `${name}: package.json's schema and the parser's differ`);
    });
  }

  it('names each setting once, under maas.', () => {
    const names = declarations.map(([, declaration]) => declaration.name);
    assert.deepEqual(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^maas\.[A-Za-z][\w.]*$/);
  });

  it('every description, choice description and pattern message, and every command title, has an English and a Simplified Chinese text', () => {
    const english = readJson('package.nls.json');
    const chinese = readJson('package.nls.zh-cn.json');
    const keys = [
      ...declarations.flatMap(([, { kind, description }]) => [description, ...nlsKeys(kind.manifest)]),
      ...(Object.keys(commandsDeclaration) as CommandKey[]).map(commandTitleKey),
    ];
    assert.ok(keys.length >= 50, `${keys.length} keys`);
    for (const key of keys) {
      assert.equal(typeof english[key], 'string', `package.nls.json lacks ${key}`);
      assert.equal(typeof chinese[key], 'string', `package.nls.zh-cn.json lacks ${key}`);
    }
  });
});
