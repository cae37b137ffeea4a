// The chat player paces the synthesis by what is heard: never more than two sentences synthesised past the one
// playing; and a hidden then shown view resumes the playback from the sentence it had reached.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { synthesizePipelined } from '../../../../src/core/speech/pipelinedSynthesizer';
import type { HostToWebview } from '../../../../src/shared/protocol';
import type { SpeechPlayer } from '../../../../src/vscode/speech/speechPlayer';
import { WebviewSpeechPlayer } from '../../../../src/vscode/speech/webviewSpeechPlayer';
import { pcmWav } from '../../../fixtures/pcmWav';

const unusedFallback: SpeechPlayer = {
  play: () => Promise.reject(new Error('the fallback must not play while a view is ready')),
  stop: () => undefined,
};

function readyPlayer(): { player: WebviewSpeechPlayer; posted: HostToWebview[] } {
  const posted: HostToWebview[] = [];
  const player = new WebviewSpeechPlayer({ fallback: unusedFallback, saveAudio: () => Promise.resolve() });
  player.connect({ post: (m) => posted.push(m) });
  player.viewReady();
  return { player, posted };
}

/** Lets every pending promise chain run (the synthesizer answers at once). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

const sentences = Array.from({ length: 8 }, (_, i) => `Sentence ${i}.`);
const meta = { title: 'Answer', sentences: sentences.length, format: 'wav' as const, baseName: 'answer' };

function countingPipeline(): { started: number[]; segments: ReturnType<typeof synthesizePipelined> } {
  const started: number[] = [];
  const segments = synthesizePipelined(
    sentences,
    (text) => {
      started.push(sentences.indexOf(text));
      return Promise.resolve({ audio: pcmWav([1, 2, 3], 8000), format: 'wav' });
    },
    { prefetch: 1 },
  );
  return { started, segments };
}

const startOf = (posted: HostToWebview[]): Extract<HostToWebview, { type: 'speechStart' }> =>
  posted.find((m) => m.type === 'speechStart') as Extract<HostToWebview, { type: 'speechStart' }>;
const segmentIndexes = (posted: readonly HostToWebview[]): number[] => posted.flatMap((m) => (m.type === 'speechSegment' ? [m.index] : []));

describe('read-aloud backpressure and resume', () => {
  it('synthesises at most two sentences past the one playing, and follows the playback to the end', async () => {
    const { player, posted } = readyPlayer();
    const { started, segments } = countingPipeline();
    let resolved = false;
    const playing = player.play(segments, meta).then(() => (resolved = true));
    await settle();
    const { playbackId } = startOf(posted);
    assert.deepEqual(started, [0, 1, 2], 'playing sentence 0: up to sentence 2 synthesised');
    assert.deepEqual(segmentIndexes(posted), [0, 1], 'and one segment posted past it');
    for (let playingIndex = 1; playingIndex < sentences.length; playingIndex++) {
      player.progress(playbackId, playingIndex);
      await settle();
      assert.ok(Math.max(...started) <= playingIndex + 2, `playing ${playingIndex}: synthesised up to ${Math.max(...started)}`);
      assert.ok(Math.max(...segmentIndexes(posted)) <= playingIndex + 1);
    }
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(segmentIndexes(posted), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.equal(resolved, false);
    player.ended(playbackId);
    await playing;
  });

  it('a seek ahead lets synthesis catch up to the sentence sought', async () => {
    const { player, posted } = readyPlayer();
    const { started, segments } = countingPipeline();
    const playing = player.play(segments, meta);
    await settle();
    const { playbackId } = startOf(posted);
    player.progress(playbackId, 5);
    await settle();
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7], 'up to 5 + 2');
    assert.ok(segmentIndexes(posted).includes(5));
    player.stop();
    await playing;
  });

  it('a view hidden and shown again resumes the playback from the sentence it had reached', async () => {
    const { player, posted } = readyPlayer();
    const { segments } = countingPipeline();
    let resolved = false;
    const playing = player.play(segments, meta).then(() => (resolved = true));
    await settle();
    const { playbackId } = startOf(posted);
    player.progress(playbackId, 2);
    await settle();
    player.viewHidden();
    await settle();
    assert.equal(resolved, false, 'hiding the view does not end the playback');
    posted.length = 0;
    player.viewReady();
    const restart = startOf(posted);
    assert.deepEqual([restart.playbackId, restart.resumeAt], [playbackId, 2]);
    assert.deepEqual(segmentIndexes(posted), [2, 3], 'the sentences from the one playing, again');
    player.progress(playbackId, 7);
    await settle();
    player.ended(playbackId);
    await playing;
    assert.equal(resolved, true);
  });
});
