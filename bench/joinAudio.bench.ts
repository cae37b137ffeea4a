// Save audio after a long reading: joinAudio on 10 minutes of 16 kHz mono WAV in 120 segments of 5 s, as Read
// Aloud's sentences arrive, against the same join done by decoding every sample into a JavaScript number and
// encoding it again (wavefile getSamples + fromScratch through a plain array), the straightforward way to join with wavefile.
// Alternating rounds in one process, after one unmeasured round; both outputs are checked to be the same bytes.
import { WaveFile } from 'wavefile';
import { joinAudio } from '../src/core/speech/joinAudio';
import type { SpeechSegment } from '../src/core/speech/pipelinedSynthesizer';
import { atMost, compared, median, progressOf, type BenchResult } from './benchResult';

const RATE = 16_000;
const SEGMENT_SECONDS = 5;
const MINUTES = 10;
const ROUNDS = 5;
const progress = progressOf('joinAudio');

function segments(): SpeechSegment[] {
  const out: SpeechSegment[] = [];
  for (let index = 0; index < (MINUTES * 60) / SEGMENT_SECONDS; index++) {
    const samples = new Int16Array(RATE * SEGMENT_SECONDS);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((index * samples.length + i) / 20) * 8000);
    const wave = new WaveFile();
    wave.fromScratch(1, RATE, '16', samples);
    out.push({ index, text: `Sentence ${index}.`, audio: wave.toBuffer(), format: 'wav' });
  }
  return out;
}

/** The baseline: every sample decoded into a number, gathered in one array, and encoded again. */
function decodeAndEncode(parts: readonly SpeechSegment[]): Uint8Array {
  const waves = parts.map((s) => new WaveFile(s.audio));
  const first = waves[0] as WaveFile;
  const format = first.fmt as { numChannels: number; sampleRate: number };
  const samples = waves.flatMap((w) => Array.from(w.getSamples(true)));
  const joined = new WaveFile();
  joined.fromScratch(format.numChannels, format.sampleRate, first.bitDepth, samples);
  return joined.toBuffer();
}

export default async function joinAudioBench(): Promise<BenchResult[]> {
  const parts = segments();
  const times = { join: [] as number[], baseline: [] as number[] };
  for (let round = -1; round < ROUNDS; round++) {
    let started = performance.now();
    const joined = await joinAudio(parts);
    const joinMs = performance.now() - started;
    started = performance.now();
    const baseline = decodeAndEncode(parts);
    const baselineMs = performance.now() - started;
    if (!Buffer.from(joined).equals(Buffer.from(baseline))) throw new Error('the two joins differ');
    progress(`round ${round}: ${joinMs.toFixed(1)} ms against ${baselineMs.toFixed(0)} ms`);
    if (round >= 0) {
      times.join.push(joinMs);
      times.baseline.push(baselineMs);
    }
  }
  return [
    compared(
      `save audio: join ${MINUTES} min of ${RATE / 1000} kHz WAV in ${parts.length} segments (median of ${ROUNDS})`,
      median(times.join),
      median(times.baseline),
      'ms',
      atMost(1_000, "Saving follows a click on Save: within a second the user keeps the sense of a direct answer (Nielsen's response-time limits)."),
    ),
  ];
}
