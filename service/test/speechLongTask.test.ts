// Long-text synthesis: the task moves created -> running -> complete in a background queue, its signed audio address
// downloads without credentials until it expires, and unfinished tasks survive a restart of the routes.
import { waitFor } from '../../test/harness/waitFor';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseMp3, parseWav } from './fixtures/speech/audioInspection';
import { createGatedEspeak } from './fixtures/speech/espeakWrappers';
import { CREDENTIALS, OTHER_CREDENTIALS, makeDataDir, startSpeechTestServer } from './fixtures/speech/speechTestServer';
import type { SpeechTestServer } from './fixtures/speech/speechTestServer';

interface TaskAnswer {
  request_id: string;
  code: number;
  message: string;
  task_id: string;
  audio_address: string;
  task_status: string;
}

const GATED_SPEAKER = 'en_male_tom'; // its English runs use espeak voice en-us+m1
const GATED_VOICE = 'en-us+m1';

async function commit(server: SpeechTestServer, fields: Record<string, unknown>): Promise<TaskAnswer> {
  const response = await fetch(`${server.baseUrl}/maas/v2/api/tts-long-commit`, { method: 'POST', body: JSON.stringify({ ...CREDENTIALS, ...fields }) });
  assert.equal(response.status, 200);
  return (await response.json()) as TaskAnswer;
}

async function query(server: SpeechTestServer, taskId: string, appkey: string = CREDENTIALS.appkey): Promise<TaskAnswer> {
  const response = await fetch(
    `${server.baseUrl}/maas/v2/api/tts-long-query?${new URLSearchParams({ appkey, task_id: taskId, request_id: 'poll' }).toString()}`,
  );
  return (await response.json()) as TaskAnswer;
}

/** Polls until the task reaches `status` (a client's loop); fails on another final state or after 30 s. */
async function waitForStatus(server: SpeechTestServer, taskId: string, status: string): Promise<TaskAnswer> {
  return waitFor(
    async () => {
      const answer = await query(server, taskId);
      if (answer.task_status === status) return answer;
      assert.ok(!['complete', 'failed'].includes(answer.task_status), `reached ${answer.task_status}: ${answer.message}`);
      return undefined;
    },
    { what: `task ${taskId} to reach ${status}`, timeoutMs: 30_000, intervalMs: 20 },
  );
}

async function download(address: string): Promise<Response> {
  return fetch(address); // no credentials: the address is signed
}

