import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { synthesizePipelined, type SynthesizedAudio } from '../../../../src/core/speech/pipelinedSynthesizer';

interface Call {
  readonly text: string;
  readonly signal: AbortSignal;
  resolve(): void;
  reject(error: Error): void;
}

/** A synthesiser whose requests finish only when the test says so. */
function controllableSynthesizer(): {
  calls: Call[];
  synthesize: (text: string, signal: AbortSignal) => Promise<SynthesizedAudio>;
  started: (n: number) => Promise<void>;
} {
  const calls: Call[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    calls,
    synthesize: (text, signal) =>
      new Promise<SynthesizedAudio>((resolve, reject) => {
        calls.push({ text, signal, resolve: () => resolve({ audio: new TextEncoder().encode(text), format: 'wav' }), reject });
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        for (const waiter of waiters.filter((w) => calls.length >= w.n)) waiter.resolve();
      }),
    started: (n) => (calls.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
  };
}

const sentences = ['one', 'two', 'three', 'four', 'five'];

describe('synthesizePipelined', () => {
  it('yields segments in order even when later sentences finish first', async () => {
    const fake = controllableSynthesizer();
    const iterator = synthesizePipelined(sentences, fake.synthesize, { prefetch: 2 });
    const collected: string[] = [];
    const consuming = (async () => {
      for await (const segment of iterator) collected.push(`${segment.index}:${new TextDecoder().decode(segment.audio)}`);
    })();
    await fake.started(3);
    fake.calls[2]?.resolve();
    fake.calls[1]?.resolve();
    fake.calls[0]?.resolve();
    await fake.started(5);
    fake.calls[4]?.resolve();
    fake.calls[3]?.resolve();
    await consuming;
    assert.deepEqual(collected, ['0:one', '1:two', '2:three', '3:four', '4:five']);
  });

  it('has the sentence being yielded plus `prefetch` more in flight, never more', async () => {
    const fake = controllableSynthesizer();
    const iterator = synthesizePipelined(sentences, fake.synthesize, { prefetch: 2 });
    const first = iterator.next();
    await fake.started(3);
    assert.deepEqual(
      fake.calls.map((c) => c.text),
      ['one', 'two', 'three'],
      'sentence 0 and two ahead',
    );
    fake.calls[0]?.resolve();
    assert.equal((await first).value?.text, 'one');
    assert.equal(fake.calls.length, 3, 'nothing new starts while the consumer holds the first segment');
    const second = iterator.next();
    await fake.started(4);
    assert.equal(fake.calls.length, 4, 'asking for the next segment starts one more');
    fake.calls[1]?.resolve();
    assert.equal((await second).value?.text, 'two');
    await iterator.return(undefined);
  });

  it('gives the first segment before the last sentence is synthesised', async () => {
    const fake = controllableSynthesizer();
    const iterator = synthesizePipelined(sentences, fake.synthesize, { prefetch: 1 });
    const first = iterator.next();
    await fake.started(1);
    fake.calls[0]?.resolve();
    const segment = await first;
    assert.equal(segment.value?.index, 0);
    assert.ok(fake.calls.length < sentences.length, 'the last sentence has not even started');
    await iterator.return(undefined);
  });

  it('aborts every request in flight and stops when the signal fires', async () => {
    const fake = controllableSynthesizer();
    const abort = new AbortController();
    const iterator = synthesizePipelined(sentences, fake.synthesize, { prefetch: 2, signal: abort.signal });
    const first = iterator.next();
    await fake.started(3);
    abort.abort();
    await assert.rejects(first);
    assert.ok(
      fake.calls.every((c) => c.signal.aborted),
      'every request saw the abort',
    );
    assert.equal(fake.calls.length, 3, 'no request started after the abort');
  });

  it('aborts the prefetched requests when the consumer stops early', async () => {
    const fake = controllableSynthesizer();
    const iterator = synthesizePipelined(sentences, fake.synthesize, { prefetch: 2 });
    const first = iterator.next();
    await fake.started(3);
    fake.calls[0]?.resolve();
    await first;
    await iterator.return(undefined);
    assert.deepEqual(
      fake.calls.map((c) => c.signal.aborted),
      [true, true, true],
    );
  });

  it('passes a synthesis failure on', async () => {
    const fake = controllableSynthesizer();
    const iterator = synthesizePipelined(['only'], fake.synthesize);
    const first = iterator.next();
    await fake.started(1);
    fake.calls[0]?.reject(new Error('synthesis failed'));
    await assert.rejects(first, /synthesis failed/);
  });
});
