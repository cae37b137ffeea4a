// The client against each form the local service can be switched to for docs/wire.md's unknowns: the speaker list
// under `speakers`, `data` or `data.list`; enable_ts answered with JSON timestamps or with plain audio; and a
// success `code` other than the spec's 0.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceError } from '../../src/core/http/serviceError';
import { useLocalService } from './localServiceFixture';

const ALL_SPEAKERS = ['zh_female_xiaoyan', 'zh_male_yunfeng', 'en_female_amy', 'en_male_tom'];

for (const speakersShape of ['speakers', 'data', 'data.list'] as const) {
  describe(`speaker list under \`${speakersShape}\``, () => {
    const fixture = useLocalService({ speakersShape });

    it('is listed by the client', async () => {
      const raw = await fixture().json<Record<string, unknown>>('GET', '/maas/v2/api/get_speakers');
      assert.ok(speakersShape === 'speakers' ? 'speakers' in raw.body : !('speakers' in raw.body) && 'data' in raw.body, JSON.stringify(raw.body));
      const speakers = await fixture().client().listSpeakers();
      assert.deepEqual(
        speakers.map((speaker) => speaker.id),
        ALL_SPEAKERS,
      );
      assert.ok(speakers.every((speaker) => speaker.name !== '' && speaker.name !== speaker.id));
    });
  });
}

describe('real-time synthesis with enable_ts', () => {
  const request = { text: 'First sentence. Second sentence.', format: 'wav' as const };

  describe("answered with JSON timestamps ('json')", () => {
    const fixture = useLocalService({ ttsTimestamps: 'json' });

    it('gives the audio and one timestamp per sentence', async () => {
      const client = fixture().client();
      const timed = await client.synthesize({ ...request, enable_ts: true });
      assert.equal(timed.format, 'wav');
      assert.deepEqual(
        timed.timestamps?.map((t) => t.text),
        ['First sentence.', 'Second sentence.'],
      );
      assert.deepEqual(timed.audio, (await client.synthesize(request)).audio);
    });
  });

  describe("answered with plain audio ('none')", () => {
    const fixture = useLocalService({ ttsTimestamps: 'none' });

    it('gives the same audio without timestamps', async () => {
      const client = fixture().client();
      const timed = await client.synthesize({ ...request, enable_ts: true });
      assert.equal(timed.format, 'wav');
      assert.equal(timed.mime, 'audio/wav');
      assert.equal(timed.timestamps, undefined);
      assert.deepEqual(timed.audio, (await client.synthesize(request)).audio);
    });
  });
});

describe('a success code other than 0', () => {
  const fixture = useLocalService({ speechSuccessCode: 200 });

  // docs/wire.md leaves the success code open: an answer with its whole payload is a success whatever its code; the
  // known error codes stay errors (the local service still sends them for refused requests).
  it('takes every answer that carries its whole payload as a success, audio included', async () => {
    const client = fixture().client();
    assert.equal((await client.synthesize({ text: 'Hello.' })).format, 'wav');
    assert.deepEqual((await client.listSpeakers()).map((s) => s.id).sort(), [...ALL_SPEAKERS].sort());
    const timed = await client.synthesize({ text: 'Hello. World.', enable_ts: true });
    assert.ok((timed.timestamps?.length ?? 0) >= 1);
    const task = await client.submitLongTask({ text: 'Hello.' });
    assert.match(task.taskId, /\S/);
    const raw = await fixture().json<{ code: number }>('POST', '/maas/v2/api/get_speakers', {});
    assert.equal(raw.body.code, 200, 'the service did answer with that code');
  });

  it('still refuses a known error code', async () => {
    await assert.rejects(
      fixture()
        .client()
        .synthesize({ text: 'x'.repeat(5000) }),
      (error: unknown) => error instanceof ServiceError && error.kind === 'speech' && error.speechCode === 41300,
    );
  });
});
