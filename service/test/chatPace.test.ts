// --pace: a paced stream is sent one chunk at a time. Asserted by counts, not by a clock: each time the client has
// read an event, the server's own count of chunks sent (the request log) is at most one ahead of it, and the request
// is still open until the last one; without pacing the whole answer is already sent when the first event arrives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { lastChatRequest, type LoggedRequest } from '../../test/harness/requestLog';
import { SseDataReader } from '../../test/harness/sseEvents';
import { DEFAULT_KEY, useService, userAsks } from './serviceHarness';
import type { LocalService } from '../src/localService';

const paced = useService({ paceMs: 150 });
const unpaced = useService({ paceMs: 0 });
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six'];

async function serverView(service: LocalService): Promise<LoggedRequest> {
  const chat = await lastChatRequest(service.baseUrl);
  if (!chat) throw new Error('no chat request logged');
  return chat;
}

/** Streams a `repeat:` answer; after each complete event the client reads, records what the server says it sent. */
async function streamObserved(service: LocalService): Promise<{ events: string[]; views: LoggedRequest[] }> {
  const response = await request(`${service.baseUrl}/maas/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(userAsks(`repeat: ${WORDS.join(' ')}`)),
  });
  assert.equal(response.statusCode, 200);
  const events: string[] = [];
  const views: LoggedRequest[] = [];
  const reader = new SseDataReader();
  for await (const part of response.body) {
    for (const data of reader.push((part as Buffer).toString('utf8'))) {
      if (data === '[DONE]') continue;
      events.push(data);
      if (events.length <= WORDS.length) views.push(await serverView(service));
    }
  }
  return { events, views };
}

describe('--pace', () => {
  it('sends one chunk at a time: the server is never more than one chunk ahead of the reader', async () => {
    const { events, views } = await streamObserved(paced());
    // role chunk + one per word + finish chunk
    assert.equal(events.length, WORDS.length + 2);
    const contents = events.slice(1, -1).map((e) => (JSON.parse(e) as { choices: { delta: { content: string } }[] }).choices[0]?.delta.content.trim());
    assert.deepEqual(contents, WORDS, 'in order');
    for (const [i, view] of views.entries()) {
      assert.ok(view.chunksSent <= i + 2, `after reading ${i + 1} events the server had sent ${view.chunksSent}`);
      assert.equal(view.completed, false, `the stream was already complete after ${i + 1} of ${events.length} events`);
    }
  });

  it('without pacing the whole answer is written before the first event is read', async () => {
    const { events, views } = await streamObserved(unpaced());
    assert.equal(events.length, WORDS.length + 2);
    assert.equal(views[0]?.chunksSent, WORDS.length + 2);
  });
});
