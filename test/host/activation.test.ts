// Runs first (files run in name order): the extension is not active until something asks for it, and activating it
// (loading the bundle and running activate()) is timed here, in the extension host.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';

const EXTENSION_ID = 'maas-assistant.maas-assistant';

describe('activation', () => {
  it('is not active until its view or a command is used; then it activates and reports the time', async () => {
    const extension = vscode.extensions.getExtension<MaasTestHook | undefined>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    assert.equal(extension.isActive, false, 'the extension activated before anything used it (an eager activation event?)');
    const started = performance.now();
    const hook = await extension.activate();
    const totalMs = performance.now() - started;
    assert.ok(hook, 'activate() returns the test hook in test mode');
    assert.equal(extension.isActive, true);
    assert.ok(hook.activationMs > 0 && hook.activationMs <= totalMs, `activate() took ${hook.activationMs} ms of ${totalMs} ms`);
    console.log(
      `    activation measured in the extension host: ${totalMs.toFixed(1)} ms in all (loading the bundle included), ${hook.activationMs.toFixed(1)} ms in activate()`,
    );
  });
});
