import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSettings } from '../../../src/vscode/settingsSchema';

describe('parseSettings', () => {
  it('uses the documented defaults', () => {
    assert.deepEqual(parseSettings({}), {
      settings: { baseUrl: '', altBaseUrl: '', chatModel: 'svc_llm', visionModel: 'svc_vl' },
      problems: [],
    });
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
    assert.deepEqual(settings, { baseUrl: '', altBaseUrl: '', chatModel: 'svc_llm', visionModel: 'svc_vl' });
  });

  it('refuses URLs with a query or fragment', () => {
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/?key=abc' }).problems.length, 1);
    assert.equal(parseSettings({ baseUrl: 'https://maas.example.com/#x' }).problems.length, 1);
  });
});
