// The [choice] switches of docs/wire.md's unknowns: the success `code`, where get_speakers puts its list, and what
// enable_ts answers. Each is set by option and by environment variable and changes the wire answer; a bad
// environment value stops the routes from starting with a message naming the variable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWav } from './fixtures/speech/audioInspection';
import { CREDENTIALS, makeDataDir, startSpeechTestServer } from './fixtures/speech/speechTestServer';
import type { TestContext } from 'node:test';
import type { SpeechOptions } from '../src/speech/speechOptions';
import type { SpeechTestServer } from './fixtures/speech/speechTestServer';

type Body = Record<string, unknown>;

/** Starts a server for one test, closed (and its data folder removed) after it. */
async function serverFor(t: TestContext, options: Partial<SpeechOptions> = {}): Promise<SpeechTestServer> {
  const data = makeDataDir();
  const server = await startSpeechTestServer(data.dir, options).catch((error: unknown) => {
    data.remove();
    throw error;
  });
  t.after(async () => {
    await server.close();
    data.remove();
  });
  return server;
}

/** Sets environment variables while `run` starts a server, then restores them. */
async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const post = (server: SpeechTestServer, route: string, fields: Body): Promise<Response> =>
  fetch(`${server.baseUrl}/maas/v2/api/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });

async function jsonOf(response: Response): Promise<Body> {
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return (await response.json()) as Body;
}

const speakerIds = (list: unknown): string[] => {
  assert.ok(Array.isArray(list), `an array: ${JSON.stringify(list)}`);
  return (list as { id: string }[]).map((speaker) => speaker.id);
};
const ALL_SPEAKERS = ['zh_female_xiaoyan', 'zh_male_yunfeng', 'en_female_amy', 'en_male_tom'];

describe('speech switch: success code', () => {
  it('is 0 by default on get_speakers, tts-long-commit, tts-long-query and the enable_ts answer', async (t) => {
    const server = await serverFor(t);
    assert.equal((await jsonOf(await post(server, 'get_speakers', {}))).code, 0);
    const committed = await jsonOf(await post(server, 'tts-long-commit', { ...CREDENTIALS, text: '好。' }));
    assert.equal(committed.code, 0);
    assert.equal((await jsonOf(await post(server, 'tts-long-query', { appkey: CREDENTIALS.appkey, task_id: committed.task_id }))).code, 0);
    assert.equal((await jsonOf(await post(server, 'tts', { ...CREDENTIALS, text: 'Hi.', enable_ts: true }))).code, 0);
  });

  it('is the configured value on every successful JSON answer; errors keep their own codes', async (t) => {
    const server = await serverFor(t, { successCode: 200 });
    const speakers = await jsonOf(await post(server, 'get_speakers', {}));
    assert.deepEqual([speakers.code, speakers.message], [200, 'success']);
    const committed = await jsonOf(await post(server, 'tts-long-commit', { ...CREDENTIALS, text: '好。' }));
    assert.deepEqual([committed.code, committed.task_status], [200, 'created']);
    const queried = await jsonOf(await post(server, 'tts-long-query', { appkey: CREDENTIALS.appkey, task_id: committed.task_id }));
    assert.deepEqual([queried.code, queried.task_id], [200, committed.task_id]);
    const timed = await jsonOf(await post(server, 'tts', { ...CREDENTIALS, text: 'Hi.', enable_ts: true }));
    assert.equal(timed.code, 200);
    assert.ok(Array.isArray(timed.timestamps));
    assert.equal((await jsonOf(await post(server, 'tts', { ...CREDENTIALS, token: 'wrong', text: 'Hi.' }))).code, 40100);
    assert.equal((await jsonOf(await post(server, 'tts-long-query', { appkey: CREDENTIALS.appkey, task_id: 'nope' }))).code, 40400);
  });

  it('is read from MAAS_LOCAL_SPEECH_SUCCESS_CODE (negative values too); an option wins over it', async (t) => {
    const fromEnv = await withEnv({ MAAS_LOCAL_SPEECH_SUCCESS_CODE: '-1' }, () => serverFor(t));
    assert.equal((await jsonOf(await post(fromEnv, 'get_speakers', {}))).code, -1);
    const fromOption = await withEnv({ MAAS_LOCAL_SPEECH_SUCCESS_CODE: '10000' }, () => serverFor(t, { successCode: 7 }));
    assert.equal((await jsonOf(await post(fromOption, 'get_speakers', {}))).code, 7);
  });
});

describe('speech switch: speaker list shape', () => {
  it('puts the list under `speakers` by default', async (t) => {
    const body = await jsonOf(await post(await serverFor(t), 'get_speakers', {}));
    assert.deepEqual(speakerIds(body.speakers), ALL_SPEAKERS);
    assert.equal(body.data, undefined);
  });

  it('puts the list under `data` or `data.list` when configured', async (t) => {
    const data = await jsonOf(await post(await serverFor(t, { speakersShape: 'data' }), 'get_speakers', {}));
    assert.deepEqual(speakerIds(data.data), ALL_SPEAKERS);
    assert.equal(data.speakers, undefined);
    const nested = await jsonOf(await post(await serverFor(t, { speakersShape: 'data.list' }), 'get_speakers', {}));
    assert.deepEqual(speakerIds((nested.data as { list?: unknown } | undefined)?.list), ALL_SPEAKERS);
    assert.equal(nested.speakers, undefined);
    assert.deepEqual([nested.code, nested.message], [0, 'success']);
  });

  it('is read from MAAS_LOCAL_SPEAKERS_SHAPE', async (t) => {
    const server = await withEnv({ MAAS_LOCAL_SPEAKERS_SHAPE: 'data.list' }, () => serverFor(t));
    const body = await jsonOf(await post(server, 'get_speakers', {}));
    assert.deepEqual(speakerIds((body.data as { list?: unknown } | undefined)?.list), ALL_SPEAKERS);
  });
});

describe('speech switch: what enable_ts answers', () => {
  const fields = { ...CREDENTIALS, text: 'Same audio. 一样的声音。' };

  it("'none' answers the plain audio, the same bytes as without enable_ts", async (t) => {
    const server = await serverFor(t, { timestamps: 'none' });
    const plain = await post(server, 'tts', fields);
    const withTs = await post(server, 'tts', { ...fields, enable_ts: true });
    assert.equal(withTs.status, 200);
    assert.equal(withTs.headers.get('content-type'), 'audio/wav');
    const bytes = Buffer.from(await withTs.arrayBuffer());
    assert.deepEqual(bytes, Buffer.from(await plain.arrayBuffer()));
    assert.ok(parseWav(bytes).durationMs > 500);
  });

  it("'json' (the default, also from MAAS_LOCAL_TTS_TIMESTAMPS) answers JSON with base64 audio and timestamps", async (t) => {
    const server = await withEnv({ MAAS_LOCAL_TTS_TIMESTAMPS: 'json' }, () => serverFor(t));
    const body = await jsonOf(await post(server, 'tts', { ...fields, enable_ts: true }));
    assert.equal(body.code, 0);
    assert.equal((body.timestamps as unknown[]).length, 2);
    assert.equal(
      Buffer.from(body.audio as string, 'base64')
        .subarray(0, 4)
        .toString('latin1'),
      'RIFF',
    );
  });

  it("reads 'none' from MAAS_LOCAL_TTS_TIMESTAMPS", async (t) => {
    const server = await withEnv({ MAAS_LOCAL_TTS_TIMESTAMPS: 'none' }, () => serverFor(t));
    const response = await post(server, 'tts', { ...fields, text: 'Hi.', enable_ts: 1 });
    assert.equal(response.headers.get('content-type'), 'audio/wav');
    await response.arrayBuffer();
  });
});

describe('speech switches: bad values are refused at start', () => {
  const cases: { env: Record<string, string>; message: RegExp }[] = [
    { env: { MAAS_LOCAL_SPEECH_SUCCESS_CODE: 'ok' }, message: /^MAAS_LOCAL_SPEECH_SUCCESS_CODE must be an integer from -2147483648 to 2147483647, got "ok"$/ },
    { env: { MAAS_LOCAL_SPEECH_SUCCESS_CODE: '1.5' }, message: /^MAAS_LOCAL_SPEECH_SUCCESS_CODE must be an integer/ },
    { env: { MAAS_LOCAL_SPEECH_SUCCESS_CODE: '9999999999' }, message: /^MAAS_LOCAL_SPEECH_SUCCESS_CODE must be an integer/ },
    { env: { MAAS_LOCAL_SPEAKERS_SHAPE: 'list' }, message: /^MAAS_LOCAL_SPEAKERS_SHAPE must be one of speakers, data, data\.list, got "list"$/ },
    { env: { MAAS_LOCAL_TTS_TIMESTAMPS: 'base64' }, message: /^MAAS_LOCAL_TTS_TIMESTAMPS must be one of json, none, got "base64"$/ },
  ];
  for (const { env, message } of cases) {
    it(`refuses ${JSON.stringify(env)}`, async (t) => {
      await assert.rejects(
        withEnv(env, () => serverFor(t)),
        (error: unknown) => error instanceof Error && message.test(error.message),
      );
    });
  }

  it('refuses bad option values', async (t) => {
    for (const options of [{ successCode: 0.5 }, { speakersShape: 'list' }, { timestamps: 'base64' }] as unknown as Partial<SpeechOptions>[]) {
      await assert.rejects(serverFor(t, options), (error: unknown) => error instanceof Error && error.name === 'ZodError', JSON.stringify(options));
    }
  });
});
