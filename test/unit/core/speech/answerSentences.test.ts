// The sentences of a streaming answer, spoken as they complete, by Read Aloud's rules; and their synthesis as they
// arrive, a few ahead, a failed sentence marked and skipped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerSentences, settledEnd } from '../../../../src/core/speech/answerSentences';
import { SentenceQueue, SpeculativeSynthesis, synthesizeQueued, type SpeechSegment } from '../../../../src/core/speech/pipelinedSynthesizer';

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
        // The last piece is under 8 characters, but the one before it was spoken already: it goes alone at the end.
        ['A moving average smooths a series.', 'It averages each window of n values.', 'Keep a running sum.', '先写测试，再写代码。', '最后检查边界。'],
        `split every ${step} characters`,
      );
    }
  });

  it('a long answer streamed in any split gives what it gives read whole, though each update cleans only its open part', async () => {
    const long = Array.from({ length: 12 }, (_, i) =>
      [
        `Paragraph ${i} starts here. It has a second sentence, and a [link](https://x.test/${i}).`,
        '',
        '```ts',
        `const value${i} = 1;`,
        '',
        'Not spoken, though a blank line sits inside the fence.',
        '```',
        '',
        `1. An item of list ${i}.`,
        '',
        '    Its second paragraph, indented under the item.',
        '',
        '    Indented text that would be code if read on its own.',
        '',
      ].join('\n'),
    ).join('\n');
    const whole = await new AnswerSentences().update(long, true);
    assert.equal(whole.length, 12 * 5);
    assert.ok(!whole.some((sentence) => sentence.includes('Not spoken') || sentence.includes('const')));
    for (const step of [1, 17, 250]) assert.deepEqual((await streamed(long, step)).flat(), whole, `split every ${step} characters`);
  });

  it('a settled block ends at a blank line before a line at the margin, never inside a fence or a list item', () => {
    assert.equal(settledEnd('One.\n\nTwo.\n'), 'One.\n\n'.length);
    assert.equal(settledEnd('One.\n\nTwo'), 0, 'the line after the blank is not whole yet');
    assert.equal(settledEnd('```\ncode\n\nmore\n'), 0, 'inside an open fence');
    assert.equal(settledEnd('```\ncode\n\n```\n\nAfter.\n'), '```\ncode\n\n```\n\n'.length);
    assert.equal(settledEnd('- item\n\n  more of the item\n'), 0, 'an indented line goes on with the item');
    assert.equal(settledEnd('~~~~\n```\n\ntext\n~~~~\n\nNext.\n'), '~~~~\n```\n\ntext\n~~~~\n\n'.length, 'only its own marker closes a fence');
  });

  it('a sentence is given as soon as the next one starts, not at the end of the answer', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('The first sentence is here.', false), []);
    assert.deepEqual(await sentences.update('The first sentence is here. T', false), ['The first sentence is here.']);
    assert.deepEqual(await sentences.update('The first sentence is here. The second one is longer', false), []);
  });

  it('a question or an exclamation, or a paragraph a blank line ends, is given at once; a full stop waits for what follows', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('You asked: "What is a moving average?', false), ['You asked: "What is a moving average?']);
    assert.deepEqual(await sentences.update('You asked: "What is a moving average?" Here is the answer', false), [], 'the closing quote adds nothing');
    assert.deepEqual(await sentences.update('You asked: "What is a moving average?" Here is the answer\n\n', false), ['Here is the answer']);
    assert.deepEqual(await sentences.update('You asked: "What is a moving average?" Here is the answer\n\nPi is 3.', false), []);
    assert.deepEqual(await sentences.update('You asked: "What is a moving average?" Here is the answer\n\nPi is 3.14 or so. 这样就完全可以了！', false), [
      'Pi is 3.14 or so.',
      '这样就完全可以了！',
    ]);
  });

  it('a complete piece too short to go alone waits for the next one, as Read Aloud merges them', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('OK. Then', false), []);
    assert.deepEqual(await sentences.update('OK. Then we add the values. And', false), ['OK. Then we add the values.']);
  });

  it('a dropped stream speaks what arrived: its last, unfinished sentence too', async () => {
    const sentences = new AnswerSentences();
    assert.deepEqual(await sentences.update('Whole sentence here. Then half of a', false), ['Whole sentence here.']);
    assert.deepEqual(await sentences.update('Whole sentence here. Then half of a', true), ['Then half of a']);
  });
});

