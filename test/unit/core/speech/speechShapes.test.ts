// The speech client as tolerant as the chat client (docs/client.md, "What speech services send: the
// rules"). Each rule against the scripted server, asserting what the user would notice: the service's own message
// and number in the error, the audio bytes delivered, the polling that goes on until the task completes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import type { AudioResult } from '../../../../src/core/speech/speechAnswer';
import type { LongTask } from '../../../../src/core/speech/speechPayloads';
import { FakeServer } from '../fakeServer';
import { failure, scriptTaskStates, speechClient, WAV } from './scriptedSpeech';

/** MPEG-1 layer III frame sync, as the client detects mp3. */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64)]);
const BOM = '\uFEFF';

function json(res: ServerResponse, value: unknown, status = 200, prefix = '', contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(prefix + JSON.stringify(value));
}

let server: FakeServer;
before(async () => {
  server = await FakeServer.start();
});
after(() => server.stop());

describe('speech rule 1: a failure under other field names keeps its message and number', () => {
  it('a `status` and a `message` without `code` (as related speech services answer), under HTTP 200 and 400', async () => {
    const { client, dispose } = speechClient(server.url);
    for (const [http, problem] of [
      [200, undefined],
      [400, 'parameter'],
    ] as const) {
      server.reset((_req, res) => json(res, { task_id: 'f1c3', result: '', status: 40000001, message: 'Gateway:ACCESS_DENIED:The token is invalid!' }, http));
      const error = await failure(() => client.synthesize({ text: 'Hello' }));
      assert.equal(error.kind, 'speech', `HTTP ${http}: ${error.message}`);
      assert.equal(error.speechCode, 40000001);
      assert.equal(error.serverMessage, 'Gateway:ACCESS_DENIED:The token is invalid!');
      assert.equal(error.speechProblem, problem);
      assert.match(error.message, /40000001.*ACCESS_DENIED/);
    }
    await dispose();
  });

  it('an `error_code` with an `error_message`, and a `status` with a `msg`, on the task and speaker routes', async () => {
    const { client, dispose } = speechClient(server.url);
    server.reset((_req, res) => json(res, { request_id: 'r', error_code: 40000005, error_message: '文本过长' }));
    const submitted = await failure(() => client.submitLongTask({ text: 'Long text' }));
    assert.equal(submitted.kind, 'speech', submitted.message);
    assert.equal(submitted.speechCode, 40000005);
    assert.equal(submitted.serverMessage, '文本过长');
    server.reset((_req, res) => json(res, { status: 41020001, msg: '发音人列表暂不可用' }));
    const speakers = await failure(() => client.listSpeakers());
    assert.equal(speakers.speechCode, 41020001);
    assert.equal(speakers.serverMessage, '发音人列表暂不可用');
    await dispose();
  });

  it('a gateway echoing its own HTTP status in the body is still a busy answer, waited for and retried', async () => {
    const { client, sleeps, dispose } = speechClient(server.url);
    server.reset((_req, res) => {
      if (server.seen.length === 1) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
        res.end(JSON.stringify({ status: 503, message: '服务繁忙,请稍后再试' }));
      } else res.writeHead(200, { 'content-type': 'audio/wav' }).end(WAV);
    });
    const audio = await client.synthesize({ text: 'Hello' });
    assert.deepEqual(audio.audio, WAV);
    assert.deepEqual(sleeps, [2000]);
    await dispose();
  });
});

