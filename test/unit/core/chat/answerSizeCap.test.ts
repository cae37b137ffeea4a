// The size cap of one chat answer, against a scripted server: a stream that never stops and a JSON body past the cap
// end with a 'tooLarge' error (the stream keeping the text that arrived, the connection closed at once); an answer
// within the cap is read whole. The extension host holds no more than the cap for one answer, whatever a service sends.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_ANSWER_BYTES } from '../../../../src/core/chat/chatClient';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { MaasClient } from '../../../../src/core/maasClient';
import { FakeServer, sseChunk } from '../fakeServer';

const KEY = 'sk-unit-size-cap-0123456789';
const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
const PROMPT = { timeout: 20_000 };

/** Writes `piece` again and again, as fast as the client reads, until the client goes away. */
function endless(res: ServerResponse, piece: string): void {
  const write = (): void => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', write);
  };
  res.on('close', () => res.removeAllListeners('drain'));
  write();
}

async function streamed(client: MaasClient): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    for await (const event of client.streamChat(ASK) as AsyncIterable<ChatEvent>) if (event.type === 'text') text += event.text;
    return { text, error: undefined };
  } catch (error) {
    return { text, error };
  }
}

describe('the size cap of one answer', () => {
  let server: FakeServer;
  const clients: MaasClient[] = [];
  const clientWith = (maxAnswerBytes?: number): MaasClient => {
    const client = new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve(KEY), retry: { baseDelayMs: 1, maxDelayMs: 2 }, maxAnswerBytes });
    clients.push(client);
    return client;
  };
  before(async () => {
    server = await FakeServer.start();
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await server.stop();
  });

  it('a stream that never stops ends at the default cap with a tooLarge error, the text so far kept, the connection closed', PROMPT, async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      endless(res, sseChunk('word '.repeat(200)));
    });
    const { text, error } = await streamed(clientWith());
    assert.ok(error instanceof ServiceError, String(error));
    assert.equal(error.kind, 'tooLarge');
    assert.equal(error.retryable, false);
    assert.ok(text.length > 1_000_000 && text.length < DEFAULT_MAX_ANSWER_BYTES, `text kept: ${text.length} characters`);
    assert.equal(error.partialText, text, 'the error carries the text that was shown');
    await server.seen[0]?.closed;
    assert.equal(server.seen.length, 1, 'not retried');
  });

  it('a non-stream JSON body past the cap is refused with the same error; a JSON body and a stream within it are read whole', PROMPT, async () => {
    const answer = (content: string): string =>
      JSON.stringify({
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    server.reset((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer('x'.repeat(200_000))));
    const small = clientWith(100_000);
    await assert.rejects(small.chat(ASK), (error: unknown) => error instanceof ServiceError && error.kind === 'tooLarge');
    server.reset((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer('y'.repeat(90_000))));
    assert.equal((await small.chat(ASK)).text, 'y'.repeat(90_000));
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sseChunk('z'.repeat(50_000)) + sseChunk('', 'stop') + 'data: [DONE]\n\n');
    });
    const { text, error } = await streamed(small);
    assert.equal(error, undefined, 'a streamed answer within the cap is read whole');
    assert.equal(text, 'z'.repeat(50_000));
  });
});
