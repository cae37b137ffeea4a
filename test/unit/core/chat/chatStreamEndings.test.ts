// How a streamed answer ends on the wire, against a scripted server: [DONE] on a connection left open, a finish
// reason then a dropped connection or an open one (the finish grace), an error object after some text, and a cancel
// that must close the socket at once. What must hold wherever the reads split a body (a first read too short to tell
// SSE from JSON, an error body in pieces) is checked at every split point, with reads the test chooses.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import type { ChatEvent, ChatResult } from '../../../../src/core/chat/chatEvents';
import type { Sleeper } from '../../../../src/core/http/sleep';
import { MaasClient } from '../../../../src/core/maasClient';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { FakeServer, sseChunk } from '../fakeServer';
import { clientReading, everySplit } from './piecewiseBody';

const KEY = 'sk-unit-endings-0123456789';
const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
// A test that waits for the idle timeout (60 s by default) instead of finishing fails on this limit.
const PROMPT = { timeout: 10_000 };

interface Outcome {
  readonly events: ChatEvent[];
  readonly error?: ServiceError;
}

async function collect(client: Pick<MaasClient, 'streamChat'>, signal?: AbortSignal, onEvent?: (event: ChatEvent) => void): Promise<Outcome> {
  const events: ChatEvent[] = [];
  try {
    for await (const event of client.streamChat(ASK, { signal })) {
      events.push(event);
      onEvent?.(event);
    }
    return { events };
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return { events, error };
  }
}

const textOf = (events: readonly ChatEvent[]): string => events.map((e) => (e.type === 'text' ? e.text : '')).join('');
const sse = { 'content-type': 'text/event-stream' };

