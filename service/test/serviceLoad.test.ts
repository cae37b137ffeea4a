// Load: 50 concurrent streams all complete with every chunk in order; stopping under load ends every request in
// flight with an error the client sees at once (never a hang), and starting again on the same data folder loses no
// stored state.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { chat, createKey, DEFAULT_KEY, http, startTestService, streamChunks, userAsks } from './serviceHarness';

/** How one stream ended: `complete` ([DONE] seen), `cut:<error code>` (the socket closed mid-stream), `refused:<code>`. */
async function streamOutcome(baseUrl: string): Promise<string> {
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(`${baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(userAsks('a long answer please')),
    });
  } catch (error) {
    return `refused:${(error as { code?: string }).code ?? String(error)}`;
  }
  try {
    const text = await response.body.text();
    return text.endsWith('data: [DONE]\n\n') ? 'complete' : 'cut:truncated-without-error';
  } catch (error) {
    return `cut:${(error as { code?: string }).code ?? String(error)}`;
  }
}

/** The outcome, or 'hang' when it has not settled `ms` after this call (a guard counted from the event waited for). */
function settleWithin(outcome: Promise<string>, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('hang'), ms)));
  return Promise.race([outcome, hang]).finally(() => clearTimeout(timer));
}

/** Waits until `count` requests wait at the gate of the hold fault `id`. */
async function waitAtGate(baseUrl: string, id: string, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { gate } = (await http('GET', `${baseUrl}/_local/faults/${id}`)).json<{ gate: { waiting: number } }>();
    if (gate.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} streams reached the gate`);
}

const root = mkdtempSync(path.join(tmpdir(), 'maas-load-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('load', () => {
  it('50 concurrent streams complete with every chunk delivered in order', async () => {
    const service = await startTestService({ dataDir: path.join(root, 'fifty'), maxStreamsPerKey: 50, paceMs: 1 });
    after(() => service.stop());
    const text = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    await http('POST', `${service.baseUrl}/_local/next-answer`, { text, count: 50 });
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => chat(i % 2 ? service.altBaseUrl : service.baseUrl, userAsks('go'))));
    for (const reply of replies) {
      assert.equal(reply.status, 200);
      const chunks = streamChunks(reply.text);
      assert.equal(chunks.length, 202);
      const deltas = chunks.slice(1, -1).map((c) => c.choices[0]?.delta.content.trim());
      assert.deepEqual(deltas, text.split(' '));
      assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'stop');
    }
  });

  it('a restart under load loses no stored state', async () => {
    const dataDir = path.join(root, 'restart');
    const first = await startTestService({ dataDir, maxStreamsPerKey: 50, paceMs: 5 });
    after(() => first.stop());
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await createKey(first.baseUrl, `load-${i}`, ['svc_llm']));
    const kb = (
      await http('POST', `${first.baseUrl}/console/api/knowledge-bases`, { name: 'under load', documents: [{ title: 't', text: 'zebra facts' }] })
    ).json<{ id: number }>();
    // Streams running (and keys being created) while the service stops: each must end with an error the client sees
    // at once (the socket closed under it), never a hang. Each stream is held after its first chunk until the stop, so
    // all of them are in flight then, however slowly a busy machine runs them.
    const { id } = (await http('POST', `${first.baseUrl}/_local/faults`, { route: '/maas/v1/chat/completions', holdAfterChunks: 1, count: 20 })).json<{
      id: string;
    }>();
    const streams = Array.from({ length: 20 }, () => streamOutcome(first.baseUrl));
    const lateKeys = Array.from({ length: 5 }, (_, i) => createKey(first.baseUrl, `late-${i}`, ['svc_llm']).catch(() => undefined));
    await waitAtGate(first.baseUrl, id, 20);
    const stopped = first.stop();
    const outcomes = await Promise.all(streams.map((stream) => settleWithin(stream, 10_000)));
    await stopped;
    assert.ok(
      outcomes.every((o) => o.startsWith('cut:')),
      `outcomes: ${outcomes.join(', ')}`,
    );
    assert.equal(await settleWithin(streamOutcome(first.baseUrl), 5000), 'refused:ECONNREFUSED', 'a request after the stop is refused at once');
    const created = (await Promise.all(lateKeys)).filter((k) => k !== undefined);

    const second = await startTestService({ dataDir });
    after(() => second.stop());
    for (const key of [...keys, ...created]) assert.equal((await chat(second.baseUrl, userAsks('hi', { stream: false }), key.key)).status, 200);
    const bases = (await http('GET', `${second.baseUrl}/console/api/knowledge-bases`)).json<{ knowledgeBases: { id: number }[] }>().knowledgeBases;
    assert.ok(bases.some((b) => b.id === kb.id));
  });
});
