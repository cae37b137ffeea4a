// A JSON body (or an event stream) that begins with a byte order mark (U+FEFF, as some Windows-hosted
// gateways write it) is read like one without: a non-stream answer, an error body, and a stream under either type.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sniffBody } from '../../../../src/core/chat/chatClient';
import { ChatStreamDecoder } from '../../../../src/core/chat/chatStreamDecoder';
import { MaasClient } from '../../../../src/core/maasClient';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { FakeServer, sseChunk } from '../fakeServer';

const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
const BOM = '\uFEFF';

describe('a body that begins with a byte order mark', () => {
  let server: FakeServer;
  let client: MaasClient;
  before(async () => {
    server = await FakeServer.start();
    client = new MaasClient({ baseUrl: server.url, getApiKey: () => Promise.resolve('sk-unit-bom-0123456789'), retry: { maxAttempts: 1 } });
  });
  after(async () => {
    await client.dispose();
    await server.stop();
  });

  it('a non-stream JSON answer', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(BOM + JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }] }));
    });
    const result = await client.chat(ASK);
    assert.equal(result.text, 'Hello');
    assert.equal(result.ended, 'json');
  });

  it('an error body keeps its kind and message', async () => {
    server.reset((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(BOM + JSON.stringify({ error: { message: 'apikey被禁用', type: 'svc_error', param: '', code: 403 } }));
    });
    await assert.rejects(
      client.chat(ASK),
      (error: unknown) => error instanceof ServiceError && error.kind === 'keyDisabled' && error.serverMessage === 'apikey被禁用',
    );
  });

  for (const type of ['text/event-stream', 'application/json']) {
    it(`an event stream under ${type}`, async () => {
      server.reset((_req, res) => {
        res.writeHead(200, { 'content-type': type });
        res.end(BOM + sseChunk('Streamed') + sseChunk('', 'stop') + 'data: [DONE]\n\n');
      });
      let text = '';
      for await (const event of client.streamChat(ASK)) if (event.type === 'text') text += event.text;
      assert.equal(text, 'Streamed');
    });
  }
});

describe('telling a stream from JSON after a byte order mark', () => {
  it('waits when the first read ends inside the mark, then tells by what follows it', () => {
    const mark = Buffer.from(BOM);
    assert.equal(sniffBody([mark.subarray(0, 2)]), undefined);
    assert.equal(sniffBody([mark.subarray(0, 2), Buffer.concat([mark.subarray(2), Buffer.from('data: {}')])]), 'sse');
    assert.equal(sniffBody([mark, Buffer.from(' {"choices":[]}')]), 'json');
  });
});

describe('the stream decoder and a byte order mark', () => {
  /** The answer text of `bytes` read in two parts split at `at`. */
  function textSplitAt(bytes: Buffer, at: number): string {
    const decoder = new ChatStreamDecoder();
    const events = [...decoder.push(bytes.subarray(0, at)), ...decoder.push(bytes.subarray(at)), ...decoder.end()];
    return events.map((event) => (event.type === 'text' ? event.text : '')).join('');
  }

  it('drops the mark that begins the body, wherever the reads split it', () => {
    const bytes = Buffer.from(BOM + sseChunk('读 aloud') + sseChunk('', 'stop') + 'data: [DONE]\n\n');
    for (let at = 0; at <= bytes.length; at++) assert.equal(textSplitAt(bytes, at), '读 aloud', `split at byte ${at}`);
  });

  it('keeps U+FEFF that is part of the answer text', () => {
    const bytes = Buffer.from(sseChunk(`${BOM}a${BOM}b`) + sseChunk('', 'stop') + 'data: [DONE]\n\n');
    for (const at of [0, 6, 40, bytes.length]) assert.equal(textSplitAt(bytes, at), `${BOM}a${BOM}b`);
  });
});
