// Fault injection and the request log (test-only routes): status bursts, dropped and stalled streams, malformed
// chunks, per-port faults, and `clientClosed` when the client aborts.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { requestLog, type LoggedRequest } from '../../test/harness/requestLog';
import { sseData } from '../../test/harness/sseEvents';
import { chat, DEFAULT_KEY, http, streamChunks, useService, userAsks } from './serviceHarness';

const service = useService({ paceMs: 0 });
const CHAT = '/maas/v1/chat/completions';
beforeEach(async () => {
  await http('POST', `${service().baseUrl}/_local/reset`);
});

async function log(): Promise<LoggedRequest[]> {
  return requestLog(service().baseUrl);
}

/** Polls the request log until the predicate holds (a signal, not a fixed sleep; bounded). */
async function waitForLog(predicate: (entries: LoggedRequest[]) => boolean): Promise<LoggedRequest[]> {
  for (let i = 0; i < 500; i++) {
    const entries = await log();
    if (predicate(entries)) return entries;
    await delay(10);
  }
  throw new Error('the request log never reached the expected state');
}

interface GateView {
  readonly reached: number;
  readonly waiting: number;
  readonly released: boolean;
}

/** Polls a fault's gate until the predicate holds (bounded). */
async function waitForFault(id: string, predicate: (gate: GateView) => boolean): Promise<GateView> {
  for (let i = 0; i < 500; i++) {
    const gate = (await http('GET', `${service().baseUrl}/_local/faults/${id}`)).json<{ gate: GateView }>().gate;
    if (predicate(gate)) return gate;
    await delay(10);
  }
  throw new Error(`the gate of ${id} never reached the expected state`);
}

