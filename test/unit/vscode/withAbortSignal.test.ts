// The bridge from VS Code's CancellationToken to an AbortSignal: a cancel reaches the signal, an already-cancelled
// token gives an aborted one, and the token's listener is gone once the work ends, whether it succeeds or throws.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { withAbortSignal } from '../../../src/vscode/withAbortSignal';

/** A CancellationToken as VS Code's CancellationTokenSource hands it out, counting its listeners. */
class FakeToken implements vscode.CancellationToken {
  isCancellationRequested = false;
  private readonly listeners = new Set<() => void>();

  readonly onCancellationRequested = ((listener: () => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }) as vscode.CancellationToken['onCancellationRequested'];

  get listening(): number {
    return this.listeners.size;
  }

  cancel(): void {
    this.isCancellationRequested = true;
    for (const listener of [...this.listeners]) listener();
  }
}

describe('withAbortSignal', () => {
  it('aborts the signal when the token is cancelled while the work runs, then stops listening', async () => {
    const token = new FakeToken();
    let seen: AbortSignal | undefined;
    const result = await withAbortSignal(token, async (signal) => {
      seen = signal;
      assert.equal(signal.aborted, false);
      assert.equal(token.listening, 1);
      token.cancel();
      return signal.aborted;
    });
    assert.equal(result, true);
    assert.equal(seen?.aborted, true);
    assert.equal(token.listening, 0);
  });

  it('gives an aborted signal for a token cancelled before the work starts', async () => {
    const token = new FakeToken();
    token.cancel();
    assert.equal(await withAbortSignal(token, (signal) => Promise.resolve(signal.aborted)), true);
  });

  it('stops listening when the work throws, and passes the error on', async () => {
    const token = new FakeToken();
    await assert.rejects(
      withAbortSignal(token, () => Promise.reject(new Error('the service went away'))),
      /the service went away/,
    );
    assert.equal(token.listening, 0);
    token.cancel();
  });

  it("aborts the caller's own controller, which the caller may abort too", async () => {
    const token = new FakeToken();
    const controller = new AbortController();
    await withAbortSignal(
      token,
      (signal) => {
        assert.equal(signal, controller.signal);
        token.cancel();
        return Promise.resolve();
      },
      controller,
    );
    assert.equal(controller.signal.aborted, true);
  });
});
