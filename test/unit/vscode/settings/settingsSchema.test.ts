import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSettings } from '../../../../src/vscode/settings/settingsSchema';

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
  lmMaxInputTokens: 32_768,
  lmMaxOutputTokens: 8_192,
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
      extraModels: ['svc_llm_pro', { code: 'svc_vl_plus', vision: true }],
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
      { code: 'svc_llm_pro', vision: false },
      { code: 'svc_vl_plus', vision: true },
    ]);
    assert.equal(parseSettings({ extraModels: ['bad code'] }).problems[0]?.kind, 'modelList');
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

  it('refuses URLs with a query or fragment', () => {
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/?key=abc' }).problems.length, 1);
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/#x' }).problems.length, 1);
  });
});
