// Validation of the settings of the knowledge-base, image and speech commands (maas.knowledge*, maas.speech.*).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { featureSettingNames, parseFeatureSettings } from '../../../../src/vscode/settings/settingsSchema';

const kinds = (raw: Parameters<typeof parseFeatureSettings>[0]): Array<[string, string]> => parseFeatureSettings(raw).problems.map((p) => [p.setting, p.kind]);

describe('feature settings', () => {
  it('uses the documented defaults', () => {
    assert.deepEqual(parseFeatureSettings({}), {
      problems: [],
      settings: {
        knowledgeBases: [],
        knowledgeChatMode: 'divergent',
        knowledgeRemoveCornerMark: false,
        knowledgeTipsText: '',
        knowledgeBackupChat: true,
        knowledgeTextThreshold: undefined,
        speechVoice: '',
        speechFormat: 'wav',
        speechSampleRate: 16000,
        speechVolume: 50,
        speechSpeed: 0,
        speechPitch: 0,
        speechLongTextThreshold: 300,
        speechErrorCodes: 'spec',
      },
    });
  });

  it('accepts valid values of every setting', () => {
    const { settings, problems } = parseFeatureSettings({
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
    assert.equal(parseFeatureSettings({ knowledgeTextThreshold: null }).settings.knowledgeTextThreshold, undefined, 'null means the service default');
  });

  it('reports a malformed knowledge base list and ignores it', () => {
    for (const bad of [[{ id: 0, name: 'x' }], [{ id: 1.5, name: 'x' }], [{ id: 1, name: '' }], [{ id: 1 }], [{ id: 1, name: 'x', extra: true }], 'kb', [3]]) {
      const { settings, problems } = parseFeatureSettings({ knowledgeBases: bad });
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

  it('declares every feature setting in package.json with the same default', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const defaults = parseFeatureSettings({}).settings as Record<string, unknown>;
    for (const [key, name] of Object.entries(featureSettingNames)) {
      const property = manifest.contributes.configuration.properties[name];
      assert.ok(property, `${name} is not declared`);
      assert.deepEqual(property.default ?? undefined, defaults[key], `${name} default`);
    }
  });
});
