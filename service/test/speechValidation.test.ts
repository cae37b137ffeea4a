// Every way a speech request can be wrong: the answer is JSON { request_id, code, message } with the documented
// code and a message naming the field; the HTTP status is 200 unless the [choice] switch says otherwise.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CREDENTIALS, makeDataDir, startSpeechTestServer } from './fixtures/speech/speechTestServer';
import type { SpeechTestServer } from './fixtures/speech/speechTestServer';

type Fields = Record<string, unknown>;
interface SpeechErrorBody {
  request_id: string;
  code: number;
  message: string;
}

async function expectError(response: Response, code: number, message: RegExp, status = 200): Promise<SpeechErrorBody> {
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as SpeechErrorBody;
  assert.equal(body.code, code, body.message);
  assert.match(body.message, message);
  assert.ok(typeof body.request_id === 'string' && body.request_id.length > 0);
  return body;
}

describe('speech: validation errors', () => {
  const data = makeDataDir();
  let server: SpeechTestServer;

  before(async () => {
    server = await startSpeechTestServer(data.dir);
  });
  after(async () => {
    await server.close();
    data.remove();
  });

  const post = (route: string, fields: unknown): Promise<Response> =>
    fetch(`${server.baseUrl}/maas/v2/api/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });
  const get = (route: string, fields: Record<string, string>): Promise<Response> =>
    fetch(`${server.baseUrl}/maas/v2/api/${route}?${new URLSearchParams(fields).toString()}`);

  const cases: { name: string; fields: Fields; code: number; message: RegExp }[] = [
    { name: 'missing appkey', fields: { token: CREDENTIALS.token, text: '你好' }, code: 40100, message: /appkey/ },
    { name: 'missing token', fields: { appkey: CREDENTIALS.appkey, text: '你好' }, code: 40100, message: /token/ },
    { name: 'wrong token', fields: { ...CREDENTIALS, token: 'wrong', text: '你好' }, code: 40100, message: /appkey or token is invalid/ },
    { name: 'unknown appkey', fields: { ...CREDENTIALS, appkey: 'nobody', text: '你好' }, code: 40100, message: /appkey or token is invalid/ },
    { name: 'missing text', fields: { ...CREDENTIALS }, code: 40000, message: /^text must not be empty/ },
    { name: 'empty text', fields: { ...CREDENTIALS, text: '' }, code: 40000, message: /^text must not be empty/ },
    { name: 'blank text', fields: { ...CREDENTIALS, text: ' \n\t ' }, code: 40000, message: /^text must not be empty/ },
    { name: 'text not a string', fields: { ...CREDENTIALS, text: 42 }, code: 40000, message: /^text must be a string/ },
    {
      name: 'text over 1000 characters',
      fields: { ...CREDENTIALS, text: '长'.repeat(1001) },
      code: 41300,
      message: /^text is too long: 1001 characters, at most 1000/,
    },
    { name: 'format ogg', fields: { ...CREDENTIALS, text: 'a', format: 'ogg' }, code: 40000, message: /^format must be one of wav, mp3, got "ogg"/ },
    {
      name: 'sample_rate 44100',
      fields: { ...CREDENTIALS, text: 'a', sample_rate: 44100 },
      code: 40000,
      message: /^sample_rate must be one of 8000, 16000, 24000, got 44100/,
    },
    { name: 'sample_rate not a number', fields: { ...CREDENTIALS, text: 'a', sample_rate: 'fast' }, code: 40000, message: /^sample_rate must be one of/ },
    { name: 'volumn -1', fields: { ...CREDENTIALS, text: 'a', volumn: -1 }, code: 40000, message: /^volumn must be an integer from 0 to 100, got -1/ },
    { name: 'volumn 101', fields: { ...CREDENTIALS, text: 'a', volumn: 101 }, code: 40000, message: /^volumn must be an integer from 0 to 100/ },
    { name: 'volumn 50.5', fields: { ...CREDENTIALS, text: 'a', volumn: 50.5 }, code: 40000, message: /^volumn must be an integer/ },
    { name: 'volumn "loud"', fields: { ...CREDENTIALS, text: 'a', volumn: 'loud' }, code: 40000, message: /^volumn must be an integer/ },
    { name: 'speed -501', fields: { ...CREDENTIALS, text: 'a', speed: -501 }, code: 40000, message: /^speed must be an integer from -500 to 500, got -501/ },
    { name: 'speed 501', fields: { ...CREDENTIALS, text: 'a', speed: 501 }, code: 40000, message: /^speed must be an integer from -500 to 500/ },
    { name: 'pitch -501', fields: { ...CREDENTIALS, text: 'a', pitch: -501 }, code: 40000, message: /^pitch must be an integer from -500 to 500/ },
    { name: 'pitch 501', fields: { ...CREDENTIALS, text: 'a', pitch: 501 }, code: 40000, message: /^pitch must be an integer from -500 to 500/ },
    { name: 'unknown voice', fields: { ...CREDENTIALS, text: 'a', voice: 'nobody' }, code: 40000, message: /^voice "nobody" is not a known speaker/ },
    { name: 'enable_ts "maybe"', fields: { ...CREDENTIALS, text: 'a', enable_ts: 'maybe' }, code: 40000, message: /^enable_ts must be true, false, 1 or 0/ },
  ];

  for (const route of ['tts', 'tts-long-commit']) {
    for (const testCase of cases.filter((entry) => route === 'tts' || !entry.name.startsWith('text over'))) {
      it(`${route} by POST refuses ${testCase.name}`, async () => {
        await expectError(await post(route, { request_id: 'req-1', ...testCase.fields }), testCase.code, testCase.message);
      });
    }
  }

  it('echoes the caller request_id in an error', async () => {
    const body = await expectError(await post('tts', { request_id: 'trace-42', ...CREDENTIALS, text: '' }), 40000, /text/);
    assert.equal(body.request_id, 'trace-42');
  });

  it('applies the same checks to GET query strings, where every value is a string', async () => {
    await expectError(await get('tts', { ...CREDENTIALS, text: 'a', speed: 'abc' }), 40000, /^speed must be an integer from -500 to 500, got "abc"/);
    await expectError(await get('tts', { ...CREDENTIALS, text: 'a', volumn: '101' }), 40000, /^volumn/);
    await expectError(await get('tts', { ...CREDENTIALS, text: 'a', sample_rate: '11025' }), 40000, /^sample_rate/);
    await expectError(await get('tts', { appkey: CREDENTIALS.appkey, text: 'a' }), 40100, /token/);
  });

  it('accepts numbers sent as strings in a JSON body', async () => {
    const response = await post('tts', { ...CREDENTIALS, text: '好。', sample_rate: '8000', volumn: '60', speed: '-100', pitch: '+20', enable_ts: '0' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'audio/wav');
    assert.equal(Buffer.from(await response.arrayBuffer()).readUInt32LE(24), 8000);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":' });
    await expectError(response, 40000, /not valid JSON/);
    await expectError(await post('tts', [1, 2]), 40000, /must be a JSON object/);
  });

  it('refuses text over 100,000 characters for a long task and accepts 1001', async () => {
    await expectError(
      await post('tts-long-commit', { ...CREDENTIALS, text: 'a'.repeat(100_001) }),
      41300,
      /^text is too long: 100001 characters, at most 100000/,
    );
    const response = await post('tts-long-commit', { ...CREDENTIALS, text: 'a'.repeat(1001), format: 'mp3' });
    const body = (await response.json()) as { code: number; task_status: string };
    assert.deepEqual([body.code, body.task_status], [0, 'created']);
  });

  it('tts-long-query refuses a missing appkey, an unknown appkey, a missing task_id and an unknown task', async () => {
    await expectError(await get('tts-long-query', { task_id: 'x' }), 40100, /appkey is missing/);
    await expectError(await get('tts-long-query', { appkey: 'nobody', task_id: 'x' }), 40100, /appkey/);
    await expectError(await get('tts-long-query', { appkey: CREDENTIALS.appkey, token: 'wrong', task_id: 'x' }), 40100, /appkey or token/);
    await expectError(await get('tts-long-query', { appkey: CREDENTIALS.appkey }), 40000, /task_id is missing/);
    await expectError(
      await post('tts-long-query', { appkey: CREDENTIALS.appkey, task_id: 'no-such-task' }),
      40400,
      /task_id "no-such-task" is not a known task/,
    );
  });

  it('answers other methods with 405 and unknown speech paths are left to the server (404)', async () => {
    const put = await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'PUT', body: '{}' });
    await expectError(put, 40000, /method not allowed/, 405);
    assert.equal(put.headers.get('allow'), 'GET, POST');
    const unknown = await fetch(`${server.baseUrl}/maas/v2/api/tts-stream`);
    assert.equal(unknown.status, 404);
    await unknown.arrayBuffer();
  });
});

describe('speech: error switches', () => {
  it('uses the configured HTTP status for errors, a shorter real-time limit, and credentials on get_speakers', async (t) => {
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir, { errorStatus: 400, maxRealtimeChars: 10, speakersRequireCredentials: true });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const post = (route: string, fields: Fields): Promise<Response> =>
      fetch(`${server.baseUrl}/maas/v2/api/${route}`, { method: 'POST', body: JSON.stringify(fields) });
    await expectError(await post('tts', { ...CREDENTIALS, text: '一二三四五六七八九十一' }), 41300, /at most 10/, 400);
    await expectError(await post('get_speakers', {}), 40100, /appkey/, 400);
    const speakers = await post('get_speakers', { ...CREDENTIALS });
    assert.equal(((await speakers.json()) as { code: number }).code, 0);
  });

  it('reads the real-time limit from MAAS_LOCAL_TTS_MAX_CHARS', async (t) => {
    const saved = process.env.MAAS_LOCAL_TTS_MAX_CHARS;
    process.env.MAAS_LOCAL_TTS_MAX_CHARS = '5';
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir).finally(() => {
      if (saved === undefined) delete process.env.MAAS_LOCAL_TTS_MAX_CHARS;
      else process.env.MAAS_LOCAL_TTS_MAX_CHARS = saved;
    });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const response = await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'POST', body: JSON.stringify({ ...CREDENTIALS, text: 'abcdef' }) });
    await expectError(response, 41300, /6 characters, at most 5/);
  });

  it('reports a synthesis failure as 50000 when espeak-ng cannot run', async (t) => {
    const data = makeDataDir();
    const server = await startSpeechTestServer(data.dir, { espeakCommand: '/nonexistent/espeak-ng' });
    t.after(async () => {
      await server.close();
      data.remove();
    });
    const response = await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'POST', body: JSON.stringify({ ...CREDENTIALS, text: '你好' }) });
    await expectError(response, 50000, /^synthesis failed: espeak-ng is not installed/);
  });
});
