// A retired client (what it was built from changed: an address, the proxy) against a scripted server: the answer in
// flight ends whole on the address it started with, a stream's retry after the retirement still goes out, and the
// connections close once nothing is under way; a disposed client (the extension's end) aborts at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { MaasClient } from '../../../../src/core/maasClient';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { FakeServer, sseChunk } from '../fakeServer';

const KEY = 'sk-unit-retire-0123456789';
const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
const sse = { 'content-type': 'text/event-stream' };
const PROMPT = { timeout: 10_000 };

/** A server answer held open after its first words, until the test writes the rest. */
interface HeldAnswer {
  readonly started: Promise<ServerResponse>;
}

function holdAfterFirstWords(server: FakeServer): HeldAnswer {
  let started!: (res: ServerResponse) => void;
  const promise = new Promise<ServerResponse>((resolve) => (started = resolve));
  server.reset((_req, res) => {
    res.writeHead(200, sse);
    res.write(sseChunk('The first words, '));
    started(res);
  });
  return { started: promise };
}

function finish(res: ServerResponse): void {
  res.write(sseChunk('and the last words.'));
  res.write(sseChunk('', 'stop'));
  res.end('data: [DONE]\n\n');
}

async function drain(stream: AsyncIterable<ChatEvent>): Promise<{ text: string; finish?: string; error?: ServiceError }> {
  let text = '';
  let reason: string | undefined;
  try {
    for await (const event of stream) {
      if (event.type === 'text') text += event.text;
      if (event.type === 'finish') reason = event.reason;
    }
    return { text, finish: reason };
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return { text, finish: reason, error };
  }
}

describe('a retired client', () => {
  let server: FakeServer;
  before(async () => (server = await FakeServer.start()));
  after(async () => server.stop());

  const newClient = (): MaasClient => new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), retry: { baseDelayMs: 1, maxDelayMs: 2 } });

  it('finishes the answer in flight whole, then closes its connection', PROMPT, async () => {
    const client = newClient();
    const held = holdAfterFirstWords(server);
    const answer = drain(client.streamChat(ASK));
    const res = await held.started;
    client.retire();
    finish(res);
    const outcome = await answer;
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.text, 'The first words, and the last words.');
    assert.equal(outcome.finish, 'stop');
    // Nothing is under way: the kept-alive connection is closed now, not after the keep-alive timeout.
    await server.seen[0]?.closed;
  });

  it('keeps an idle connection no longer than the retirement', PROMPT, async () => {
    const client = newClient();
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Done.'));
      res.write(sseChunk('', 'stop'));
      res.end('data: [DONE]\n\n');
    });
    assert.equal((await drain(client.streamChat(ASK))).text, 'Done.');
    client.retire();
    await server.seen[0]?.closed;
  });

  it('serves whoever still holds it: a retry after the retirement goes out and the answer ends whole', PROMPT, async () => {
    const client = newClient();
    let calls = 0;
    let firstRefused!: () => void;
    const refused = new Promise<void>((resolve) => (firstRefused = resolve));
    server.reset((_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify({ error: { message: '服务繁忙,请稍后再试' } }));
        firstRefused();
        return;
      }
      res.writeHead(200, sse);
      res.write(sseChunk('Answered after the retry.'));
      res.write(sseChunk('', 'stop'));
      res.end('data: [DONE]\n\n');
    });
    const answer = drain(client.streamChat(ASK));
    await refused;
    client.retire();
    const outcome = await answer;
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.text, 'Answered after the retry.');
    assert.equal(calls, 2);
    // A call made on the retired client after it went idle opens a new pool, and works.
    server.reset((_req, res) => {
      res.writeHead(200, sse);
      res.write(sseChunk('Later.'));
      res.write(sseChunk('', 'stop'));
      res.end('data: [DONE]\n\n');
    });
    assert.equal((await drain(client.streamChat(ASK))).text, 'Later.');
    await server.seen[0]?.closed;
  });

  it('a disposed client aborts the answer in flight (the extension is ending)', PROMPT, async () => {
    const client = newClient();
    const held = holdAfterFirstWords(server);
    const answer = drain(client.streamChat(ASK));
    await held.started;
    await client.dispose();
    const outcome = await answer;
    assert.ok(outcome.error !== undefined, 'the answer does not end normally');
    assert.equal(outcome.finish, undefined);
  });
});