describe('speech: long-text tasks', () => {
  it('goes created -> running -> complete while real-time synthesis keeps answering, and serves valid audio', async (t) => {
    const data = makeDataDir();
    const gate = createGatedEspeak(data.dir, GATED_VOICE);
    const server = await startSpeechTestServer(data.dir, { espeakCommand: gate.command });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const text = 'This is a long text. It has several sentences! Each one is spoken in turn.';
    const submitted = await commit(server, { request_id: 'long-1', text, voice: GATED_SPEAKER, sample_rate: 24000 });
    assert.deepEqual(
      { code: submitted.code, status: submitted.task_status, address: submitted.audio_address, request_id: submitted.request_id },
      { code: 0, status: 'created', address: '', request_id: 'long-1' },
    );
    assert.ok(submitted.task_id.length > 0);

    const running = await waitForStatus(server, submitted.task_id, 'running');
    assert.equal(running.audio_address, '');
    assert.equal(running.request_id, 'poll');

    // The long task holds espeak-ng (gated); a real-time call in another voice must still be answered.
    const realtime = await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'POST', body: JSON.stringify({ ...CREDENTIALS, text: '实时合成不用等。' }) });
    assert.equal(realtime.status, 200);
    parseWav(Buffer.from(await realtime.arrayBuffer()));
    assert.equal((await query(server, submitted.task_id)).task_status, 'running');

    gate.open();
    const complete = await waitForStatus(server, submitted.task_id, 'complete');
    assert.equal(complete.code, 0);
    assert.match(complete.audio_address, new RegExp(`^${server.baseUrl}/audio/[^?]+\\.wav\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const audio = await download(complete.audio_address);
    assert.equal(audio.status, 200);
    assert.equal(audio.headers.get('content-type'), 'audio/wav');
    const wav = parseWav(Buffer.from(await audio.arrayBuffer()));
    assert.equal(wav.sampleRate, 24000);
    assert.ok(wav.durationMs > 3000, `${wav.durationMs} ms for three sentences`);

    // The same text by real-time synthesis gives the same samples: the queue speaks the whole text.
    const same = await fetch(`${server.baseUrl}/maas/v2/api/tts`, {
      method: 'POST',
      body: JSON.stringify({ ...CREDENTIALS, text, voice: GATED_SPEAKER, sample_rate: 24000 }),
    });
    assert.deepEqual(parseWav(Buffer.from(await same.arrayBuffer())).samples, wav.samples);

    // Another appkey cannot see the task.
    const foreign = await query(server, submitted.task_id, OTHER_CREDENTIALS.appkey);
    assert.equal(foreign.code, 40400);
  });

  it('produces MP3 for format mp3', async (t) => {
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir);
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const submitted = await commit(server, { text: '长文本合成。第二句。', format: 'mp3', sample_rate: 8000 });
    const complete = await waitForStatus(server, submitted.task_id, 'complete');
    const audio = await download(complete.audio_address);
    assert.equal(audio.headers.get('content-type'), 'audio/mpeg');
    const mp3 = parseMp3(Buffer.from(await audio.arrayBuffer()));
    assert.equal(mp3.sampleRate, 8000);
    assert.ok(mp3.durationMs > 1000);
  });

  it('refuses a tampered or expired audio_address, and a new query gives a working one', async (t) => {
    let nowMs = Date.now();
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir, { now: () => nowMs, audioUrlTtlSeconds: 600 });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const submitted = await commit(server, { text: '签名地址。' });
    const { audio_address: address } = await waitForStatus(server, submitted.task_id, 'complete');
    const url = new URL(address);
    const sig = url.searchParams.get('sig') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const variants = {
      'changed signature': address.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`),
      'later expiry': address.replace(`expires=${expires}`, `expires=${expires + 3600}`),
      'no signature': `${url.origin}${url.pathname}`,
      'another file': address.replace(/\/audio\/[0-9a-f]/, (prefix) => `${prefix.slice(0, -1)}${prefix.endsWith('0') ? '1' : '0'}`),
    };
    for (const [name, tampered] of Object.entries(variants)) {
      const response = await download(tampered);
      assert.equal(response.status, 403, name);
      assert.match(((await response.json()) as { message: string }).message, /signature is invalid/, name);
    }
    assert.equal((await download(address)).status, 200);

    nowMs += 601_000;
    const expired = await download(address);
    assert.equal(expired.status, 403);
    assert.match(((await expired.json()) as { message: string }).message, /expired/);
    const renewed = await query(server, submitted.task_id);
    assert.notEqual(renewed.audio_address, address);
    const fresh = await download(renewed.audio_address);
    assert.equal(fresh.status, 200);
    parseWav(Buffer.from(await fresh.arrayBuffer()));
  });

  it('marks a task failed, with a message, when synthesis cannot run', async (t) => {
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir, { espeakCommand: '/nonexistent/espeak-ng' });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const submitted = await commit(server, { text: '失败。' });
    const failed = await waitForStatus(server, submitted.task_id, 'failed');
    assert.equal(failed.audio_address, '');
    assert.match(failed.message, /espeak-ng is not installed/);
  });

  it('resumes tasks left created or running when the routes were closed, on the same data folder', async (t) => {
    const data = makeDataDir();
    const servers: SpeechTestServer[] = [];
    t.after(async () => {
      for (const server of servers) await server.close();
      data.remove();
    });
    const gate = createGatedEspeak(data.dir, GATED_VOICE);
    const first = await startSpeechTestServer(data.dir, { espeakCommand: gate.command });
    servers.push(first);
    const done = await commit(first, { text: '先完成的任务。' }); // Chinese: not gated
    const { audio_address: earlyAddress } = await waitForStatus(first, done.task_id, 'complete');
    const stuck = await commit(first, { text: 'Held at the gate. Then resumed.', voice: GATED_SPEAKER });
    const queued = await commit(first, { text: '排在后面的任务。' });
    await waitForStatus(first, stuck.task_id, 'running');
    assert.equal((await query(first, queued.task_id)).task_status, 'created');
    await first.close();

    const onDisk = JSON.parse(readFileSync(path.join(data.dir, 'speech', 'tasks.json'), 'utf8')) as { tasks: { taskId: string; status: string }[] };
    const statusOf = (id: string): string | undefined => onDisk.tasks.find((task) => task.taskId === id)?.status;
    assert.deepEqual([statusOf(done.task_id), statusOf(stuck.task_id), statusOf(queued.task_id)], ['complete', 'running', 'created']);
    assert.doesNotMatch(readFileSync(path.join(data.dir, 'speech', 'tasks.json'), 'utf8'), new RegExp(CREDENTIALS.appkey));

    const second = await startSpeechTestServer(data.dir); // the real espeak-ng: nothing gated now
    servers.push(second);
    const resumed = await waitForStatus(second, stuck.task_id, 'complete');
    const later = await waitForStatus(second, queued.task_id, 'complete');
    for (const address of [resumed.audio_address, later.audio_address]) {
      const audio = await download(address);
      assert.equal(audio.status, 200);
      assert.ok(parseWav(Buffer.from(await audio.arrayBuffer())).durationMs > 1000);
    }
    // An address handed out before the restart still works: the signing key is kept in the data folder.
    const early = await download(earlyAddress.replace(first.baseUrl, second.baseUrl));
    assert.equal(early.status, 200);
    await early.arrayBuffer();
  });
});
