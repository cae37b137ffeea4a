// Speech calls that may safely run twice are retried on busy, 5xx and dropped connections, like chat before its
// first token; a long-task submission never is (a retry could start a second task). Faults come from the local
// service's /_local/faults, so every retry is a real request on the wire.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../src/core/http/serviceError';
import { useLocalService } from './localServiceFixture';

const SPEECH_ROUTE = (name: string): string => `/maas/v2/api/${name}`;

describe('speech client retries', () => {
  const fixture = useLocalService({}, { resetEach: true });

  const calls = async (route: string): Promise<number[]> =>
    (await fixture().requests()).filter((r) => r.path.split('?')[0] === SPEECH_ROUTE(route)).map((r) => r.status);

  it('retries real-time synthesis after a busy answer and a dropped connection, then returns the audio', async () => {
    await fixture().fault({ route: SPEECH_ROUTE('tts'), status: 503, count: 1 });
    await fixture().fault({ route: SPEECH_ROUTE('tts'), dropAfterChunks: 0, count: 1 });
    const audio = await fixture().client().synthesize({ text: '你好。' });
    assert.equal(audio.format, 'wav');
    assert.ok(audio.audio.length > 44);
    const statuses = await calls('tts');
    assert.equal(statuses.length, 3, `three attempts on the wire: ${statuses.join(', ')}`);
    assert.equal(statuses[0], 503);
    assert.equal(statuses.at(-1), 200);
  });

  it('retries the speaker list and task queries after a 500, within the retry policy', async () => {
    await fixture().fault({ route: SPEECH_ROUTE('get_speakers'), status: 500, count: 1 });
    assert.ok((await fixture().client().listSpeakers()).length > 0);
    assert.deepEqual(await calls('get_speakers'), [500, 200]);

    await fixture().fault({ route: SPEECH_ROUTE('tts'), status: 503, count: 10 });
    await assert.rejects(
      fixture()
        .client({ retry: { maxAttempts: 3 } })
        .synthesize({ text: 'Hello.' }),
      (error: unknown) => error instanceof ServiceError && error.kind === 'busy',
    );
    assert.equal((await calls('tts')).length, 3, 'no more attempts than maxAttempts');
  });

  it('never retries a long-task submission, and never an invalid request', async () => {
    await fixture().fault({ route: SPEECH_ROUTE('tts-long-commit'), status: 503, count: 1 });
    await assert.rejects(
      fixture()
        .client()
        .submitLongTask({ text: 'A long text. '.repeat(10) }),
      (error: unknown) => error instanceof ServiceError && error.kind === 'busy',
    );
    assert.equal((await calls('tts-long-commit')).length, 1, 'one submission only');

    await assert.rejects(
      fixture()
        .client()
        .synthesize({ text: 'x'.repeat(5000) }),
      (error: unknown) => error instanceof ServiceError && !error.retryable,
    );
    assert.equal((await calls('tts')).length, 1, 'a refused text is not sent again');
  });
});
