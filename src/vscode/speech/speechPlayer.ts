// The port through which read-aloud audio reaches the user. The chat webview's player will implement it (playing
// each segment as it arrives, with the user-gesture rule of docs/webview.md); until one is attached, the slot falls back
// to its default player.
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';

export interface SpeechPlaybackMeta {
  /** What is being read, for the player's title (a file name, "selection"). */
  readonly title: string;
  readonly sentences: number;
  readonly format: 'wav' | 'mp3';
  /** A suggested file name without extension, for players that save. */
  readonly baseName: string;
}

export interface SpeechPlayer {
  /** Plays (or saves) the segments in order; resolves when the last one is handled or playback was stopped. */
  play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void>;
  /** Stops the current playback; the segments' iteration is ended, which aborts synthesis still in flight. */
  stop(): void;
}

/** The player in use: a webview player once attached, otherwise the default. */
export class SpeechPlayerSlot implements SpeechPlayer {
  private attached: SpeechPlayer | undefined;

  constructor(private readonly fallback: SpeechPlayer) {}

  attach(player: SpeechPlayer | undefined): void {
    this.attached?.stop();
    this.attached = player;
  }

  private get current(): SpeechPlayer {
    return this.attached ?? this.fallback;
  }

  play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void> {
    return this.current.play(segments, meta);
  }

  stop(): void {
    this.current.stop();
  }
}
