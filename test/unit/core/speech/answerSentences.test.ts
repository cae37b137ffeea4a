// The sentences of a streaming answer, spoken as they complete, by Read Aloud's rules; and their synthesis as they
// arrive, a few ahead, a failed sentence marked and skipped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerSentences, SentenceQueue } from '../../../../src/core/speech/answerSentences';
import { synthesizeQueued, type SpeechSegment } from '../../../../src/core/speech/pipelinedSynthesizer';

const answer = [
  'A moving average smooths a series. It averages each window of **n** values [1].',
  '',
  '```ts',
  'const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;',
  '```',
  '',
  '- Keep a running sum.',
  '- 先写测试，再写代码。最后检查边界。',
].join('\n');

async function streamed(text: string, step: number): Promise<string[][]> {
  const sentences = new AnswerSentences();
  const batches: string[][] = [];
  for (let end = step; end < text.length; end += step) batches.push(await sentences.update(text.slice(0, end), false));
  batches.push(await sentences.update(text, true));
  return batches;
}

describe('the sentences of a streaming answer', () => {
  it('gives each sentence once, when complete, without code, Markdown syntax or citation marks, in any split', async () => {
    for (const step of [1, 3, 7, 40, answer.length]) {
      const batches = await streamed(answer, step);
      assert.deepEqual(
        batches.flat(),
        // The last Chinese piece is under 8 characters: it goes with the sentence before it, as Read Aloud's do.
        ['A moving average smooths a series.', 'It averages each window of n values.', 'Keep a running sum.', '先写测试，再写代码。最后检查边界。'],
        `split every ${step} characters`,
      );
    }
  });

  it('a sentence is given as soon as the next one starts, not at the end of the answer', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('The first sentence is here.', false), []);
    assert.deepEqual(await sentences.update('The first sentence is here. The sec', false), [], 'a short start may still go with it');
    assert.deepEqual(await sentences.update('The first sentence is here. The second one', false), ['The first sentence is here.']);
    assert.deepEqual(await sentences.update('The first sentence is here. The second one is longer', false), []);
  });

  it('a dropped stream speaks what arrived: its last, unfinished sentence too', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('Whole sentence here. Then half of a', false), ['Whole sentence here.']);
    assert.deepEqual(await sentences.update('Whole sentence here. Then half of a', true), ['Then half of a']);
  });
});

describe('synthesis of sentences as they arrive', () => {
  it('synthesises a sentence once it is queued, a few ahead of the one yielded, and never waits for a later one', async () => {
    const queue = new SentenceQueue();
    const asked: string[] = [];
    const segments: SpeechSegment[] = [];
    const synth = (text: string): Promise<{ audio: Uint8Array; format: string }> => {
      asked.push(text);
      return Promise.resolve({ audio: new Uint8Array([text.length]), format: 'wav' });
    };
    const consuming = (async () => {
      for await (const segment of synthesizeQueued(queue, synth, { prefetch: 2, format: 'wav' })) segments.push(segment);
    })();
    queue.push('One.');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      segments.map((s) => s.text),
      ['One.'],
      'the first sentence is yielded while the answer goes on',
    );
    queue.push('Two.', 'Three.', 'Four.');
    queue.end();
    await consuming;
    assert.deepEqual(
      segments.map((s) => [s.index, s.text]),
      [
        [0, 'One.'],
        [1, 'Two.'],
        [2, 'Three.'],
        [3, 'Four.'],
      ],
    );
    assert.deepEqual(asked, ['One.', 'Two.', 'Three.', 'Four.']);
  });

  it('a sentence whose synthesis fails is yielded marked, and the rest goes on', async () => {
    const queue = new SentenceQueue();
    queue.push('Good.', 'Bad.', 'Good again.');
    queue.end();
    const synth = (text: string): Promise<{ audio: Uint8Array; format: string }> =>
      text === 'Bad.' ? Promise.reject(new Error('41300 too long')) : Promise.resolve({ audio: new Uint8Array([1]), format: 'wav' });
    const segments: SpeechSegment[] = [];
    for await (const segment of synthesizeQueued(queue, synth, { format: 'wav' })) segments.push(segment);
    assert.deepEqual(
      segments.map((s) => [s.text, s.failed]),
      [
        ['Good.', undefined],
        ['Bad.', '41300 too long'],
        ['Good again.', undefined],
      ],
    );
  });

  it('stopping aborts the syntheses in flight and ends the iteration, however many sentences are still to come', async () => {
    const queue = new SentenceQueue();
    queue.push('One.', 'Two.', 'Three.');
    const stop = new AbortController();
    const aborted: string[] = [];
    const synth = (text: string, signal: AbortSignal): Promise<{ audio: Uint8Array; format: string }> =>
      new Promise((resolve, reject) => {
        if (text === 'One.') {
          resolve({ audio: new Uint8Array([1]), format: 'wav' });
          return;
        }
        signal.addEventListener('abort', () => {
          aborted.push(text);
          reject(new Error('aborted'));
        });
      });
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const segment of synthesizeQueued(queue, synth, { prefetch: 2, format: 'wav', signal: stop.signal })) {
          seen.push(segment.text);
          stop.abort();
        }
      })(),
    );
    assert.deepEqual(seen, ['One.']);
    assert.deepEqual(aborted.sort(), ['Three.', 'Two.']);
  });
});
