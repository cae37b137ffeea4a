// The chat client against the local service: retries, interruptions, stalls, cancel, failover.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { freePort } from '../harness/freePort';
import path from 'node:path';
import type { ChatEvent } from '../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../src/core/chat/chatRequest';
import type { MaasClient } from '../../src/core/maasClient';
import { ServiceError } from '../../src/core/http/serviceError';
import type { LogEntry } from '../../src/core/http/httpTransport';
import { DEFAULT_KEY, useLocalService } from './localServiceFixture';

const ASK: ChatRequest = { model: 'svc_llm', messages: [{ role: 'user', content: 'Say something.' }] };
const BUSY = { error: { message: '服务繁忙,请稍后再试', type: 'svc_error', param: '', code: 503 } };

async function collect(client: MaasClient, request: ChatRequest = ASK, signal?: AbortSignal): Promise<{ events: ChatEvent[]; error?: ServiceError }> {
  const events: ChatEvent[] = [];
  try {
    for await (const event of client.streamChat(request, { signal })) events.push(event);
    return { events };
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return { events, error };
  }
}

const textOf = (events: readonly ChatEvent[]): string => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe('chat resilience against the local service', () => {
  // A small pace: the service flushes each chunk before a fault drops the socket, as a real network would deliver them.
  const fixture = useLocalService({ paceMs: 1 }, { resetEach: true });

  it('retries a burst of 503 busy answers and then streams the answer', async () => {
    await fixture().fault({ status: 503, body: BUSY, count: 3 });
    const { events, error } = await collect(fixture().client());
    assert.equal(error, undefined);
    const retries = events.filter((e) => e.type === 'retry');
    assert.deepEqual(
      retries.map((e) => e.type === 'retry' && [e.attempt, e.maxAttempts, e.error.kind]),
      [
        [2, 4, 'busy'],
        [3, 4, 'busy'],
        [4, 4, 'busy'],
      ],
    );
    assert.ok(textOf(events).length > 0);
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
    assert.equal((await fixture().requests()).length, 4);
  });

  it('honours Retry-After for the wait it announces', async () => {
    await fixture().fault({ status: 503, body: BUSY, headers: { 'Retry-After': '1' } });
    const { events } = await collect(fixture().client());
    const retry = events.find((e) => e.type === 'retry');
    assert.ok(retry?.type === 'retry');
    assert.equal(retry.delayMs, 1000);
  });

  it('gives up after the configured attempts with the last error', async () => {
    await fixture().fault({ status: 503, body: BUSY, count: 5 });
    const { events, error } = await collect(fixture().client({ retry: { maxAttempts: 2 } }));
    assert.equal(error?.kind, 'busy');
    assert.deepEqual(
      events.flatMap((e) => (e.type === 'retry' ? [[e.attempt, e.maxAttempts]] : [])),
      [[2, 2]],
      'the retry says which attempt of the configured two it is',
    );
    assert.equal((await fixture().requests()).length, 2);
  });

  it('reports a drop mid-stream as interrupted, keeping the partial text, without retrying', async () => {
    await fixture().fault({ dropAfterChunks: 6 });
    const { events, error } = await collect(fixture().client());
    assert.equal(error?.kind, 'interrupted');
    assert.ok(textOf(events).length > 0);
    assert.equal(error?.partialText, textOf(events));
    assert.equal(events.filter((e) => e.type === 'retry').length, 0);
    assert.equal((await fixture().requests()).length, 1);
  });

  it('retries a drop that happens before any text arrived', async () => {
    await fixture().fault({ dropAfterChunks: 1 });
    const { events, error } = await collect(fixture().client());
    assert.equal(error, undefined);
    assert.equal(events.filter((e) => e.type === 'retry').length, 1);
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('ends a stalled stream with the idle timeout, keeping the partial text', async () => {
    await fixture().fault({ stallMs: 30_000, stallAfterChunks: 4 });
    const { events, error } = await collect(fixture().client({ timeouts: { idleMs: 300 } }));
    assert.equal(error?.kind, 'interrupted');
    assert.equal(error?.partialText, textOf(events));
    assert.match(String((error?.cause as { code?: string } | undefined)?.code), /UND_ERR_BODY_TIMEOUT/);
  });

  it('times out a stall before the first byte and retries it', async () => {
    await fixture().fault({ stallMs: 30_000 });
    const { events, error } = await collect(fixture().client({ timeouts: { headersMs: 300 } }));
    assert.equal(error, undefined);
    const retry = events.find((e) => e.type === 'retry');
    assert.ok(retry?.type === 'retry');
    assert.equal(retry.error.kind, 'timeout');
  });

  it('closes the connection at once on cancel, as the service sees it, and reports cancelled', async () => {
    await fixture().fault({ stallMs: 30_000, stallAfterChunks: 4 });
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of fixture().client().streamChat(ASK, { signal: controller.signal })) {
        events.push(event);
        if (event.type === 'text') controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof ServiceError && caught.kind === 'cancelled', String(caught));
    assert.equal(caught.retryable, false);
    const log = await fixture().waitForRequests((l) => l.length === 1 && l[0]?.finishedAt != null);
    assert.equal(log[0]?.clientClosed, true);
  });

  it('closes the connection when the consumer stops iterating', async () => {
    await fixture().fault({ stallMs: 30_000, stallAfterChunks: 4 });
    for await (const event of fixture().client().streamChat(ASK)) if (event.type === 'text') break;
    const log = await fixture().waitForRequests((l) => l.length === 1 && l[0]?.finishedAt != null);
    assert.equal(log[0]?.clientClosed, true);
  });

  it('fails over to the alternative base URL when the primary is busy, then returns after the cool-down', async () => {
    await fixture().fault({ status: 503, body: BUSY, port: 'primary', count: 1 });
    const client = fixture().client({ altBaseUrl: fixture().service.altBaseUrl, retry: { failoverCooldownMs: 1 } });
    const first = await collect(client);
    assert.equal(first.error, undefined);
    const failover = first.events.find((e) => e.type === 'failover');
    assert.deepEqual(failover, { type: 'failover', baseUrl: fixture().service.altBaseUrl });
    const retry = first.events.find((e) => e.type === 'retry');
    assert.ok(retry?.type === 'retry' && retry.delayMs === 0, 'a failover to an untried base URL does not wait');
    assert.deepEqual(
      (await fixture().requests()).map((r) => [r.port, r.status]),
      [
        ['primary', 503],
        ['alt', 200],
      ],
    );
    const second = await collect(client);
    assert.deepEqual(
      second.events.find((e) => e.type === 'failover'),
      { type: 'failover', baseUrl: fixture().service.baseUrl },
    );
    assert.equal((await fixture().requests()).at(-1)?.port, 'primary');
  });

  it('asks for the key per address: a failover to an alternative address the key is refused for sends nothing there', async () => {
    await fixture().fault({ status: 503, body: BUSY, port: 'primary', count: 1 });
    const asked: string[] = [];
    const client = fixture().client({
      altBaseUrl: fixture().service.altBaseUrl,
      retry: { failoverCooldownMs: 60_000 },
      getApiKey: (address) => {
        asked.push(address);
        if (address === fixture().service.altBaseUrl) {
          return Promise.reject(new ServiceError('addressRefused', 'refused', { retryable: false, address: { origin: address, setting: 'maas.altBaseUrl' } }));
        }
        return Promise.resolve(DEFAULT_KEY);
      },
    });
    const { error } = await collect(client);
    assert.equal(error?.kind, 'addressRefused');
    assert.deepEqual(asked, [fixture().service.baseUrl, fixture().service.altBaseUrl]);
    assert.deepEqual(
      (await fixture().requests()).map((r) => r.port),
      ['primary'],
      'the alternative address received nothing',
    );
  });

  it('fails over when the primary is a closed port and stays on the alternative during the cool-down', async () => {
    const deadPrimary = `http://127.0.0.1:${await freePort()}`; // found free and closed again: nothing listens
    const client = fixture().client({ baseUrl: deadPrimary, altBaseUrl: fixture().service.altBaseUrl, retry: { failoverCooldownMs: 60_000 } });
    const first = await collect(client);
    assert.equal(first.error, undefined);
    const retry = first.events.find((e) => e.type === 'retry');
    assert.ok(retry?.type === 'retry' && retry.error.kind === 'network');
    const answered = (events: typeof first.events): unknown[] => events.flatMap((e) => (e.type === 'connected' ? [[e.baseUrl, e.primary]] : []));
    assert.deepEqual(answered(first.events), [[fixture().service.altBaseUrl, false]], 'the address that answered is reported once, as the alternative');
    const second = await collect(client);
    assert.equal(second.events.filter((e) => e.type === 'retry' || e.type === 'failover').length, 0);
    assert.deepEqual(answered(second.events), [[fixture().service.altBaseUrl, false]]);
    assert.deepEqual(
      (await fixture().requests()).map((r) => r.port),
      ['alt', 'alt'],
    );
  });

  it('reports neither address as answering when both are down, however often it fails over between them', async () => {
    const dead = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;
    const client = fixture().client({ baseUrl: await dead(), altBaseUrl: await dead(), retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const { events, error } = await collect(client);
    assert.equal(error?.kind, 'network');
    assert.ok(events.filter((e) => e.type === 'failover').length >= 2, 'it went back and forth');
    assert.deepEqual(
      events.filter((e) => e.type === 'connected'),
      [],
      'a failover names where it tries, never where the answer came from',
    );
  });

  it('answers a non-stream chat and announces its retries', async () => {
    await fixture().fault({ status: 503, body: BUSY });
    const seen: string[] = [];
    const result = await fixture()
      .client()
      .chat(ASK, { onEvent: (e) => seen.push(e.type) });
    assert.ok(result.text.length > 0);
    assert.equal(result.finishReason, 'stop');
    assert.ok(result.usage && result.usage.completionTokens > 0);
    assert.deepEqual(seen, ['retry', 'connected'], 'the retry, then the address that answered');
  });

  it('sends a byte-exact answer through /_local/next-answer as identical text, and the reasoning apart', async () => {
    await fixture().json('POST', '/_local/next-answer', { text: '<think>plan</think>Exact 答案 ✓ with `code`.' });
    const { events } = await collect(fixture().client());
    assert.equal(textOf(events), 'Exact 答案 ✓ with `code`.');
    assert.equal(events.map((e) => (e.type === 'reasoning' ? e.text : '')).join(''), 'plan');
  });

  it('reads an event-stream body that answers a non-stream request', async () => {
    const sse = readFileSync(path.join(__dirname, '..', 'fixtures', 'wire', 'basic.sse'), 'utf8');
    await fixture().fault({ status: 200, body: sse, headers: { 'Content-Type': 'text/event-stream' } });
    const result = await fixture().client().chat(ASK);
    assert.deepEqual([result.text, result.finishReason, result.usage?.totalTokens], ['你好，世界🌏', 'stop', 17]);
  });

  it('reads a JSON completion that answers a stream request', async () => {
    const completion = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'wire', 'completion.json'), 'utf8')) as Record<string, unknown>;
    await fixture().fault({ status: 200, body: completion, headers: { 'Content-Type': 'application/json' } });
    const { events, error } = await collect(fixture().client());
    assert.equal(error, undefined);
    assert.equal(textOf(events), '你好');
    assert.deepEqual(
      events.filter((e) => e.type === 'reasoning'),
      [{ type: 'reasoning', text: 'hm' }],
    );
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('logs every attempt with method, path, status, timing and base URL, never the key', async () => {
    await fixture().fault({ status: 503, body: BUSY });
    const logs: LogEntry[] = [];
    await collect(fixture().client({ onLog: (entry) => logs.push(entry) }));
    assert.deepEqual(
      logs.map((l) => [l.method, l.path, l.status, l.attempt, l.baseUrl, l.errorKind]),
      [
        ['POST', '/maas/v1/chat/completions', 503, 1, fixture().service.baseUrl, 'busy'],
        ['POST', '/maas/v1/chat/completions', 200, 2, fixture().service.baseUrl, undefined],
      ],
    );
    for (const entry of logs) assert.ok(entry.durationMs >= (entry.headersMs ?? 0));
    assert.ok(!JSON.stringify(logs).includes(DEFAULT_KEY));
  });

  it('skips a malformed chunk and goes on', async () => {
    await fixture().json('POST', '/_local/next-answer', { text: 'one two three' });
    await fixture().fault({ malformedChunk: '{"broken', afterChunks: 2 });
    const malformed: string[] = [];
    const { events, error } = await collect(fixture().client({ onMalformed: (raw) => malformed.push(raw) }));
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'one two three');
    assert.deepEqual(malformed, ['{"broken']);
  });
});
