import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWebviewMessage } from '../../../src/shared/protocol';

describe('webview -> host protocol', () => {
  it('accepts the known intents', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { ok: true, message: { type: 'ready' } });
    assert.deepEqual(parseWebviewMessage({ type: 'runCommand', command: 'setApiKey' }), {
      ok: true,
      message: { type: 'runCommand', command: 'setApiKey' },
    });
  });

  it('drops malformed messages with a reason', () => {
    for (const raw of [
      undefined,
      null,
      'ready',
      { type: 'nope' },
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
      { type: 'ready', extra: true },
      { type: 'runCommand' },
    ]) {
      const parsed = parseWebviewMessage(raw);
      assert.equal(parsed.ok, false, `accepted ${JSON.stringify(raw)}`);
      if (!parsed.ok) assert.ok(parsed.error.length > 0);
    }
  });
});
