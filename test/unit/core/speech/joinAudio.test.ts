// Joining a reading's segments into one file: WAV segments under one header, MP3 segments frame after frame.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WaveFile } from 'wavefile';
import type { SpeechSegment } from '../../../../src/core/speech/pipelinedSynthesizer';
import { joinAudio } from '../../../../src/core/speech/joinAudio';
import { pcmWav } from '../../../fixtures/pcmWav';

function segment(index: number, audio: Uint8Array, format = 'wav'): SpeechSegment {
  return { index, text: `Sentence ${index}.`, audio, format };
}

/** The samples and format of a WAV file, read back by wavefile. */
function read(bytes: Uint8Array): { samples: number[]; channels: number; rate: number; bitDepth: string } {
  const wave = new WaveFile(bytes);
  const fmt = wave.fmt as { numChannels: number; sampleRate: number };
  return { samples: [...wave.getSamples(true, Int16Array)], channels: fmt.numChannels, rate: fmt.sampleRate, bitDepth: wave.bitDepth };
}

describe('joinAudio', () => {
  it('writes one header whose sizes cover the concatenated PCM of every segment', async () => {
    const joined = Buffer.from(await joinAudio([segment(0, pcmWav([1, 2, 3], 16_000)), segment(1, pcmWav([-4, 5], 16_000))]));
    assert.equal(joined.toString('ascii', 0, 4), 'RIFF');
    assert.equal(joined.toString('ascii', 8, 12), 'WAVE');
    const dataAt = joined.indexOf('data', 12, 'ascii');
    assert.ok(dataAt > 0);
    const dataSize = joined.readUInt32LE(dataAt + 4);
    assert.equal(dataSize, 10, 'five 16-bit samples');
    assert.equal(joined.readUInt32LE(4), joined.length - 8, 'the RIFF size is the file less 8 bytes');
    assert.equal(joined.indexOf('RIFF', 4, 'ascii'), -1, 'only one header');
    const pcm = joined.subarray(dataAt + 8, dataAt + 8 + dataSize);
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((i) => pcm.readInt16LE(i * 2)),
      [1, 2, 3, -4, 5],
    );
    assert.equal(joined.readUInt32LE(24), 16_000, 'the sample rate is kept');
  });

  it('joins segments whose headers differ in length, and keeps stereo samples interleaved', async () => {
    const stereo = (samples: number[]): Uint8Array => {
      const wave = new WaveFile();
      wave.fromScratch(2, 24_000, '16', samples);
      return wave.toBuffer();
    };
    const tagged = new WaveFile(stereo([5, -5, 6, -6]));
    tagged.setTag('ICMT', 'a LIST chunk before the data makes this header longer');
    const joined = read(await joinAudio([segment(0, stereo([1, -1, 2, -2])), segment(1, tagged.toBuffer()), segment(2, stereo([7, -7]))]));
    assert.deepEqual(joined, { samples: [1, -1, 2, -2, 5, -5, 6, -6, 7, -7], channels: 2, rate: 24_000, bitDepth: '16' });
  });

  it("converts a segment in another bit depth or sample rate to the first one's", async () => {
    const eightBit = new WaveFile();
    eightBit.fromScratch(1, 16_000, '8', [128, 128]);
    const at8k = pcmWav([100, 100], 8_000);
    const joined = read(await joinAudio([segment(0, pcmWav([300, -300], 16_000)), segment(1, eightBit.toBuffer()), segment(2, at8k)]));
    assert.equal(joined.rate, 16_000);
    assert.equal(joined.bitDepth, '16');
    assert.deepEqual(joined.samples.slice(0, 4), [300, -300, 0, 0], 'the 8-bit silence is 16-bit silence');
    assert.equal(joined.samples.length, 4 + 4, 'two samples at 8 kHz are four at 16 kHz');
  });

  it('returns the bytes of a single segment unchanged', async () => {
    const only = pcmWav([1, 2], 16_000);
    assert.deepEqual(Buffer.from(await joinAudio([segment(0, only)])), only);
  });

  it('concatenates MP3 segments frame after frame', async () => {
    const a = Uint8Array.from([0xff, 0xfb, 1, 2]);
    const b = Uint8Array.from([0xff, 0xfb, 3]);
    assert.deepEqual([...(await joinAudio([segment(0, a, 'mp3'), segment(1, b, 'mp3')]))], [0xff, 0xfb, 1, 2, 0xff, 0xfb, 3]);
  });
});
