// --upstream: generation delegated to an OpenAI-compatible server (a tiny one started here), still wrapped in the
// local service's auth, errors, token rule and stream shape.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chat, lastChunk, startTestService, streamedContent, userAsks } from './serviceHarness';
import { formatCompletionPrompt } from '../../packages/completions/completionPrompt';
import type { LocalService } from '../src/localService';

const received: { model: string; messages: { role: string; content: string }[]; stream: boolean }[] = [];
let upstream: Server;
let service: LocalService;

/** The fake upstream: the last user message chooses the behaviour. */
function startUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as (typeof received)[number];
      received.push(parsed);
      const question = parsed.messages.at(-1)?.content ?? '';
      const status = /status (\d{3})/.exec(question)?.[1];
      if (status) {
        res.writeHead(Number(status), { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'upstream says no' } }));
        return;
      }
      const pieces = question.includes('leak') ? ['Safe start, ', 'then forbidden-topic', ' and the rest'] : ['Hello', ' from', ' upstream', '.'];
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of pieces)
        res.write(
          `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
        );
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  upstream = await startUpstream();
  service = await startTestService({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, upstreamModel: 'tiny-model' });
});
after(async () => {
  await service?.stop();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

describe('upstream delegation', () => {
  it('streams the upstream answer in the service stream shape, with this service usage', async () => {
    const reply = await chat(service.baseUrl, userAsks('hi there'));
    assert.equal(streamedContent(reply.text), 'Hello from upstream.');
    const last = lastChunk(reply.text);
    assert.equal(last.choices[0]?.finish_reason, 'stop');
    assert.equal(last.usage.completion_tokens, 4);
    assert.match(last.id, /^cmpl-/);
    assert.equal(last.model, 'svc_llm');
    assert.equal(received.at(-1)?.model, 'tiny-model');
    assert.equal(received.at(-1)?.stream, true);
  });

  it('non-streaming collects the upstream answer', async () => {
    const reply = await chat(service.baseUrl, userAsks('hi there', { stream: false }));
    assert.equal(reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content, 'Hello from upstream.');
  });

  it('still authenticates locally: the upstream is never asked for a bad key', async () => {
    const before = received.length;
    assert.equal((await chat(service.baseUrl, userAsks('hi'), 'sk-wrong')).status, 401);
    assert.equal(received.length, before);
  });

  it('forwards a completion prompt unchanged: the upstream model completes the code, not the local completer', async () => {
    const { system, user } = formatCompletionPrompt({ path: 'src/a.ts', language: 'typescript', mode: 'line', prefix: 'const x = [1, 2', suffix: '' });
    const messages = [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ];
    const reply = await chat(service.baseUrl, { model: 'svc_llm', messages, max_tokens: 64, temperature: 0.2 });
    assert.equal(streamedContent(reply.text), 'Hello from upstream.');
    assert.deepEqual(received.at(-1)?.messages, messages);
  });

  it('max_tokens cuts the upstream answer with length', async () => {
    const reply = await chat(service.baseUrl, userAsks('hi', { max_tokens: 2 }));
    assert.equal(streamedContent(reply.text), 'Hello from');
    assert.equal(lastChunk(reply.text).choices[0]?.finish_reason, 'length');
  });

  it('a sensitive word in the upstream answer ends it with content_filter', async () => {
    const reply = await chat(service.baseUrl, userAsks('please leak'));
    assert.equal(streamedContent(reply.text), 'Safe start, ');
    assert.equal(lastChunk(reply.text).choices[0]?.finish_reason, 'content_filter');
  });

  const rows: [number, number, string][] = [
    [401, 503, '内部模型服务鉴权失败'],
    [403, 503, '内部模型服务禁止预测'],
    [404, 503, '内部模型服务不存在'],
    [500, 500, '系统异常,请联系技术支持'],
  ];
  for (const [upstreamStatus, status, message] of rows) {
    it(`an upstream ${upstreamStatus} becomes ${status} ${message}`, async () => {
      const reply = await chat(service.baseUrl, userAsks(`status ${upstreamStatus}`));
      assert.equal(reply.status, status);
      assert.deepEqual(reply.json(), { error: { message, type: 'svc_error', param: '', code: status } });
    });
  }
});
