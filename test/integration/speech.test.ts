// Speech synthesis against the local service: speakers, real-time synthesis by POST and GET, timestamps,
// errors by `code`, and the long-text task from `created` to the downloaded audio.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LogEntry } from '../../src/core/http/httpTransport';
import { ServiceError } from '../../src/core/http/serviceError';
import type { TaskStatus } from '../../src/core/speech/speechPayloads';
import { speechProblemOf } from '../../src/core/speech/speechProblems';
import { SpeechErrorCode } from '../../service/src/speech/speechCodes';
import { SPEECH, useLocalService } from './localServiceFixture';

describe('speech synthesis against the local service', () => {
  const fixture = useLocalService();
  const logs: LogEntry[] = [];
  const client = () => fixture().client({ onLog: (entry) => logs.push(entry) });

  it('lists the speakers', async () => {
    const speakers = await client().listSpeakers();
    assert.ok(speakers.length > 0);
    for (const speaker of speakers) assert.ok(speaker.id !== '' && speaker.name !== '');
  });

  it('gives the same audio by GET and by POST', async () => {
    const request = { text: 'Hello, 世界.', format: 'wav' as const, sample_rate: 16000 as const, voice: 'en_female_amy' };
    const post = await client().synthesize(request, { method: 'POST' });
    const get = await client().synthesize(request, { method: 'GET' });
    assert.equal(post.format, 'wav');
    assert.equal(post.mime, 'audio/wav');
    assert.ok(post.audio.length > 44);
    assert.deepEqual(get.audio, post.audio);
  });

  it('detects mp3 from the bytes and returns sentence timestamps when asked', async () => {
    const mp3 = await client().synthesize({ text: 'One.', format: 'mp3' });
    assert.equal(mp3.format, 'mp3');
    const timed = await client().synthesize({ text: 'First sentence. Second sentence.', enable_ts: true });
    assert.equal(timed.format, 'wav');
    assert.equal(timed.timestamps?.length, 2);
    assert.ok((timed.timestamps?.[1]?.beginMs ?? -1) >= (timed.timestamps?.[0]?.endMs ?? Infinity));
  });

  it('reports a JSON error body (HTTP 200) as a speech error with its code and message', async () => {
    const bad = fixture().client({ getSpeechCredentials: () => Promise.resolve({ appkey: SPEECH.appkey, token: 'wrong-token-value' }) });
    await assert.rejects(
      bad.synthesize({ text: 'hi' }),
      (e: unknown) => e instanceof ServiceError && e.kind === 'speech' && e.speechCode === 40100 && (e.serverMessage ?? '') !== '',
    );
  });

  it('refuses out-of-range fields before sending', async () => {
    const before = (await fixture().requests()).length;
    await assert.rejects(
      client().synthesize({ text: 'hi', volumn: 101 }),
      (e: unknown) => e instanceof ServiceError && e.kind === 'validation' && e.field === 'volumn',
    );
    assert.equal((await fixture().requests()).length, before);
  });

  it('runs a long task from created to the downloaded audio', async () => {
    const c = client();
    const task = await c.submitLongTask({ text: 'A longer text. It has several sentences. Each one is synthesised.', format: 'mp3' });
    assert.equal(task.status, 'created');
    const seen: TaskStatus[] = [];
    const done = await c.waitForLongTask(task.taskId, { initialDelayMs: 20, maxDelayMs: 100, onStatus: (t) => seen.push(t.status) });
    assert.equal(done.status, 'complete');
    assert.equal(seen.at(-1), 'complete');
    assert.ok(done.audioAddress.startsWith(fixture().service.baseUrl));
    const audio = await c.downloadTaskAudio(done);
    assert.equal(audio.format, 'mp3');
    const download = (await fixture().requests()).filter((r) => r.path.startsWith('/audio/')).at(-1);
    assert.equal(download?.headers['authorization'], undefined, 'the audio address is fetched without credentials');
  });

  it('refreshes an audio address that no longer works (403/404) by querying the task once', async () => {
    const c = client();
    const task = await c.submitLongTask({ text: 'Short.' });
    const done = await c.waitForLongTask(task.taskId, { initialDelayMs: 20, maxDelayMs: 100 });
    const broken = { ...done, audioAddress: done.audioAddress.replace(/sig=[^&]+/, 'sig=forged') };
    await assert.rejects(c.downloadAudio(broken.audioAddress), (e: unknown) => e instanceof ServiceError && (e.status === 403 || e.status === 404));
    const audio = await c.downloadTaskAudio(broken);
    assert.equal(audio.format, 'wav');
  });

  it('stops polling at once when cancelled', async () => {
    const c = client();
    const task = await c.submitLongTask({ text: 'Cancelled before the end.' });
    // The query answers "running" whatever the synthesis speed, so the wait is certainly sleeping when aborted.
    const running = { request_id: 'r', code: 0, message: 'success', task_id: task.taskId, audio_address: '', task_status: 'running' };
    await fixture().json('POST', '/_local/faults', { route: '/maas/v2/api/tts-long-query', status: 200, body: running });
    const controller = new AbortController();
    const waiting = c.waitForLongTask(task.taskId, { signal: controller.signal, initialDelayMs: 60_000, onStatus: () => controller.abort() });
    await assert.rejects(waiting, (e: unknown) => e instanceof ServiceError && e.kind === 'cancelled');
  });

  it('never logs the appkey or the token', () => {
    assert.ok(logs.length > 0);
    const text = JSON.stringify(logs);
    assert.ok(!text.includes(SPEECH.appkey) && !text.includes(SPEECH.token), text.slice(0, 500));
  });
});

describe("the local service's speech codes and the client's switch", () => {
  it('every code the local service sends is named by a client under the localService switch, and none by the spec alone', () => {
    for (const code of Object.values(SpeechErrorCode)) {
      assert.notEqual(speechProblemOf(code, 200, 'localService'), undefined, `code ${code}`);
      assert.equal(speechProblemOf(code, 200, 'spec'), undefined, `code ${code}`);
    }
  });
});
