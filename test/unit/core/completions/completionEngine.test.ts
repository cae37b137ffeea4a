// The completion engine's request discipline, driven by a clock moved by hand and a backend fed by the test: the
// debounce, one request in flight, the abort on cancel, the stream cut once the suggestion is decided, the cache, and
// the pause on a rate-limit or quota error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { CompletionEngine, type CompletionState } from '../../../../src/core/completions/completionEngine';
import type { CompletionRequest } from '../../../../src/core/completions/completionRequest';
import { FakeBackend, ManualClock } from './completionFakes';

const PREFIX = 'export function total(items: Item[]): number {\n  return ';
const SUFFIX = '\n}\n';
const DEBOUNCE = 300;

function setUp(): { engine: CompletionEngine; backend: FakeBackend; clock: ManualClock; states: CompletionState[] } {
  const backend = new FakeBackend();
  const clock = new ManualClock();
  const engine = new CompletionEngine({ streamChat: backend.streamChat, clock, options: { debounceMs: DEBOUNCE } });
  const states: CompletionState[] = [];
  engine.onDidChangeState((state) => states.push(state));
  return { engine, backend, clock, states };
}

function request(prefix: string, extra: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    path: 'src/cart.ts',
    language: 'typescript',
    window: { prefix, suffix: SUFFIX },
    mode: 'line',
    trigger: 'explicit',
    signal: new AbortController().signal,
    ...extra,
  };
}

/** Why the engine is paused; undefined when it is not. */
function pauseReason(engine: CompletionEngine): string | undefined {
  const state = engine.state;
  return state.kind === 'paused' ? state.reason : undefined;
}

function nextState(engine: CompletionEngine): Promise<CompletionState> {
  return new Promise((resolve) => {
    const subscription = engine.onDidChangeState((state) => {
      subscription.dispose();
      resolve(state);
    });
  });
}

describe('the completion engine: debounce', () => {
  it('sends one request for a burst of keystrokes, once typing has paused for the debounce', async () => {
    const { engine, backend, clock } = setUp();
    const typed = ['i', 'it', 'ite', 'item', 'items'];
    const results = typed.map((word, i) => {
      const result = engine.complete(request(`${PREFIX}${word}`, { trigger: 'automatic' }));
      return { result, registered: clock.untilWaiting(1).then(() => i) };
    });
    await Promise.all(results.map((r) => r.registered));
    assert.equal(clock.waiting, 1, 'each keystroke ends the wait of the one before');
    for (const earlier of results.slice(0, -1)) assert.equal(await earlier.result, undefined);
    clock.advance(DEBOUNCE - 1);
    assert.equal(backend.calls.length, 0);
    clock.advance(1);
    const call = await backend.call(1);
    assert.match(call.prompt, /return items<\|cursor\|>/);
    call.text('.length;');
    call.end();
    assert.deepEqual(await results[results.length - 1]?.result, { insertText: '.length;', replaceBefore: 0, replaceAfter: 0 });
    assert.equal(backend.calls.length, 1);
  });

  it('asks at once when the user asks explicitly', async () => {
    const { engine, backend, clock } = setUp();
    const result = engine.complete(request(PREFIX));
    const call = await backend.call(1);
    assert.equal(clock.waiting, 0);
    call.text('items.length;');
    call.end();
    assert.equal((await result)?.insertText, 'items.length;');
  });
});

describe('the completion engine: requests', () => {
  it('keeps at most one request in flight: a new one aborts the one before it first', async () => {
    const { engine, backend } = setUp();
    const first = engine.complete(request(`${PREFIX}i`));
    const firstCall = await backend.call(1);
    const second = engine.complete(request(`${PREFIX}it`));
    const secondCall = await backend.call(2);
    assert.equal(firstCall.signal.aborted, true);
    assert.equal(secondCall.othersOpen, 0, 'the first request was aborted before the second was sent');
    assert.equal(await first, undefined);
    secondCall.text('ems.length;');
    secondCall.end();
    assert.equal((await second)?.insertText, 'ems.length;');
  });

  it('aborts the request the moment the caller cancels it, and shows nothing', async () => {
    const { engine, backend, states } = setUp();
    const cancel = new AbortController();
    const result = engine.complete(request(PREFIX, { signal: cancel.signal }));
    const call = await backend.call(1);
    call.text('items.');
    cancel.abort();
    assert.equal(await result, undefined);
    assert.equal(call.signal.aborted, true);
    assert.deepEqual(
      states.map((s) => s.kind),
      ['working', 'idle'],
    );
  });

  it('cancels a call still waiting out its debounce without sending anything', async () => {
    const { engine, backend, clock } = setUp();
    const cancel = new AbortController();
    const result = engine.complete(request(PREFIX, { trigger: 'automatic', signal: cancel.signal }));
    await clock.untilWaiting(1);
    cancel.abort();
    assert.equal(await result, undefined);
    clock.advance(DEBOUNCE);
    assert.equal(backend.calls.length, 0);
  });

  it('cuts a single-line answer at its first line: the stream is aborted before the model has finished', async () => {
    const { engine, backend } = setUp();
    const result = engine.complete(request(PREFIX));
    const call = await backend.call(1);
    call.text('items', '.length;', '\n}\n\nexport function count(items: Item[]): number {\n');
    call.end();
    assert.deepEqual(await result, { insertText: 'items.length;', replaceBefore: 0, replaceAfter: 0 });
    assert.equal(call.signal.aborted, true);
    assert.equal(call.closedEarly, true);
    assert.equal(call.request.max_tokens, 128);
    assert.equal(call.request.messages[0]?.role, 'system');
  });

  it('cuts a block answer once the block has ended', async () => {
    const { engine, backend } = setUp();
    const result = engine.complete(
      request('export function add(a: number, b: number): number {\n  ', {
        mode: 'block',
        window: { prefix: 'export function add(a: number, b: number): number {\n  ', suffix: '\n}\n' },
      }),
    );
    const call = await backend.call(1);
    call.text('return a + b;\n', '}\n', '\nexport function');
    call.end();
    assert.equal((await result)?.insertText, 'return a + b;');
    assert.equal(call.closedEarly, true);
  });

  it('starts the suggestion with the selected IntelliSense item, replacing what its range covers', async () => {
    const { engine, backend } = setUp();
    const result = engine.complete(request(`${PREFIX}it`, { selected: { text: 'items', replaceBefore: 2, replaceAfter: 0 } }));
    const call = await backend.call(1);
    assert.match(call.prompt, /return items<\|cursor\|>/);
    call.text('items.length;\n');
    call.end();
    assert.deepEqual(await result, { insertText: 'items.length;', replaceBefore: 2, replaceAfter: 0 });
  });
});

