// How a streamed answer ends on the wire, against a scripted server: [DONE] on a connection left open, a finish
// reason then a dropped connection, a body whose first read is too short to tell SSE from JSON, an error object
// after some text, and a cancel that must close the socket at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { MaasClient } from '../../../../src/core/maasClient';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { FakeServer, sseChunk } from '../fakeServer';

const KEY = 'sk-unit-endings-0123456789';
const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
// A test that waits for the idle timeout (60 s by default) instead of finishing fails on this limit.
const PROMPT = { timeout: 10_000 };

interface Outcome {
  readonly events: ChatEvent[];
  readonly error?: ServiceError;
}

async function collect(client: MaasClient, signal?: AbortSignal, onEvent?: (event: ChatEvent) => void): Promise<Outcome> {
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

  it('tells an event stream under a JSON content type even when the first read holds only "da"', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('\nda', () => setTimeout(() => res.end(`ta: ${sseChunk('Sniffed').slice('data: '.length)}data: [DONE]\n\n`), 50));
    });
    const { events, error } = await collect(client);
    assert.equal(error, undefined, error?.message);
    assert.equal(textOf(events), 'Sniffed');
  });

  it('reads a JSON error body sent in pieces as the service error', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('{"error":{"message":"apikey', () => setTimeout(() => res.end('不存在","type":"svc_error","param":"","code":401}}'), 50));
    });
    const { error } = await collect(client);
    assert.equal(error?.kind, 'keyUnknown');
    assert.equal(error?.serverMessage, 'apikey不存在');
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