describe('speech rule 2: a task state the client does not know keeps the polling going', () => {
  const script = (states: readonly string[]): void => scriptTaskStates(server, states);

  it('a submission answered with a queued state is a task, with the state as the service wrote it', async () => {
    script(['queued']);
    const { client, dispose } = speechClient(server.url);
    const task = await client.submitLongTask({ text: 'Long text' });
    assert.equal(task.taskId, 't1');
    assert.equal(task.status, 'unknown');
    assert.equal(task.serviceStatus, 'queued');
    await dispose();
  });

  it('polls through unknown states, with the usual backoff, until the task completes; each state is reported', async () => {
    script(['queued', 'QUEUEING', 'running', 'complete']);
    const { client, sleeps, dispose } = speechClient(server.url);
    const seen: LongTask[] = [];
    const task = await client.waitForLongTask('t1', { onStatus: (t) => seen.push(t) });
    await dispose();
    assert.equal(task.status, 'complete');
    assert.equal(task.audioAddress, `${server.url}/audio/t1.wav`);
    assert.deepEqual(sleeps, [1000, 1500, 2250]);
    assert.deepEqual(
      seen.map((t) => [t.status, t.serviceStatus]),
      [
        ['unknown', 'queued'],
        ['unknown', 'QUEUEING'],
        ['running', 'running'],
        ['complete', 'complete'],
      ],
    );
  });

  it("the spec's states are known whatever their letter case", async () => {
    script(['RUNNING', 'Complete']);
    const { client, sleeps, dispose } = speechClient(server.url);
    const task = await client.waitForLongTask('t1');
    await dispose();
    assert.equal(task.status, 'complete');
    assert.deepEqual(sleeps, [1000]);
  });

  it('an unknown state that never ends stops at the time limit, naming the state the service gave', async () => {
    script(['queued']);
    const { client, sleeps, dispose } = speechClient(server.url);
    const error = await failure(() => client.waitForLongTask('t1', { timeoutMs: 5000 }));
    await dispose();
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /last status: queued/);
    assert.deepEqual(sleeps, [1000, 1500, 2250, 250]);
  });
});

describe('speech rule 3: speaker lists under other common field names', () => {
  const cases: ReadonlyArray<readonly [string, unknown, ReadonlyArray<{ id: string; name: string }>]> = [
    ['the spec: id and name', { code: 0, speakers: [{ id: 'x1', name: '晓燕' }] }, [{ id: 'x1', name: '晓燕' }]],
    ['voice and desc', { code: 0, speakers: [{ voice: 'xiaoyun', desc: '小云，标准女声' }] }, [{ id: 'xiaoyun', name: '小云，标准女声' }]],
    ['voice_id and voice_name under data', { code: 0, data: [{ voice_id: 'v1', voice_name: 'Voice one' }] }, [{ id: 'v1', name: 'Voice one' }]],
    ['speaker and label under data.list', { code: 0, data: { list: [{ speaker: 's1', label: 'Speaker one' }] } }, [{ id: 's1', name: 'Speaker one' }]],
    [
      'name as the voice, with display_name',
      { code: 0, speakers: [{ name: 'zh-CN-XiaoxiaoNeural', display_name: 'Xiaoxiao' }] },
      [{ id: 'zh-CN-XiaoxiaoNeural', name: 'Xiaoxiao' }],
    ],
    ['voice_name and description under voices', { code: 0, voices: [{ voice_name: 'aixia', description: '艾夏' }] }, [{ id: 'aixia', name: '艾夏' }]],
    ['camelCase voiceId and displayName', { code: 0, speakers: [{ voiceId: 'c1', displayName: 'Camel' }] }, [{ id: 'c1', name: 'Camel' }]],
    [
      'plain strings',
      { code: 0, speakers: ['xiaogang', 'xiaomei'] },
      [
        { id: 'xiaogang', name: 'xiaogang' },
        { id: 'xiaomei', name: 'xiaomei' },
      ],
    ],
    ['a numeric id without a label', { code: 0, speakers: [{ speaker_id: 101 }] }, [{ id: '101', name: '101' }]],
    ['a bare array as the whole answer', [{ voice: 'b1', title: 'Bare' }], [{ id: 'b1', name: 'Bare' }]],
  ];
  for (const [name, body, expected] of cases) {
    it(`reads ${name}`, async () => {
      server.reset((_req, res) => json(res, body));
      const { client, dispose } = speechClient(server.url);
      const speakers = await client.listSpeakers();
      await dispose();
      assert.deepEqual(speakers, expected);
    });
  }

  it('skips an item that names no voice, keeps the others; a list of only such items is an error that says so', async () => {
    server.reset((_req, res) => json(res, { code: 0, speakers: [{ gender: 'female' }, { voice: 'v2', name: 'Two' }] }));
    const { client, dispose } = speechClient(server.url);
    assert.deepEqual(await client.listSpeakers(), [{ id: 'v2', name: 'Two' }]);
    server.reset((_req, res) => json(res, { code: 0, speakers: [{ gender: 'female' }] }));
    const error = await failure(() => client.listSpeakers());
    await dispose();
    assert.equal(error.kind, 'protocol');
    assert.match(error.message, /none names a voice/);
  });
});

