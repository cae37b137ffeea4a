// The completions' status bar item as the user sees it (off, on, working, paused and why, unable to ask and why) and
// the pause after a rate-limit or quota error: said in the status bar, never in a notification, and no request sent
// until it is over.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// First: the fake vscode module the modules below bind to.
import { world } from './editorVscode';
import { setUp, shown, type Fixture } from './completionFixture';
import { ServiceError } from '../../../../src/core/http/serviceError';

const CART = 'export function total(items: Item[]): number {\n  return \n}\n';

/** Resolves once the item's tooltip matches `pattern` (the item is updated on events: settings, key, engine). */
async function until(fixture: Fixture, pattern: RegExp): Promise<void> {
  while (!pattern.test(fixture.item.tooltip ?? ''))
    await new Promise<void>((resolve) => {
      const subscription = fixture.feature.status.onDidChange(() => {
        subscription.dispose();
        resolve();
      });
    });
}

describe('the completions status bar item', () => {
  it('shows off, and toggles completions when clicked', async () => {
    const fixture = setUp({ completionsEnabled: false });
    await until(fixture, /are off/);
    assert.match(fixture.item.text, /\$\(circle-slash\) Completions/);
    assert.equal(fixture.item.command, 'maas.toggleCompletions');
    assert.equal(fixture.item.visible, true);
    fixture.set({ completionsEnabled: true });
    await until(fixture, /are on\./);
    assert.match(fixture.item.text, /\$\(sparkle\)/);
  });

  it('without an API key: says so, sends nothing, shows no notification; asks once a key is set', async () => {
    const fixture = setUp({}, false);
    await until(fixture, /wait for an API key/);
    assert.match(fixture.item.text, /^\$\(warning\) Completions: no key$/);
    assert.equal(await fixture.provide({ text: CART }, [1, 9]).result, undefined);
    assert.equal(fixture.backend.calls.length, 0);
    assert.deepEqual(world.notifications, []);
    fixture.setKey(true);
    await until(fixture, /are on\./);
    void fixture.provide({ text: CART }, [1, 9]);
    await fixture.backend.call(1);
  });

  it('without a service address: says so, sends nothing, shows no notification', async () => {
    const fixture = setUp({ baseUrl: '' });
    await until(fixture, /wait for a service address/);
    assert.match(fixture.item.text, /^\$\(warning\) Completions: no address$/);
    assert.equal(await fixture.provide({ text: CART }, [1, 9]).result, undefined);
    assert.equal(fixture.backend.calls.length, 0);
    assert.deepEqual(world.notifications, []);
  });

  it('shows working while a request is in flight, and on again after it', async () => {
    const fixture = setUp();
    await until(fixture, /are on\./);
    const { result } = fixture.provide({ text: CART }, [1, 9]);
    const call = await fixture.backend.call(1);
    await until(fixture, /asking the service/);
    assert.match(fixture.item.text, /\$\(loading~spin\)/);
    call.text('items.length;');
    call.end();
    assert.equal(shown(await result)?.text, 'items.length;');
    await until(fixture, /are on\./);
  });
});

describe('the pause after a rate-limit or quota error', () => {
  it('429: paused until the Retry-After with the reason in the status bar, nothing sent meanwhile, no notification', async () => {
    const fixture = setUp();
    const first = fixture.provide({ text: CART }, [1, 9]);
    (await fixture.backend.call(1)).fail(new ServiceError('busy', 'The service answered HTTP 429', { status: 429, retryAfterMs: 20_000 }));
    assert.equal(await first.result, undefined);
    await until(fixture, /paused until .*busy or limits the rate/);
    assert.match(fixture.item.text, /^\$\(debug-pause\) Completions: rate limited$/);
    for (let keystroke = 0; keystroke < 5; keystroke++) assert.equal(await fixture.provide({ text: CART }, [1, 9]).result, undefined);
    assert.equal(fixture.backend.calls.length, 1, 'no request while paused');
    assert.deepEqual(world.notifications, []);
    fixture.clock.advance(20_000);
    await until(fixture, /are on\./);
    void fixture.provide({ text: CART }, [1, 9]);
    await fixture.backend.call(2);
  });

  it('a retry the client is about to make for a busy service pauses at once, without waiting for it', async () => {
    const fixture = setUp();
    const first = fixture.provide({ text: CART }, [1, 9]);
    const call = await fixture.backend.call(1);
    call.send({
      type: 'retry',
      attempt: 1,
      maxAttempts: 3,
      delayMs: 1000,
      error: new ServiceError('busy', 'The service answered HTTP 503: 服务繁忙', { status: 503 }),
    });
    assert.equal(await first.result, undefined);
    await until(fixture, /busy or limits the rate/);
    assert.equal(call.signal.aborted || call.finished, true, 'the request is not read on');
  });

  it('quota: paused with the reason that the balance is spent', async () => {
    const fixture = setUp();
    const first = fixture.provide({ text: CART }, [1, 9]);
    (await fixture.backend.call(1)).fail(new ServiceError('insufficientBalance', 'The service answered HTTP 403: 余额不足', { status: 403 }));
    assert.equal(await first.result, undefined);
    await until(fixture, /paused until .*no balance left/);
    assert.match(fixture.item.text, /^\$\(debug-pause\) Completions: no balance$/);
    assert.equal(await fixture.provide({ text: CART }, [1, 9]).result, undefined);
    assert.equal(fixture.backend.calls.length, 1);
    assert.deepEqual(world.notifications, []);
  });
});
