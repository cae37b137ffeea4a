// The audio of a reading as one file, for Save audio and Read Aloud to File. WAV segments are joined under one
// header: wavefile reads each segment's header (so headers of any length join correctly) and writes the new one,
// and the segments' PCM bytes are copied once, one after the other, never decoded into numbers and encoded again.
// MP3 segments are concatenated (an MP3 stream is a sequence of self-contained frames). wavefile is loaded when WAV
// segments are first joined, not when the extension starts.
import type { WaveFile } from 'wavefile';
import type { SpeechSegment } from './pipelinedSynthesizer';

interface PcmFormat {
  readonly numChannels: number;
  readonly sampleRate: number;
}

/** The bytes of the 'data' chunk (wavefile's documented `data.samples`). */
function pcmBytes(wave: WaveFile): Uint8Array {
  return (wave.data as { samples: Uint8Array }).samples;
}

export async function joinAudio(segments: readonly SpeechSegment[]): Promise<Uint8Array> {
  if (segments.length === 1 || segments.some((s) => s.format !== 'wav')) return Buffer.concat(segments.map((s) => s.audio));
  const { WaveFile } = await import('wavefile');
  const waves = segments.map((s) => new WaveFile(s.audio));
  const first = waves[0];
  if (first === undefined) return new Uint8Array();
  const format = first.fmt as PcmFormat;
  // The segments of a reading come from one request, in one format; one that is not is converted to the first's.
  for (const wave of waves) {
    if ((wave.fmt as PcmFormat).sampleRate !== format.sampleRate) wave.toSampleRate(format.sampleRate);
    if (wave.bitDepth !== first.bitDepth) wave.toBitDepth(first.bitDepth);
  }
  const joined = new WaveFile();
  joined.fromScratch(format.numChannels, format.sampleRate, first.bitDepth, []);
  (joined.data as { samples: Uint8Array }).samples = Buffer.concat(waves.map(pcmBytes));
  return joined.toBuffer();
}
