// Real-time synthesis (tts by GET and POST): the audio is parsed and measured, not trusted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { medianPitchHz, parseMp3, parseWav, rms } from './fixtures/speech/audioInspection';
import { createRecordingEspeak } from './fixtures/speech/espeakWrappers';
import { CREDENTIALS, makeDataDir, startSpeechTestServer } from './fixtures/speech/speechTestServer';
import type { SpeechTestServer } from './fixtures/speech/speechTestServer';

type Fields = Record<string, string | number | boolean>;

describe('speech: real-time tts', () => {
  const data = makeDataDir();
  const recorder = createRecordingEspeak(data.dir);
  let server: SpeechTestServer;

  before(async () => {
    server = await startSpeechTestServer(data.dir, { espeakCommand: recorder.command });
  });
  after(async () => {
    await server.close();
    data.remove();
  });

  const post = async (fields: Fields): Promise<Response> =>
    fetch(`${server.baseUrl}/maas/v2/api/tts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...CREDENTIALS, ...fields }),
    });
  const get = async (fields: Fields): Promise<Response> => {
    const query = new URLSearchParams(Object.entries({ ...CREDENTIALS, ...fields }).map(([key, value]): [string, string] => [key, String(value)]));
    return fetch(`${server.baseUrl}/maas/v2/api/tts?${query.toString()}`);
  };
  const audioOf = async (response: Response): Promise<Buffer> => {
    assert.equal(response.status, 200);
    const body = Buffer.from(await response.arrayBuffer());
    assert.notEqual(response.headers.get('content-type'), 'application/json', body.toString('utf8', 0, 200));
    return body;
  };

  it('answers WAV at 16000 Hz by default, 16-bit mono, with Content-Type audio/wav', async () => {
    const response = await post({ text: '你好，世界。' });
    const wav = parseWav(await audioOf(response));
    assert.equal(response.headers.get('content-type'), 'audio/wav');
    assert.deepEqual([wav.sampleRate, wav.channels, wav.bitsPerSample], [16000, 1, 16]);
    assert.ok(wav.durationMs > 500, `some speech: ${wav.durationMs} ms`);
    assert.ok(rms(wav.samples) > 0.01, 'not silence');
  });

  for (const sampleRate of [8000, 24000]) {
    it(`puts the requested sample rate ${sampleRate} in the WAV header and keeps the duration`, async () => {
      const base = parseWav(await audioOf(await post({ text: 'Sample rate check.' })));
      const wav = parseWav(await audioOf(await post({ text: 'Sample rate check.', sample_rate: sampleRate })));
      assert.equal(wav.sampleRate, sampleRate);
      assert.ok(Math.abs(wav.durationMs - base.durationMs) < 20, `${wav.durationMs} vs ${base.durationMs} ms`);
    });
  }

  it('answers MP3 frames at the requested rate with Content-Type audio/mpeg', async () => {
    for (const sampleRate of [8000, 16000, 24000]) {
      const response = await post({ text: 'MP3 也可以。', format: 'mp3', sample_rate: sampleRate });
      const bytes = await audioOf(response);
      assert.equal(response.headers.get('content-type'), 'audio/mpeg');
      const mp3 = parseMp3(bytes);
      assert.equal(mp3.sampleRate, sampleRate);
      const wav = parseWav(await audioOf(await post({ text: 'MP3 也可以。', sample_rate: sampleRate })));
      // An MP3 encoder adds its delay and pads the last frame (72 ms a frame at 8 kHz): within 250 ms of the WAV.
      assert.ok(Math.abs(mp3.durationMs - wav.durationMs) < 250, `${mp3.durationMs} vs ${wav.durationMs} ms`);
    }
  });

  it('grows the audio with the text', async () => {
    const short = parseWav(await audioOf(await post({ text: '今天天气很好。' })));
    const long = parseWav(await audioOf(await post({ text: '今天天气很好。我们去公园散步，然后一起吃午饭吧。' })));
    assert.ok(long.durationMs > short.durationMs * 1.8, `${long.durationMs} vs ${short.durationMs} ms`);
  });

  it('speaks faster with a higher speed and slower with a lower one', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const slow = parseWav(await audioOf(await post({ text, speed: -500 })));
    const normal = parseWav(await audioOf(await post({ text })));
    const fast = parseWav(await audioOf(await post({ text, speed: 500 })));
    assert.ok(fast.durationMs < normal.durationMs * 0.75, `fast ${fast.durationMs} vs normal ${normal.durationMs} ms`);
    assert.ok(slow.durationMs > normal.durationMs * 1.4, `slow ${slow.durationMs} vs normal ${normal.durationMs} ms`);
  });

  it('changes the level with volumn: 0 is silent, 100 is louder than 50, 25 quieter', async () => {
    const text = '音量测试。';
    const levels = new Map<number, number>();
    for (const volumn of [0, 25, 50, 100]) levels.set(volumn, rms(parseWav(await audioOf(await post({ text, volumn }))).samples));
    assert.equal(levels.get(0), 0);
    assert.ok(levels.get(25)! < levels.get(50)! * 0.6, `25: ${levels.get(25)} vs 50: ${levels.get(50)}`);
    assert.ok(levels.get(100)! > levels.get(50)! * 1.5, `100: ${levels.get(100)} vs 50: ${levels.get(50)}`);
  });

  it('raises the voice with pitch (higher fundamental frequency)', async () => {
    const text = 'Pitch goes up and down.';
    const pitchOf = async (pitch: number): Promise<number> => {
      const wav = parseWav(await audioOf(await post({ text, pitch })));
      return medianPitchHz(wav.samples, wav.sampleRate);
    };
    const low = await pitchOf(-500);
    const normal = await pitchOf(0);
    const high = await pitchOf(500);
    assert.ok(low < normal * 0.85 && high > normal * 1.3, `low ${low} Hz, normal ${normal} Hz, high ${high} Hz`);
  });

  it('gives byte-identical audio for the same fields by GET and by POST', async () => {
    const fields = { text: '你好 VS Code，今天见。', format: 'wav', sample_rate: 24000, voice: 'zh_male_yunfeng', volumn: 70, speed: 100, pitch: -50 };
    const byPost = await audioOf(await post(fields));
    const byGet = await audioOf(await get(fields));
    assert.ok(byPost.equals(byGet));
    const form = new URLSearchParams(Object.entries({ ...CREDENTIALS, ...fields }).map(([key, value]): [string, string] => [key, String(value)]));
    const byForm = await audioOf(await fetch(`${server.baseUrl}/maas/v2/api/tts`, { method: 'POST', body: form }));
    assert.ok(byPost.equals(byForm), 'a form-encoded POST gives the same audio');
    const mp3Post = await audioOf(await post({ ...fields, format: 'mp3' }));
    const mp3Get = await audioOf(await get({ ...fields, format: 'mp3' }));
    assert.ok(mp3Post.equals(mp3Get));
  });

  it('speaks Chinese runs with a Mandarin voice and Latin runs with an English one', async () => {
    const before = recorder.calls().length;
    parseWav(await audioOf(await post({ text: '你好 VS Code', voice: 'zh_female_xiaoyan' })));
    assert.deepEqual(recorder.calls().slice(before), [
      { voice: 'cmn+f2', text: '你好' },
      { voice: 'en-us+f2', text: 'VS Code' },
    ]);
  });

  it('speaks with the voice of the chosen speaker', async () => {
    const female = await audioOf(await post({ text: 'Hello there.', voice: 'en_female_amy' }));
    const male = await audioOf(await post({ text: 'Hello there.', voice: 'en_male_tom' }));
    assert.ok(!female.equals(male));
    assert.equal(recorder.calls().at(-1)?.voice, 'en-us+m1');
  });

  it('returns JSON with base64 audio and increasing sentence timestamps within the audio when enable_ts is set', async () => {
    for (const enable_ts of [true, 1, 'true'] as const) {
      const response = await post({ text: '第一句话。Second sentence!\n第三句，最后一句？', enable_ts });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const body = (await response.json()) as {
        code: number;
        format: string;
        sample_rate: number;
        audio: string;
        timestamps: { text: string; begin_ms: number; end_ms: number }[];
      };
      assert.equal(body.code, 0);
      assert.deepEqual([body.format, body.sample_rate], ['wav', 16000]);
      const wav = parseWav(Buffer.from(body.audio, 'base64'));
      assert.deepEqual(
        body.timestamps.map((entry) => entry.text),
        ['第一句话。', 'Second sentence!', '第三句，最后一句？'],
      );
      let previousEnd = 0;
      for (const entry of body.timestamps) {
        assert.equal(entry.begin_ms, previousEnd, 'sentences follow each other');
        assert.ok(entry.end_ms > entry.begin_ms + 200, `${entry.text} has some length`);
        previousEnd = entry.end_ms;
      }
      assert.ok(Math.abs(previousEnd - wav.durationMs) <= 1, `last end ${previousEnd} vs audio ${wav.durationMs} ms`);
    }
  });

  it('cuts a sentence of more than 300 characters into timed pieces at spaces', async () => {
    const text = 'word '.repeat(100).trim(); // 499 characters, no sentence end
    const body = (await (await post({ text, enable_ts: true, speed: 500 })).json()) as { timestamps: { text: string; begin_ms: number; end_ms: number }[] };
    assert.equal(body.timestamps.length, 2);
    assert.ok(body.timestamps.every((entry) => entry.text.length <= 300 && /^word( word)*$/.test(entry.text)));
    assert.equal(body.timestamps.map((entry) => entry.text).join(' '), text);
  });

  it('gives the same audio with enable_ts as without it', async () => {
    const plain = await audioOf(await get({ text: 'Same audio. 一样的声音。' }));
    const withTs = (await (await get({ text: 'Same audio. 一样的声音。', enable_ts: 1 })).json()) as { audio: string };
    assert.ok(plain.equals(Buffer.from(withTs.audio, 'base64')));
  });

  it('lists the speakers without credentials, and every listed speaker synthesises', async () => {
    const response = await fetch(`${server.baseUrl}/maas/v2/api/get_speakers`);
    const body = (await response.json()) as { code: number; message: string; request_id: string; speakers: { id: string; name: string }[] };
    assert.equal(body.code, 0);
    assert.equal(body.message, 'success');
    assert.ok(body.request_id.length > 0);
    assert.ok(body.speakers.length >= 4);
    for (const speaker of body.speakers) {
      assert.ok(speaker.name.length > 0);
      parseWav(await audioOf(await post({ text: '好。', voice: speaker.id })));
    }
  });
});
