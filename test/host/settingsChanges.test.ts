// The settings reader in a real extension host: a change names the keys it changed, an invalid value is warned about
// once (when the setting takes it), and the service client is rebuilt only when what it is built from changes.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Credentials } from '../../src/core/credentials/credentials';
import { ClientFactory } from '../../src/vscode/services/clientFactory';
import type { Prompter } from '../../src/vscode/prompter';
import { ContainerProxyNotice } from '../../src/vscode/secrets/containerProxyNotice';
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

/**
 * Sets `maas.<name>` to the first of `candidates` that differs from its value now (a test that ran before may have
 * left any value there: setting the same value again changes nothing), and resolves with the change it made.
 */
async function change(reader: SettingsReader, name: string, ...candidates: readonly unknown[]): Promise<SettingsChange> {
  const now = JSON.stringify(vscode.workspace.getConfiguration('maas').get(name));
  const value = candidates.find((candidate) => JSON.stringify(candidate) !== now);
  assert.ok(value !== undefined, `a value of maas.${name} other than ${now}`);
  const changed = nextChange(reader);
  await setSetting(name, value);
  return changed;
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
    assert.deepEqual([...(await change(reader, 'chat.fontSize', 17, 18)).changed], ['fontSize']);
    assert.deepEqual([...(await change(reader, 'speech.voice', 'zh_male_test', 'zh_female_test')).changed], ['speechVoice']);
    const changed = await change(reader, 'baseUrl', service.altBaseUrl, service.baseUrl);
    assert.deepEqual([...changed.changed], ['baseUrl']);
    assert.equal(changed.affects('altBaseUrl', 'baseUrl'), true);
    assert.equal(changed.affects('fontSize'), false);
  });

  it('an invalid value is warned about once, not again on every other change', async () => {
    await setSetting('chat.history.maxTurns', 0);
    await waitFor(() => warnings.length === 1, { what: 'the warning about maas.chat.history.maxTurns', timeoutMs: 10_000 });
    assert.match(warnings[0] ?? '', /maas\.chat\.history\.maxTurns is 0, which is outside its allowed range/);
    for (const size of [14, 15, 16]) await change(reader, 'chat.fontSize', size, size + 10);
    await change(reader, 'chat.persona', 'Be brief.', 'Be terse.');
    assert.equal(warnings.length, 1, `still one warning: ${warnings.join(' | ')}`);
    // Another invalid value is news; fixed, then broken again, it is warned about again.
    await setSetting('chat.history.maxTurns', 500);
    await waitFor(() => warnings.length === 2, { what: 'the warning about the new invalid value', timeoutMs: 10_000 });
    await change(reader, 'chat.history.maxTurns', 30, 31);
    await setSetting('chat.history.maxTurns', 500);
    await waitFor(() => warnings.length === 3, { what: 'the warning once the setting broke again', timeoutMs: 10_000 });
  });

  it('the client is kept across a change of any other setting, and rebuilt when an address changes', async () => {
    // A local window: no container, so the notice never speaks (no credential is handed out here anyway).
    const notice = new ContainerProxyNotice({} as vscode.Memento, {} as Prompter, () => ({ remoteName: undefined, env: {}, settingsSource: 'user' }));
    const factory = new ClientFactory(reader, {} as Credentials, recordingLogger().logger, notice);
    try {
      const first = factory.get();
      for (const [name, ...values] of [
        ['chat.fontSize', 21, 22],
        ['chat.persona', 'Answer in one line.', 'Answer in two lines.'],
        ['speech.voice', 'zh_male_test', 'zh_female_test'],
        ['speech.readAnswers', true, false],
        ['knowledgeBases', [{ id: 1, name: 'Guide' }], [{ id: 2, name: 'Other' }]],
      ] as const) {
        await change(reader, name, ...values);
        assert.equal(factory.get(), first, `${name} rebuilds nothing`);
      }
      await change(reader, 'baseUrl', service.altBaseUrl, service.baseUrl);
      assert.notEqual(factory.get(), first, 'a new address, a new client');
    } finally {
      factory.dispose();
    }
  });
});