describe('chat stream endings against a scripted server', () => {
  let server: FakeServer;
  let client: MaasClient;
  before(async () => {
    server = await FakeServer.start();
    client = new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), retry: { baseDelayMs: 1, maxDelayMs: 2 } });
  });
  after(async () => {
    await client.dispose();
    await server.stop();
  });

  it('finishes at [DONE] although the server keeps the connection open, and closes it', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Hello') + sseChunk('', 'stop') + 'data: [DONE]\n\n'); // and never ends
    });
    const { events, error } = await collect(client);
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'Hello');
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
    await server.seen[0]?.closed;
  });

  it('takes a finish reason followed by a dropped connection as complete, as when the body ends cleanly', PROMPT, async () => {
    const outcomes: Outcome[] = [];
    for (const ending of ['drop', 'end'] as const) {
      server.reset((_req, res) => {
        res.writeHead(200, sse);
        res.write(sseChunk('All ') + sseChunk('said.', 'stop'), () => (ending === 'drop' ? res.socket?.destroy() : res.end()));
      });
      outcomes.push(await collect(client));
    }
    for (const { events, error } of outcomes) {
      assert.equal(error, undefined, error?.message);
      assert.equal(textOf(events), 'All said.');
      assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
    }
  });

  describe('a finish reason on a connection that stays open without [DONE]', () => {
    const GRACE = 1500;
    const USAGE = { promptTokens: 5, completionTokens: 2, totalTokens: 7 };
    const usageOnly = `data: ${JSON.stringify({ id: 'cmpl-test', choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } })}\n\n`;
    /** A client whose waits are recorded; `wait` decides when each one ends (the finish grace among them). */
    const graceful = (wait: (call: number) => Promise<void>): { client: MaasClient; sleeps: number[] } => {
      const sleeps: number[] = [];
      const sleep: Sleeper = (ms) => {
        sleeps.push(ms);
        return wait(sleeps.length);
      };
      return { client: new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), timeouts: { finishGraceMs: GRACE }, sleep }), sleeps };
    };
    const never = (): Promise<void> => new Promise<void>(() => undefined);
    /**
     * The answer's last chunk, then its usage in a chunk of its own, then `tail`; the connection stays open. Each
     * further piece is written by the returned `next`, which a test calls when the client starts a grace: the client
     * has read all that came before and waits, so each piece arrives after the grace it is meant to fall in, however
     * late the machine runs the two sides.
     */
    const finishThenUsage = (tail?: string): (() => void) => {
      const pieces = [usageOnly, ...(tail === undefined ? [] : [tail])];
      let response: ServerResponse | undefined;
      server.reset((_req, res) => {
        res.writeHead(200, sse);
        res.write(sseChunk('Hi', 'stop'));
        response = res;
      });
      return () => {
        const piece = pieces.shift();
        if (piece !== undefined) response?.write(piece);
      };
    };
    async function chatWith(next: () => void, wait: (call: number) => Promise<void>): Promise<{ result: ChatResult; sleeps: number[] }> {
      const { client: patient, sleeps } = graceful((call) => {
        next();
        return wait(call);
      });
      try {
        return { result: await patient.chat(ASK), sleeps };
      } finally {
        await patient.dispose();
      }
    }

    it('ends the answer once the grace has passed without more data, and closes the connection', PROMPT, async () => {
      server.reset((_req, res) => {
        res.writeHead(200, sse);
        res.write(sseChunk('Hello') + sseChunk('', 'stop')); // and never ends
      });
      const { client: quick, sleeps } = graceful(() => Promise.resolve());
      try {
        const { events, error } = await collect(quick);
        assert.equal(error, undefined, error?.message);
        assert.equal(textOf(events), 'Hello');
        assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
        await server.seen[0]?.closed;
        const result = await quick.chat(ASK);
        assert.equal(result.text, 'Hello');
        assert.equal(result.ended, 'finishReason');
        assert.deepEqual(sleeps, [GRACE, GRACE], 'one grace per answer, through the injected sleeper');
      } finally {
        await quick.dispose();
      }
    });

    it('stops a grace still running when [DONE] ends the answer: no timer is left behind', PROMPT, async () => {
      const next = finishThenUsage('data: [DONE]\n\n');
      const signals: (AbortSignal | undefined)[] = [];
      const sleep: Sleeper = (_ms, signal) => {
        signals.push(signal);
        next();
        return never();
      };
      const watched = new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), timeouts: { finishGraceMs: GRACE }, sleep });
      try {
        assert.equal((await watched.chat(ASK)).ended, 'done');
        assert.equal(signals.length, 2, 'a grace after the finish reason, another after the usage');
        assert.deepEqual(
          signals.map((signal) => signal?.aborted),
          signals.map(() => true),
          'every grace is stopped',
        );
      } finally {
        await watched.dispose();
      }
    });

    it('keeps the usage and the [DONE] that arrive within the grace', PROMPT, async () => {
      const { result } = await chatWith(finishThenUsage('data: [DONE]\n\n'), never);
      assert.equal(result.text, 'Hi');
      assert.deepEqual(result.usage, USAGE);
      assert.equal(result.ended, 'done');
    });

    it('counts the grace from the last data: usage sent after the finish reason, then silence, is kept', PROMPT, async () => {
      // The grace after the finish reason lasts until the usage arrives; the one after the usage passes at once.
      const { result, sleeps } = await chatWith(finishThenUsage(), (call) => (call === 1 ? never() : Promise.resolve()));
      assert.equal(result.text, 'Hi');
      assert.deepEqual(result.usage, USAGE);
      assert.equal(result.finishReason, 'stop');
      assert.equal(result.ended, 'finishReason');
      assert.deepEqual(sleeps, [GRACE, GRACE]);
      await server.seen[0]?.closed;
    });
  });

  it('reports a connection dropped before any finish reason as interrupted, with the partial text', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Half an ans'), () => res.socket?.destroy());
    });
    const { events, error } = await collect(client);
    assert.equal(textOf(events), 'Half an ans');
    assert.equal(error?.kind, 'interrupted');
    assert.equal(error?.partialText, 'Half an ans');
  });

  it('tells an event stream under a JSON content type wherever the first read ends, "\\nda" among them', PROMPT, async () => {
    for (const { at, pieces } of everySplit(`\n${sseChunk('Sniffed')}data: [DONE]\n\n`)) {
      const { events, error } = await collect(clientReading(pieces, 'application/json'));
      assert.equal(error, undefined, `first read of ${at} bytes: ${error?.message}`);
      assert.equal(textOf(events), 'Sniffed', `first read of ${at} bytes`);
    }
  });

  it('reads a JSON error body as the service error wherever the reads split it, inside a character too', PROMPT, async () => {
    for (const { at, pieces } of everySplit('{"error":{"message":"apikey不存在","type":"svc_error","param":"","code":401}}')) {
      const { error } = await collect(clientReading(pieces, 'text/plain'));
      assert.equal(error?.kind, 'keyUnknown', `first read of ${at} bytes`);
      assert.equal(error?.serverMessage, 'apikey不存在', `first read of ${at} bytes`);
    }
  });

  it('keeps the text that came before an error object in the same read, reports the error and does not retry', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Kept text') + 'data: {"error":{"message":"服务繁忙,请稍后再试","type":"svc_error","param":"","code":503}}\n\n');
    });
    const { events, error } = await collect(client);
    assert.equal(textOf(events), 'Kept text');
    assert.equal(error?.kind, 'busy');
    assert.equal(error?.partialText, 'Kept text');
    assert.equal(server.seen.length, 1, 'no retry once text was shown');
    await server.seen[0]?.closed;
  });

  it('reports silence longer than idleMs as a timeout before any text, and as interrupted with the text after it', PROMPT, async () => {
    const quick = new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), retry: { maxAttempts: 1 }, timeouts: { idleMs: 200 } });
    try {
      for (const [first, kind] of [
        ['', 'timeout'],
        ['Some text', 'interrupted'],
      ] as const) {
        server.reset((_req, res) => {
          res.writeHead(200, sse);
          res.write(sseChunk(first)); // then silence
        });
        const { error } = await collect(quick);
        assert.equal(error?.kind, kind, error?.message);
        assert.equal(error?.kind === 'interrupted' ? error.partialText : '', first);
      }
    } finally {
      await quick.dispose();
    }
  });

  it('closes the socket at once when the caller cancels mid-stream', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Before the cancel')); // then silence, far shorter than any timeout would notice
    });
    const controller = new AbortController();
    const { events, error } = await collect(client, controller.signal, (event) => {
      if (event.type === 'text') controller.abort();
    });
    assert.equal(textOf(events), 'Before the cancel');
    assert.equal(error?.kind, 'cancelled');
    await server.seen[0]?.closed;
  });
});
