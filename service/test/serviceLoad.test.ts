// Load: 50 concurrent streams all complete with every chunk in order; stopping under load ends every request in
// flight with an error the client sees at once (never a hang), and starting again on the same data folder loses no
// stored state.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { chatRequests } from '../../test/harness/requestLog';
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

function settleWithin(outcome: Promise<string>, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('hang'), ms)));
  return Promise.race([outcome, hang]).finally(() => clearTimeout(timer));
}

/** Waits until the request log shows `count` chat streams that have sent at least one chunk. */
async function waitForChunks(baseUrl: string, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await chatRequests(baseUrl)).filter((r) => r.chunksSent > 0).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} streams started`);
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
    // Streams running (and keys being created) while the service stops: each must settle, with a whole stream or
    // an error the client sees at once (the socket closed under it, or the connection refused), never a hang.
    const streams = Array.from({ length: 20 }, () => settleWithin(streamOutcome(first.baseUrl), 10_000));
    const lateKeys = Array.from({ length: 5 }, (_, i) => createKey(first.baseUrl, `late-${i}`, ['svc_llm']).catch(() => undefined));
    // Every stream has its first chunk before the stop, so they are in flight, not merely queued.
    await waitForChunks(first.baseUrl, 20);
    await first.stop();
    const outcomes = await Promise.all(streams);
    assert.ok(!outcomes.includes('hang'), `outcomes: ${outcomes.join(', ')}`);
    assert.ok(
      outcomes.every((o) => o === 'complete' || o.startsWith('cut:')),
      `outcomes: ${outcomes.join(', ')}`,
    );
    assert.ok(outcomes.filter((o) => o.startsWith('cut:')).length >= 15, `most streams were cut: ${outcomes.join(', ')}`);
    assert.equal(await settleWithin(streamOutcome(first.baseUrl), 5000), 'refused:ECONNREFUSED', 'a request after the stop is refused at once');
    const created = (await Promise.all(lateKeys)).filter((k) => k !== undefined);

    const second = await startTestService({ dataDir });
    after(() => second.stop());
    for (const key of [...keys, ...created]) assert.equal((await chat(second.baseUrl, userAsks('hi', { stream: false }), key.key)).status, 200);
    const bases = (await http('GET', `${second.baseUrl}/console/api/knowledge-bases`)).json<{ knowledgeBases: { id: number }[] }>().knowledgeBases;
    assert.ok(bases.some((b) => b.id === kb.id));
  });
});
