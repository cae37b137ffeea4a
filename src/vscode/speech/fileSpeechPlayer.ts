// A SpeechPlayer that writes the segments into one audio file: WAV segments are joined into one WAV (wavefile
// re-reads each header, so segments of any header length join correctly), MP3 segments are concatenated (an MP3
// stream is a sequence of self-contained frames). Read Aloud to File uses it with the file the user chose; until
// the webview player exists, Read Aloud uses it with a file that is then opened in VS Code's media preview.
// wavefile is loaded when WAV segments are first joined, not when the extension starts.
import { writeFileAtomic } from '../../../packages/files/atomicWrite';
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';
import type { SpeechPlaybackMeta, SpeechPlayer } from './speechPlayer';

export async function joinAudio(segments: readonly SpeechSegment[]): Promise<Uint8Array> {
  if (segments.length === 1 || segments.some((s) => s.format !== 'wav')) return Buffer.concat(segments.map((s) => s.audio));
  const { WaveFile } = await import('wavefile');
  const waves = segments.map((s) => new WaveFile(s.audio));
  const first = waves[0];
  if (first === undefined) return new Uint8Array();
  const format = first.fmt as { numChannels: number; sampleRate: number };
  const samples = waves.flatMap((w) => Array.from(w.getSamples(true) as Float64Array));
  const joined = new WaveFile();
  joined.fromScratch(format.numChannels, format.sampleRate, first.bitDepth, samples);
  return joined.toBuffer();
}

export class FileSpeechPlayer implements SpeechPlayer {
  private abort: AbortController | undefined;

  /** `target` chooses the file for a playback (undefined: nothing is written); `done` runs once it is written. */
  constructor(
    private readonly target: (meta: SpeechPlaybackMeta) => Promise<string | undefined>,
    private readonly done: (file: string, meta: SpeechPlaybackMeta) => Promise<void> = () => Promise.resolve(),
  ) {}

  async play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void> {
    this.stop();
    const abort = new AbortController();
    this.abort = abort;
    const collected: SpeechSegment[] = [];
    for await (const segment of segments) {
      if (abort.signal.aborted) return;
      collected.push(segment);
    }
    if (collected.length === 0 || abort.signal.aborted) return;
    const file = await this.target(meta);
    if (file === undefined) return;
    await writeFileAtomic(file, await joinAudio(collected));
    await this.done(file, meta);
  }

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
  }
}
