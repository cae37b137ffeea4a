// The chat view's read-aloud player on the host: what it posts to the webview, when play() resolves, and the
// saved audio (its segments joined, test/unit/core/speech/joinAudio.test.ts).
import assert from 'node:assert/strict';
import { pcmWav } from '../../../fixtures/pcmWav';
import { describe, it } from 'node:test';
import type { SpeechSegment } from '../../../../src/core/speech/pipelinedSynthesizer';
import type { HostToWebview, SpeechFormat } from '../../../../src/shared/protocol';
import { joinAudio } from '../../../../src/core/speech/joinAudio';
import type { SpeechPlayer } from '../../../../src/vscode/speech/speechPlayer';
import { WebviewSpeechPlayer } from '../../../../src/vscode/speech/webviewSpeechPlayer';

function wav(samples: readonly number[], rate = 16_000): Uint8Array {
  return pcmWav(samples, rate);
}

function segment(index: number, audio: Uint8Array, format = 'wav'): SpeechSegment {
  return { index, text: `Sentence ${index}.`, audio, format };
}

async function* from(segments: readonly SpeechSegment[]): AsyncGenerator<SpeechSegment> {
  for (const s of segments) yield s;
}

const meta = (sentences: number): { title: string; sentences: number; format: SpeechFormat; baseName: string } => ({
  title: 'Answer',
  sentences,
  format: 'wav',
  baseName: 'answer',
});

const unusedFallback: SpeechPlayer = {
  play: () => Promise.reject(new Error('the fallback must not play while a view is ready')),
  stop: () => undefined,
};

function readyPlayer(saved: Array<{ audio: Uint8Array; format: SpeechFormat; baseName: string }> = []): {
  player: WebviewSpeechPlayer;
  posted: HostToWebview[];
  waitFor: (type: HostToWebview['type']) => Promise<HostToWebview>;
} {
  const posted: HostToWebview[] = [];
  const waiters: Array<() => void> = [];
  const player = new WebviewSpeechPlayer({
    fallback: unusedFallback,
    saveAudio: async (audio, format, baseName) => void saved.push({ audio, format, baseName }),
  });
  player.connect({
    post: (m) => {
      posted.push(m);
      for (const w of waiters.splice(0)) w();
    },
  });
  player.viewReady();
  const waitFor = async (type: HostToWebview['type']): Promise<HostToWebview> => {
    for (;;) {
      const found = posted.find((m) => m.type === type);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { player, posted, waitFor };
}

describe('WebviewSpeechPlayer', () => {
  it('posts speechStart then every segment in order, the last one marked, and resolves on speechEnded', async () => {
    const { player, posted, waitFor } = readyPlayer();
    let resolved = false;
    const playing = player.play(from([segment(0, wav([1])), segment(1, wav([2]))]), meta(2)).then(() => (resolved = true));
    const last = await waitFor('speechSegment').then(async () => {
      while (posted.filter((m) => m.type === 'speechSegment').length < 2) await new Promise((r) => setImmediate(r));
      return posted.at(-1);
    });
    assert.equal(posted[0]?.type, 'speechStart');
    const start = posted[0] as Extract<HostToWebview, { type: 'speechStart' }>;
    assert.deepEqual({ title: start.title, sentences: start.sentences, format: start.format }, { title: 'Answer', sentences: 2, format: 'wav' });
    const segments = posted.filter((m): m is Extract<HostToWebview, { type: 'speechSegment' }> => m.type === 'speechSegment');
    assert.deepEqual(
      segments.map((s) => [s.index, s.last === true, s.playbackId === start.playbackId]),
      [
        [0, false, true],
        [1, true, true],
      ],
    );
    assert.deepEqual([...Buffer.from(segments[1]?.audioBase64 ?? '', 'base64')], [...wav([2])]);
    assert.equal(last?.type, 'speechSegment');
    assert.equal(resolved, false, 'play() waits for the webview to finish playing');
    player.ended(start.playbackId);
    await playing;
    assert.equal(resolved, true);
  });

  it('stop() tells the webview, ends the segments early and resolves play()', async () => {
    const { player, waitFor, posted } = readyPlayer();
    let pulled = 0;
    async function* slow(): AsyncGenerator<SpeechSegment> {
      pulled++;
      yield segment(0, wav([1]));
      pulled++;
      // The next sentence never finishes synthesising: only stop() can end this playback.
      await new Promise(() => undefined);
    }
    const playing = player.play(slow(), meta(3));
    await waitFor('speechSegment');
    player.stop();
    await playing;
    assert.equal(posted.at(-1)?.type, 'speechStop');
    assert.equal(pulled, 2);
  });

  it('a speechError from the webview rejects play() with its message', async () => {
    const { player, waitFor } = readyPlayer();
    const playing = player.play(from([segment(0, wav([1]))]), meta(1));
    const start = (await waitFor('speechStart')) as Extract<HostToWebview, { type: 'speechStart' }>;
    await waitFor('speechSegment');
    player.failed(start.playbackId, 'decode failed');
    await assert.rejects(playing, /decode failed/);
  });

  it('saves the playback as one WAV file under the suggested name', async () => {
    const saved: Array<{ audio: Uint8Array; format: SpeechFormat; baseName: string }> = [];
    const { player, waitFor, posted } = readyPlayer(saved);
    const playing = player.play(from([segment(0, wav([7])), segment(1, wav([8]))]), meta(2));
    const start = (await waitFor('speechStart')) as Extract<HostToWebview, { type: 'speechStart' }>;
    while (posted.filter((m) => m.type === 'speechSegment').length < 2) await new Promise((r) => setImmediate(r));
    assert.equal(await player.save(start.playbackId), true);
    assert.equal(await player.save('unknown'), false);
    assert.equal(saved[0]?.format, 'wav');
    assert.equal(saved[0]?.baseName, 'answer');
    assert.deepEqual([...(saved[0]?.audio ?? [])], [...(await joinAudio([segment(0, wav([7])), segment(1, wav([8]))]))]);
    player.ended(start.playbackId);
    await playing;
  });

  it('uses the fallback player when no chat view becomes ready', async () => {
    const played: number[] = [];
    const fallback: SpeechPlayer = {
      play: async (segments) => {
        for await (const s of segments) played.push(s.index);
      },
      stop: () => undefined,
    };
    const player = new WebviewSpeechPlayer({ fallback, saveAudio: () => Promise.resolve(), readyTimeoutMs: 10 });
    await player.play(from([segment(0, wav([1]))]), meta(1));
    assert.deepEqual(played, [0]);
  });
});
