// In a real extension host: the extension's commands match the manifest, and the API key makes the
// round trip through SecretStorage.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';

const EXTENSION_ID = 'maas-assistant.maas-assistant';

async function activated(): Promise<MaasTestHook> {
  const extension = vscode.extensions.getExtension<MaasTestHook | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
  const hook = await extension.activate();
  assert.ok(hook, 'activate() returns the test hook in test mode');
  return hook;
}

describe('MaaS Assistant in the extension host', () => {
  it('registers every command declared in package.json, and the id table equals the manifest', async () => {
    await activated();
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } };
    const declared = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(declared, Object.values(CommandId).sort());
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of declared) assert.ok(registered.has(id), `${id} is declared but not registered`);
    const ours = [...registered].filter((id) => id.startsWith('maas.') && !id.startsWith('maas.chatView'));
    assert.deepEqual(ours.sort(), declared, 'every registered maas.* command is declared in the manifest');
  });

  it('round-trips the API key through SecretStorage, and Clear API Key removes it', async () => {
    const hook = await activated();
    const before = await hook.apiKey.get();
    try {
      await hook.apiKey.set('  sk-host-test-0123456789  ');
      assert.equal(await hook.apiKey.get(), 'sk-host-test-0123456789', 'the key is stored trimmed');
      await vscode.commands.executeCommand(CommandId.clearApiKey);
      assert.equal(await hook.apiKey.get(), undefined, 'Clear API Key removed the key');
    } finally {
      // The key the other suites signed in with, if one ran before (the order is shuffled).
      if (before !== undefined) await hook.apiKey.set(before);
    }
  });

  it('refuses to store a blank key', async () => {
    const hook = await activated();
    await assert.rejects(hook.apiKey.set('   '), /blank/);
  });
});