describe('speech rule 4: a real-time answer in JSON with base64 audio and timestamps is played', () => {
  async function synthesizeWith(body: unknown): Promise<AudioResult> {
    server.reset((_req, res) => json(res, body));
    const { client, dispose } = speechClient(server.url);
    try {
      return await client.synthesize({ text: '你好。再见。', enable_ts: true });
    } finally {
      await dispose();
    }
  }

  it('subtitles with begin_time/end_time in milliseconds', async () => {
    const result = await synthesizeWith({
      code: 0,
      message: 'success',
      audio: WAV.toString('base64'),
      subtitles: [
        { text: '你好。', begin_time: 0, end_time: 640 },
        { text: '再见。', begin_time: 640, end_time: 1210 },
      ],
    });
    assert.deepEqual(result.audio, WAV);
    assert.equal(result.format, 'wav');
    assert.deepEqual(result.timestamps, [
      { text: '你好。', beginMs: 0, endMs: 640 },
      { text: '再见。', beginMs: 640, endMs: 1210 },
    ]);
  });

  it('sentences with start_time/end_time as numeric strings, audio and sentences under data', async () => {
    const result = await synthesizeWith({
      status: 20000000,
      message: 'SUCCESS',
      data: { audio: MP3.toString('base64'), sentences: [{ sentence: '你好。', start_time: '0', end_time: '700' }] },
    });
    assert.deepEqual(result.audio, MP3);
    assert.equal(result.format, 'mp3');
    assert.deepEqual(result.timestamps, [{ text: '你好。', beginMs: 0, endMs: 700 }]);
  });

  it('audio as a data: URL, and timestamps the client cannot read: the audio is still played', async () => {
    const result = await synthesizeWith({
      code: 0,
      audio: `data:audio/wav;base64,${WAV.toString('base64')}`,
      timestamps: [{ words: 'no times here' }],
    });
    assert.deepEqual(result.audio, WAV);
    assert.equal(result.timestamps, undefined);
  });

  it('JSON without audio and without a failing code is a clear error that keeps the service words', async () => {
    const error = await failure(() => synthesizeWith({ code: 0, message: '合成结果为空' }));
    assert.equal(error.kind, 'protocol');
    assert.match(error.message, /without audio/);
    assert.equal(error.serverMessage, '合成结果为空');
  });

  it('base64 that is not audio is refused as such', async () => {
    const error = await failure(() => synthesizeWith({ code: 0, audio: Buffer.from('not audio at all').toString('base64') }));
    assert.equal(error.kind, 'protocol');
    assert.match(error.message, /not WAV, MP3/);
  });
});

describe('speech rule 5: a JSON body that begins with a byte order mark is read', () => {
  it('an error, under a JSON or an audio content type', async () => {
    const { client, dispose } = speechClient(server.url);
    for (const type of ['application/json', 'audio/mpeg']) {
      server.reset((_req, res) => json(res, { request_id: 'r', code: 7, message: '发音人不存在' }, 200, BOM, type));
      const error = await failure(() => client.synthesize({ text: 'Hello' }));
      assert.equal(error.kind, 'speech', `${type}: ${error.message}`);
      assert.equal(error.serverMessage, '发音人不存在');
    }
    await dispose();
  });

  it('the speaker list, a task status and timestamped audio', async () => {
    const { client, dispose } = speechClient(server.url);
    server.reset((_req, res) => json(res, { code: 0, speakers: [{ id: 'x1', name: '晓燕' }] }, 200, BOM));
    assert.deepEqual(await client.listSpeakers(), [{ id: 'x1', name: '晓燕' }]);
    server.reset((_req, res) => json(res, { code: 0, task_id: 't9', task_status: 'running', audio_address: '' }, 200, BOM));
    assert.equal((await client.queryLongTask('t9')).status, 'running');
    server.reset((_req, res) => json(res, { code: 0, audio: WAV.toString('base64') }, 200, BOM));
    assert.deepEqual((await client.synthesize({ text: 'Hello', enable_ts: true })).audio, WAV);
    await dispose();
  });
});
