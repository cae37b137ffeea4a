// End to end through startLocalService: the speech routes sit behind the same server, request log and fault
// injection as chat, and take their credentials from the service's state (seeded, then created in the console).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { requestLog } from '../../test/harness/requestLog';
import { http, useService } from './serviceHarness';

const service = useService();
const speech = (route: string): string => `${service().baseUrl}/maas/v2/api/${route}`;

interface TaskReply {
  code: number;
  message: string;
  task_id: string;
  task_status: string;
  audio_address: string;
}

describe('speech through the local service', () => {
  it('real-time synthesis with the seeded credentials returns WAV audio; a wrong token is refused', async () => {
    const reply = await fetch(speech('tts'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appkey: 'test-appkey', token: 'test-token', text: 'Hello from the local service.', format: 'wav' }),
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-type'), 'audio/wav');
    const bytes = Buffer.from(await reply.arrayBuffer());
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE');
    assert.ok(bytes.length > 10_000);

    const refused = await http('POST', speech('tts'), { appkey: 'test-appkey', token: 'wrong', text: 'x' });
    assert.equal(refused.json<{ code: number }>().code, 40100);
    const entry = (await requestLog<{ token?: string }>(service().baseUrl)).find((r) => r.path === '/maas/v2/api/tts');
    assert.equal(entry?.body?.token, '***');
  });

  it('a long task with credentials created in the console completes and its audio downloads without credentials', async () => {
    const pair = (await http('POST', `${service().baseUrl}/console/api/speech-credentials`, {})).json<{ appkey: string; token: string }>();
    const committed = (await http('POST', speech('tts-long-commit'), { ...pair, text: '第一句话。第二句话。', format: 'mp3' })).json<TaskReply>();
    assert.equal(committed.code, 0, committed.message);
    assert.equal(committed.task_status, 'created');
    let task = committed;
    // Polls the task's own status (the signal), bounded.
    for (let i = 0; i < 600 && task.task_status !== 'complete' && task.task_status !== 'failed'; i++) {
      await delay(50);
      task = (await http('POST', speech('tts-long-query'), { appkey: pair.appkey, task_id: committed.task_id })).json<TaskReply>();
    }
    assert.equal(task.task_status, 'complete', task.message);
    assert.ok(task.audio_address.startsWith(`${service().baseUrl}/audio/`));
    const audio = await fetch(task.audio_address);
    assert.equal(audio.status, 200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const frameSync = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
    assert.ok(id3 || frameSync, 'mp3 bytes');
  });

  it('long task per spec 4.6/4.7: POST commit, then GET tts-long-query with the query string until complete, WAV at the sample rate', async () => {
    const fields = {
      appkey: 'test-appkey',
      token: 'test-token',
      request_id: 'req-commit-1',
      text: 'First sentence. Second sentence.',
      format: 'wav',
      sample_rate: 8000,
    };
    const committedReply = await http('POST', speech('tts-long-commit'), fields);
    assert.equal(committedReply.status, 200);
    const committed = committedReply.json<TaskReply & { request_id: string }>();
    assert.deepEqual(Object.keys(committed).sort(), ['audio_address', 'code', 'message', 'request_id', 'task_id', 'task_status']);
    assert.deepEqual(
      { ...committed, task_id: '' },
      { request_id: 'req-commit-1', code: 0, message: 'success', task_id: '', audio_address: '', task_status: 'created' },
    );
    const query = (requestId: string, appkey = 'test-appkey'): string =>
      `${speech('tts-long-query')}?${new URLSearchParams({ appkey, task_id: committed.task_id, request_id: requestId }).toString()}`;
    const seen: string[] = [];
    let task = committed as TaskReply & { request_id: string };
    for (let i = 0; i < 600 && task.task_status !== 'complete' && task.task_status !== 'failed'; i++) {
      await delay(50);
      const reply = await http('GET', query(`poll-${i}`));
      assert.equal(reply.status, 200);
      task = reply.json<TaskReply & { request_id: string }>();
      assert.equal(task.request_id, `poll-${i}`);
      assert.deepEqual(Object.keys(task).sort(), ['audio_address', 'code', 'message', 'request_id', 'task_id', 'task_status']);
      seen.push(task.task_status);
    }
    assert.equal(task.task_status, 'complete', task.message);
    assert.ok(
      seen.every((status) => ['created', 'running', 'complete'].includes(status)),
      seen.join(','),
    );
    assert.equal(task.task_id, committed.task_id);
    const audio = await fetch(task.audio_address);
    assert.equal(audio.status, 200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(bytes.readUInt32LE(24), 8000, 'sample rate in the WAV header');
    assert.equal((await http('GET', query('stranger', 'someone-else'))).json<{ code: number }>().code, 40100, 'an unknown appkey');
    const other = (await http('POST', `${service().baseUrl}/console/api/speech-credentials`, {})).json<{ appkey: string }>();
    assert.equal((await http('GET', query('other', other.appkey))).json<{ code: number }>().code, 40400, 'another appkey does not see the task');
  });

  it('an injected fault applies to speech routes too', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: '/maas/v2/api/get_speakers', status: 503, body: 'busy' });
    const reply = await http('GET', speech('get_speakers'));
    assert.equal(reply.status, 503);
    assert.equal(reply.text, 'busy');
    assert.equal((await http('GET', speech('get_speakers'))).json<{ code: number }>().code, 0);
  });
});
