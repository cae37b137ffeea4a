// The settings reader in a real extension host: a change names the keys it changed, an invalid value is warned about
// once (when the setting takes it), and the service client is rebuilt only when what it is built from changes.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { Credentials } from '../../src/core/credentials/credentials';
import { ClientFactory } from '../../src/vscode/activation/clientFactory';
import { Logger } from '../../src/vscode/logger';
import { SettingsReader, type SettingsChange } from '../../src/vscode/settings/settings';
import { restoreSettings, setSetting } from '../harness/hostSettings';
import { waitFor } from '../harness/waitFor';
import { service } from './hostService';

/** A log channel that records its lines, as VS Code's would write them. */
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const channel = {
    info: () => undefined,
    warn: (line: string) => warnings.push(line),
    error: () => undefined,
    show: () => undefined,
    dispose: () => undefined,
  } as unknown as vscode.LogOutputChannel;
  return { logger: new Logger(channel), warnings };
}

/** The next change the reader announces. */
function nextChange(reader: SettingsReader): Promise<SettingsChange> {
  return new Promise((resolve) => {
    const subscription = reader.onDidChange((change) => {
      subscription.dispose();
      resolve(change);
    });
  });
}

describe('settings changes', () => {
  let reader: SettingsReader;
  let warnings: string[];

  beforeEach(() => {
    const recorded = recordingLogger();
    warnings = recorded.warnings;
    reader = new SettingsReader(recorded.logger);
  });

  afterEach(async () => {
    reader.dispose();
    await restoreSettings();
  });

  it('a change names the keys it changed, and nothing else', async () => {
    let change = nextChange(reader);
    await setSetting('chat.fontSize', 17);
    assert.deepEqual([...(await change).changed], ['fontSize']);
    change = nextChange(reader);
    await setSetting('speech.voice', 'zh_male_test');
    assert.deepEqual([...(await change).changed], ['speechVoice']);
    change = nextChange(reader);
    await setSetting('baseUrl', service.altBaseUrl);
    const changed = await change;
    assert.deepEqual([...changed.changed], ['baseUrl']);
    assert.equal(changed.affects('altBaseUrl', 'baseUrl'), true);
    assert.equal(changed.affects('fontSize'), false);
  });

  it('an invalid value is warned about once, not again on every other change', async () => {
    await setSetting('chat.history.maxTurns', 0);
    await waitFor(() => warnings.length === 1, { what: 'the warning about maas.chat.history.maxTurns', timeoutMs: 10_000 });
    assert.match(warnings[0] ?? '', /maas\.chat\.history\.maxTurns is 0, which is outside its allowed range/);
    for (const size of [14, 15, 16]) {
      const change = nextChange(reader);
      await setSetting('chat.fontSize', size);
      await change;
    }
    let change = nextChange(reader);
    await setSetting('chat.persona', 'Be brief.');
    await change;
    assert.equal(warnings.length, 1, `still one warning: ${warnings.join(' | ')}`);
    // Another invalid value is news; fixed, then broken again, it is warned about again.
    await setSetting('chat.history.maxTurns', 500);
    await waitFor(() => warnings.length === 2, { what: 'the warning about the new invalid value', timeoutMs: 10_000 });
    change = nextChange(reader);
    await setSetting('chat.history.maxTurns', 30);
    await change;
    await setSetting('chat.history.maxTurns', 500);
    await waitFor(() => warnings.length === 3, { what: 'the warning once the setting broke again', timeoutMs: 10_000 });
  });

  it('the client is kept across a change of any other setting, and rebuilt when an address changes', async () => {
    const factory = new ClientFactory(reader, {} as Credentials, recordingLogger().logger);
    try {
      const first = factory.get();
      for (const [name, value] of [
        ['chat.fontSize', 21],
        ['chat.persona', 'Answer in one line.'],
        ['speech.voice', 'zh_male_test'],
        ['speech.readAnswers', true],
        ['knowledgeBases', [{ id: 1, name: 'Guide' }]],
      ] as const) {
        const change = nextChange(reader);
        await setSetting(name, value);
        await change;
        assert.equal(factory.get(), first, `${name} rebuilds nothing`);
      }
      const change = nextChange(reader);
      await setSetting('baseUrl', service.altBaseUrl);
      await change;
      assert.notEqual(factory.get(), first, 'a new address, a new client');
    } finally {
      factory.dispose();
    }
  });
});
