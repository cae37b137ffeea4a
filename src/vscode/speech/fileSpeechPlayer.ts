// A SpeechPlayer that writes the segments into one audio file (joinAudio). Read Aloud to File uses it with the file
// the user chose; the chat view's player falls back to it, with a file then opened in VS Code's media preview, while
// no chat view can be shown.
import { writeFileAtomic } from '../../../packages/files/atomicWrite';
import { joinAudio } from '../../core/speech/joinAudio';
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';
import type { SpeechPlaybackMeta, SpeechPlayer } from './speechPlayer';

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
      if (segment.failed === undefined) collected.push(segment);
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