describe('a sentence ending in a full stop, synthesised before the next delta confirms it', () => {
  it('names the last piece when it ends in a full stop and is long enough to go alone; nothing otherwise', async () => {
    const sentences = new AnswerSentences();
    await sentences.update('The first one is here.', false);
    assert.equal(sentences.tentative, 'The first one is here.');
    await sentences.update('The first one is here. Pi is 3', false);
    assert.equal(sentences.tentative, undefined);
    await sentences.update('The first one is here. Pi is 3.', false);
    assert.equal(sentences.tentative, 'Pi is 3.');
    await sentences.update('The first one is here. Pi is 3.14 or so. OK.', false);
    assert.equal(sentences.tentative, undefined, '"OK." alone is too short to go alone');
  });

  it('starts the tentative sentence once; confirmed, its synthesis is the one the pipeline gets; changed, it is aborted', async () => {
    const asked: string[] = [];
    const aborted: string[] = [];
    const synth = (text: string, signal: AbortSignal): Promise<{ audio: Uint8Array; format: string }> => {
      asked.push(text);
      signal.addEventListener('abort', () => aborted.push(text));
      return Promise.resolve({ audio: new Uint8Array([text.length]), format: 'wav' });
    };
    const early = new SpeculativeSynthesis(synth, new AbortController().signal);
    early.next([], 'Pi is 3.');
    early.next([], 'Pi is 3.');
    early.next([], 'Pi is 3.14 or so.');
    assert.deepEqual(aborted, ['Pi is 3.'], 'the stream changed the sentence: its early synthesis is dropped');
    early.next(['Pi is 3.14 or so.'], undefined);
    const audio = await early.synthesizer('Pi is 3.14 or so.', new AbortController().signal);
    assert.deepEqual([...audio.audio], ['Pi is 3.14 or so.'.length]);
    assert.deepEqual(asked, ['Pi is 3.', 'Pi is 3.14 or so.'], 'the confirmed sentence is not synthesised again');
    await early.synthesizer('Pi is 3.14 or so.', new AbortController().signal);
    assert.equal(asked.length, 3, 'taken once: the same sentence asked again is synthesised again');
  });

  it('stops with the voice: an early synthesis is aborted with it, and none starts after', () => {
    const aborted: string[] = [];
    const asked: string[] = [];
    const synth = (text: string, signal: AbortSignal): Promise<{ audio: Uint8Array; format: string }> => {
      asked.push(text);
      signal.addEventListener('abort', () => aborted.push(text));
      return new Promise(() => undefined);
    };
    const voice = new AbortController();
    const early = new SpeculativeSynthesis(synth, voice.signal);
    early.next([], 'It goes on.');
    voice.abort();
    early.next([], 'It goes on. And on.');
    assert.deepEqual([asked, aborted], [['It goes on.'], ['It goes on.']]);
  });

  it('the queue says when the synthesis waits for the next sentence: before the first, and while a take waits', async () => {
    const queue = new SentenceQueue();
    assert.equal(queue.starved, true);
    queue.push('One is here.');
    assert.equal(queue.starved, false);
    assert.equal(await queue.take(0), 'One is here.');
    const waiting = queue.take(1);
    assert.equal(queue.starved, true);
    queue.push('Two is here.');
    assert.equal(await waiting, 'Two is here.');
    assert.equal(queue.starved, false);
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