describe('the completion engine: cache', () => {
  async function primed(): Promise<ReturnType<typeof setUp>> {
    const setup = setUp();
    const result = setup.engine.complete(request(PREFIX));
    const call = await setup.backend.call(1);
    call.text('items.length;');
    call.end();
    assert.equal((await result)?.insertText, 'items.length;');
    return setup;
  }

  it('sends nothing while the user types through the suggestion, and waits for no debounce', async () => {
    const { engine, backend, clock } = await primed();
    for (const typed of ['i', 'items', 'items.len']) {
      const suggestion = await engine.complete(request(`${PREFIX}${typed}`, { trigger: 'automatic' }));
      assert.equal(`${typed}${suggestion?.insertText ?? ''}`, 'items.length;');
    }
    assert.equal(backend.calls.length, 1);
    assert.equal(clock.waiting, 0);
  });

  it('sends nothing when the user deletes and types again', async () => {
    const { engine, backend } = await primed();
    const away = engine.complete(request(`${PREFIX}x`));
    const call = await backend.call(2);
    call.text(' + 1;');
    call.end();
    assert.equal((await away)?.insertText, ' + 1;');
    assert.equal((await engine.complete(request(PREFIX)))?.insertText, 'items.length;');
    assert.equal((await engine.complete(request(`${PREFIX}x`)))?.insertText, ' + 1;');
    assert.equal(backend.calls.length, 2);
  });
});

describe('the completion engine: pauses', () => {
  it('pauses on a rate-limit error for the time the service asks, sends nothing meanwhile, and resumes by itself', async () => {
    const { engine, backend, clock, states } = setUp();
    const result = engine.complete(request(PREFIX));
    (await backend.call(1)).fail(new ServiceError('busy', 'The service answered HTTP 429', { status: 429, retryAfterMs: 20_000 }));
    assert.equal(await result, undefined);
    const paused = engine.state;
    assert.equal(paused.kind, 'paused');
    assert.equal(pauseReason(engine), 'rateLimited');
    assert.equal(paused.kind === 'paused' && paused.until, clock.now() + 20_000);
    assert.equal(await engine.complete(request(`${PREFIX}x`)), undefined);
    assert.equal(backend.calls.length, 1);
    clock.advance(19_999);
    assert.equal(engine.state.kind, 'paused');
    const resumed = nextState(engine);
    clock.advance(1);
    assert.equal((await resumed).kind, 'idle');
    assert.deepEqual(
      states.map((s) => s.kind),
      ['working', 'paused', 'idle'],
    );
    const again = engine.complete(request(`${PREFIX}y`));
    const call = await backend.call(2);
    call.text(' + 1;');
    call.end();
    assert.equal((await again)?.insertText, ' + 1;');
  });

  it('pauses on an exhausted balance, and when the client reports a busy service it would retry', async () => {
    const quota = setUp();
    const result = quota.engine.complete(request(PREFIX));
    (await quota.backend.call(1)).fail(new ServiceError('insufficientBalance', 'The service answered HTTP 403: 余额不足', { status: 403 }));
    assert.equal(await result, undefined);
    assert.equal(pauseReason(quota.engine), 'quota');

    const busy = setUp();
    const waiting = busy.engine.complete(request(PREFIX));
    const call = await busy.backend.call(1);
    call.send({
      type: 'retry',
      attempt: 2,
      maxAttempts: 4,
      delayMs: 1000,
      error: new ServiceError('busy', 'The service answered HTTP 503: 服务繁忙', { status: 503 }),
    });
    assert.equal(await waiting, undefined);
    assert.equal(call.signal.aborted, true, 'the retry is not waited for');
    assert.equal(pauseReason(busy.engine), 'rateLimited');
  });

  it('goes on after an error the next request need not meet, and resumes at once when asked', async () => {
    const { engine, backend } = setUp();
    const failed = engine.complete(request(PREFIX));
    (await backend.call(1)).fail(new ServiceError('network', 'connection reset'));
    assert.equal(await failed, undefined);
    assert.equal(engine.state.kind, 'idle');
    const next = engine.complete(request(`${PREFIX}x`));
    (await backend.call(2)).fail(new ServiceError('keyDisabled', 'The service answered HTTP 403: apikey被禁用', { status: 403 }));
    assert.equal(await next, undefined);
    assert.equal(pauseReason(engine), 'access');
    engine.resume();
    assert.equal(engine.state.kind, 'idle');
    const after = engine.complete(request(`${PREFIX}y`));
    (await backend.call(3)).end();
    assert.equal(await after, undefined, 'an empty answer shows nothing');
  });
});
