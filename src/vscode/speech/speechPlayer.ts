// The port through which read-aloud audio reaches the user: the chat view's player (webviewSpeechPlayer.ts, which
// plays each segment as it arrives, with the user-gesture rule of docs/webview.md, and falls back to the media preview
// while no chat view can be shown) and the file player (fileSpeechPlayer.ts) of Read Aloud to File.
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';

export interface SpeechPlaybackMeta {
  /** What is being read, for the player's title (a file name, "selection"). */
  readonly title: string;
  readonly sentences: number;
  readonly format: 'wav' | 'mp3';
  /** A suggested file name without extension, for players that save. */
  readonly baseName: string;
  /** The answer being read (the chat view marks the sentence spoken in it). */
  readonly turnId?: string;
  /**
   * An answer spoken as it streams: its sentences are not all known at the start (`sentences` is 0), and it ends
   * with the view that shows it (a hidden view does not resume it later).
   */
  readonly live?: boolean;
}

export interface SpeechPlayer {
  /** Plays (or saves) the segments in order; resolves when the last one is handled or playback was stopped. */
  play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void>;
  /** Stops the current playback; the segments' iteration is ended, which aborts synthesis still in flight. */
  stop(): void;
}