function openStream(baseUrl: string, signal: AbortSignal): ReturnType<typeof request> {
  return request(`${baseUrl}${CHAT}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(userAsks('hello')),
    signal,
  });
}

describe('faults', () => {
  it('a status burst answers the next `count` requests with it, then recovers', async () => {
    const created = await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, status: 503, count: 2, headers: { 'Retry-After': '1' } });
    assert.equal(created.status, 201);
    const { id } = created.json<{ id: string }>();
    assert.equal((await http('GET', `${service().baseUrl}/_local/faults/${id}`)).json<{ remaining: number }>().remaining, 2);
    for (let i = 0; i < 2; i++) {
      const reply = await chat(service().baseUrl, userAsks('hi'));
      assert.equal(reply.status, 503);
      assert.equal(reply.headers['retry-after'], '1');
      assert.equal(reply.json<{ error: { message: string } }>().error.message, '服务繁忙,请稍后再试');
    }
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }))).status, 200);
  });

  it('a custom body is sent as given', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, {
      route: CHAT,
      status: 403,
      body: { message: '账户余额不足', error: { message: '账户余额不足' } },
    });
    const reply = await chat(service().baseUrl, userAsks('hi'));
    assert.equal(reply.status, 403);
    assert.deepEqual(reply.json(), { message: '账户余额不足', error: { message: '账户余额不足' } });
  });

  it('a fault for the alternative port leaves the primary port alone', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, port: 'alt', status: 500 });
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }))).status, 200);
    assert.equal((await chat(service().altBaseUrl, userAsks('hi', { stream: false }))).status, 500);
  });

  it('dropAfterChunks sends K chunks then closes the socket: no finish chunk, no [DONE]', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, dropAfterChunks: 3 });
    const response = await openStream(service().baseUrl, new AbortController().signal);
    assert.equal(response.statusCode, 200);
    let text = '';
    await assert.rejects(async () => {
      for await (const part of response.body) text += (part as Buffer).toString();
    });
    assert.equal(sseData(text).length, 3);
    assert.ok(!text.includes('[DONE]'));
    assert.ok(!text.includes('"finish_reason":"stop"'));
    const [entry] = await waitForLog((entries) => entries.some((e) => e.finishedAt !== null));
    assert.equal(entry?.chunksSent, 3);
    assert.equal(entry?.completed, false);
    assert.equal(entry?.clientClosed, false);
  });

  it('stallAfterChunks holds the stream after K chunks', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, stallMs: 60_000, stallAfterChunks: 2 });
    const controller = new AbortController();
    const response = await openStream(service().baseUrl, controller.signal);
    const entries = await waitForLog((e) => e[0]?.chunksSent === 2);
    assert.equal(entries[0]?.finishedAt, null);
    controller.abort();
    await response.body.text().catch(() => undefined);
    const closed = await waitForLog((e) => e[0]?.finishedAt !== null);
    assert.equal(closed[0]?.clientClosed, true);
  });

  it('stallMs without stallAfterChunks holds the response before any byte', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, stallMs: 60_000 });
    const controller = new AbortController();
    let answered = false;
    const pending = openStream(service().baseUrl, controller.signal).then(
      () => (answered = true),
      () => undefined,
    );
    await waitForLog((e) => e.length === 1);
    assert.equal(answered, false);
    controller.abort();
    await pending;
    assert.equal(answered, false);
    assert.equal((await waitForLog((e) => e[0]?.finishedAt !== null))[0]?.clientClosed, true);
  });

  it('holdAfterChunks keeps the stream at a gate after K chunks until released, then it ends whole', async () => {
    const { id } = (await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, holdAfterChunks: 2 })).json<{ id: string }>();
    const reply = chat(service().baseUrl, userAsks('hello there'));
    const held = await waitForFault(id, (gate) => gate.waiting === 1);
    assert.deepEqual(held, { reached: 1, waiting: 1, released: false });
    assert.equal((await log())[0]?.chunksSent, 2);
    assert.equal((await log())[0]?.finishedAt, null);
    const released = await http('POST', `${service().baseUrl}/_local/faults/${id}/release`);
    assert.equal(released.status, 200);
    const events = sseData((await reply).text);
    assert.equal(events.at(-1), '[DONE]');
    assert.equal(streamChunks((await reply).text).at(-1)?.choices[0]?.finish_reason, 'stop');
    assert.deepEqual(await waitForFault(id, () => true), { reached: 1, waiting: 0, released: true });
  });

  it('holdAfterChunks 0 holds any route before its first byte; a released gate lets later requests through', async () => {
    const { id } = (await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, holdAfterChunks: 0, count: 2 })).json<{ id: string }>();
    let answered = false;
    const first = chat(service().baseUrl, userAsks('hi', { stream: false })).then((r) => ((answered = true), r));
    await waitForFault(id, (gate) => gate.waiting === 1);
    assert.equal(answered, false);
    await http('POST', `${service().baseUrl}/_local/faults/${id}/release`);
    assert.equal((await first).status, 200);
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }))).status, 200);
    assert.equal((await waitForFault(id, () => true)).reached, 2);
  });

  it('a client gone from the gate leaves it, and a reset releases what is held', async () => {
    const { id } = (await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, holdAfterChunks: 1, count: 2 })).json<{ id: string }>();
    const controller = new AbortController();
    const gone = openStream(service().baseUrl, controller.signal);
    await waitForFault(id, (gate) => gate.waiting === 1);
    controller.abort();
    await (await gone.catch(() => undefined))?.body.text().catch(() => undefined);
    await waitForFault(id, (gate) => gate.waiting === 0);
    const kept = chat(service().baseUrl, userAsks('hi'));
    await waitForFault(id, (gate) => gate.waiting === 1);
    await http('POST', `${service().baseUrl}/_local/reset`);
    assert.equal(sseData((await kept).text).at(-1), '[DONE]');
    assert.equal((await http('GET', `${service().baseUrl}/_local/faults/${id}`)).status, 404);
  });

  it('malformedChunk is sent after K chunks, then the stream continues normally', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, malformedChunk: '{"id":"cmpl-broken", oops', afterChunks: 2 });
    const reply = await chat(service().baseUrl, userAsks('hi'));
    const events = sseData(reply.text);
    assert.equal(events[2], '{"id":"cmpl-broken", oops');
    assert.equal(events.at(-1), '[DONE]');
    const valid = reply.text.replace('data: {"id":"cmpl-broken", oops\n\n', '');
    assert.equal(streamChunks(valid).at(-1)?.choices[0]?.finish_reason, 'stop');
  });

  it('a reset clears pending faults', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, status: 500, count: 5 });
    await http('POST', `${service().baseUrl}/_local/reset`);
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }))).status, 200);
  });

  it('refuses a fault with no or two behaviours', async () => {
    assert.equal((await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT })).status, 400);
    assert.equal((await http('POST', `${service().baseUrl}/_local/faults`, { route: CHAT, status: 500, stallMs: 10 })).status, 400);
  });
});

describe('request log', () => {
  it('records requests on both ports with credentials masked', async () => {
    await chat(service().baseUrl, userAsks('hi', { stream: false }));
    await chat(service().altBaseUrl, userAsks('hi', { stream: false }));
    const entries = await waitForLog((e) => e.length === 2 && e.every((x) => x.finishedAt !== null));
    assert.deepEqual(
      entries.map((e) => e.port),
      ['primary', 'alt'],
    );
    assert.equal(entries[0]?.headers['authorization'], '***');
    assert.ok(!JSON.stringify(entries).includes(DEFAULT_KEY));
    assert.equal(entries[0]?.completed, true);
    assert.equal(entries[0]?.status, 200);
  });

  it('shows clientClosed when the client aborts a stream', async () => {
    await http('POST', `${service().baseUrl}/_local/next-answer`, { chunks: 10_000_000, chunkText: 'x' });
    const controller = new AbortController();
    const response = await openStream(service().baseUrl, controller.signal);
    await waitForLog((e) => (e[0]?.chunksSent ?? 0) > 10);
    controller.abort();
    await response.body.text().catch(() => undefined);
    const [entry] = await waitForLog((e) => e[0]?.finishedAt !== null);
    assert.equal(entry?.clientClosed, true);
    assert.equal(entry?.completed, false);
  });
});
