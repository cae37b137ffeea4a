// The extension is not active until something asks for it, and activating it (loading the bundle and running
// activate()) is timed in the extension host. The suite's entry point activates it before any test (firstActivation.ts),
// so this holds whichever file runs first.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, firstActivation } from './firstActivation';

describe('activation', () => {
  it('is not active until its view or a command is used; then it activates and reports the time', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    const first = firstActivation();
    assert.ok(first, 'the suite entry point (test/host/index.ts) measured the first activation');
    assert.equal(first.activeBefore, false, 'the extension activated before anything used it (an eager activation event?)');
    assert.ok(first.hook, 'activate() returns the test hook in test mode');
    assert.equal(extension.isActive, true);
    const { activationMs } = first.hook;
    assert.ok(activationMs > 0 && activationMs <= first.totalMs, `activate() took ${activationMs} ms of ${first.totalMs} ms`);
    console.log(
      `    activation measured in the extension host: ${first.totalMs.toFixed(1)} ms in all (loading the bundle included), ${activationMs.toFixed(1)} ms in activate()`,
    );
  });
});
