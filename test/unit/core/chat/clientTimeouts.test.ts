// docs/client.md, rules 5 and 6: time limits match what the user waits for, and tests reach the policy (timeouts, retry,
// clock, sleeper, jitter) through the public client, with no real waiting.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MaasClient } from '../../../../src/core/maasClient';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { FakeServer } from '../fakeServer';

const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hi' }] };
const chunk = (content: string, finish?: string): string => `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: finish ?? null }] })}\n\n`;

describe('client time limits and injectable policy', () => {
  let server: FakeServer;
  before(async () => {
    server = await FakeServer.start();
  });
  after(() => server.stop());

  it('a non-streamed answer whose body takes longer than the idle limit is waited for, within the completion limit', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      setTimeout(() => res.end(JSON.stringify({ choices: [{ message: { content: 'Late but whole' }, finish_reason: 'stop' }] })), 400);
    });
    const client = new MaasClient({ baseUrl: server.url, getApiKey: async () => 'sk-unit-0000000000000001', timeouts: { idleMs: 150, completionMs: 5000 } });
    try {
      const result = await client.chat(ASK);
      assert.equal(result.text, 'Late but whole');
      assert.equal(server.seen.length, 1, 'asked once: not cut off and asked again');
      assert.equal(result.ended, 'json');
    } finally {
      await client.dispose();
    }
  });

  it('a stream of keep-alive comments and no data beyond the keep-alive limit ends as a timeout, the partial text kept', async () => {
    let now = 0;
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Partial'));
      let beats = 0;
      const timer = setInterval(() => {
        now += 20_000; // each comment arrives 20 s later on the client's clock
        res.write(': keep-alive\n\n');
        if (++beats > 20) {
          clearInterval(timer);
          res.end();
        }
      }, 5);
      res.on('close', () => clearInterval(timer));
    });
    const client = new MaasClient({
      baseUrl: server.url,
      getApiKey: async () => 'sk-unit-0000000000000001',
      timeouts: { keepAliveMs: 60_000 },
      now: () => now,
    });
    const events: ChatEvent[] = [];
    try {
      await assert.rejects(
        async () => {
          for await (const event of client.streamChat(ASK)) events.push(event);
        },
        (error: unknown) => error instanceof ServiceError && error.kind === 'timeout' && error.partialText === 'Partial' && /keep-alive/.test(error.message),
      );
      assert.equal(events.map((e) => (e.type === 'text' ? e.text : '')).join(''), 'Partial');
    } finally {
      await client.dispose();
    }
  });

  it('retries wait through the injected sleeper with the injected jitter, and chat() says how the answer ended', async () => {
    server.reset((_req, res) => {
      if (server.seen.length === 1) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: '服务繁忙,请稍后再试', code: 503 } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk('Done', 'stop'));
    });
    const waits: number[] = [];
    const client = new MaasClient({
      baseUrl: server.url,
      getApiKey: async () => 'sk-unit-0000000000000001',
      retry: { baseDelayMs: 1000, maxDelayMs: 8000 },
      random: () => 0.5,
      sleep: async (ms) => void waits.push(ms),
    });
    try {
      const result = await client.chat(ASK);
      assert.equal(result.text, 'Done');
      assert.equal(result.ended, 'finishReason', 'a finish reason without [DONE]');
      assert.equal(waits.length, 2, 'the retry, then the finish grace of an answer without [DONE]');
      assert.ok(waits[0] !== undefined && waits[0] > 0 && waits[0] <= 8000, `waited ${waits[0]} ms, through the fake`);
      assert.equal(waits[1], 2000, 'the default finish grace, through the same fake');
    } finally {
      await client.dispose();
    }
  });
});
