// The read-aloud player of the chat view, host side: each synthesised segment is posted to the webview, which plays
// them in order from Blob URLs and reports back which sentence plays, and when it ended, failed or was stopped.
// Backpressure: a segment is pulled from the synthesis only when it is at most SEGMENTS_AHEAD past the sentence
// playing, so with the pipeline's own prefetch synthesis never runs more than two sentences ahead of what is heard.
// A hidden view loses its page (no retainContextWhenHidden, docs/style.md rule 6) but not the playback: when the view
// is shown again and says `ready`, the playback is posted again from the sentence that was playing. While no chat
// view is ready (none resolved, or it never became ready after being revealed) a playback goes to its one fallback,
// the media preview. Free of the VS Code API: the save dialog and the fallback are passed in.
import { randomUUID } from 'node:crypto';
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';
import type { HostToWebview, SpeechFormat } from '../../shared/protocol';
import { joinAudio } from '../../core/speech/joinAudio';
import type { SpeechPlaybackMeta, SpeechPlayer } from './speechPlayer';

export interface SpeechViewPort {
  post(message: HostToWebview): void;
}

export interface WebviewSpeechPlayerOptions {
  readonly fallback: SpeechPlayer;
  /** Asks for a file and writes the audio there. */
  readonly saveAudio: (audio: Uint8Array, format: SpeechFormat, baseName: string) => Promise<unknown>;
  /** How long play() waits for a chat view that is being revealed to say `ready`. */
  readonly readyTimeoutMs?: number;
}

interface Recorded {
  readonly meta: SpeechPlaybackMeta;
  readonly segments: SpeechSegment[];
}

interface Playback {
  readonly id: string;
  readonly abort: AbortController;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly record: Recorded;
  /** The sentence the webview plays (or waits for); 0 until it reports. */
  playing: number;
  /** Wakes the segment loop when `playing` moves. */
  moved: Array<() => void>;
}

/** Segments posted past the one playing: one, so the next sentence starts without a gap. */
const SEGMENTS_AHEAD = 1;

/** Playbacks whose audio can still be saved; older ones are forgotten to bound memory. */
const rememberedPlaybacks = 3;

export class WebviewSpeechPlayer implements SpeechPlayer {
  private port: SpeechViewPort | undefined;
  private ready = false;
  private readyWaiters: Array<() => void> = [];
  private current: Playback | undefined;
  private readonly recorded = new Map<string, Recorded>();

  constructor(private readonly options: WebviewSpeechPlayerOptions) {}

  /** A chat view was resolved (port) or disposed (undefined); a playback in a disposed view has ended. */
  connect(port: SpeechViewPort | undefined): void {
    this.port = port;
    this.ready = false;
    if (port === undefined) this.endCurrent();
  }

  /**
   * The view was hidden: its page is discarded, and a playback waits (no progress comes) until it is shown again; an
   * answer spoken as it streams ends with its view instead.
   */
  viewHidden(): void {
    this.ready = false;
    if (this.current?.record.meta.live === true) this.endCurrent();
  }

  /** The webview said `ready`: a freshly loaded page, which resumes the playback from the sentence it had reached. */
  viewReady(): void {
    this.ready = this.port !== undefined;
    if (this.current !== undefined && this.port !== undefined) this.resume(this.current, this.port);
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const wake of waiters) wake();
  }

  async play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void> {
    this.stop();
    const port = await this.readyPort();
    if (port === undefined) return this.options.fallback.play(segments, meta);
    const record: Recorded = { meta, segments: [] };
    const playback = newPlayback(record);
    const { id, abort } = playback;
    this.current = playback;
    this.remember(id, record);
    this.port?.post(startMessage(id, meta));
    const aborted = new Promise<'aborted'>((resolve) => abort.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
    const iterator = segments[Symbol.asyncIterator]();
    try {
      for (;;) {
        if ((await Promise.race([this.room(playback), aborted])) === 'aborted') {
          void iterator.return?.().catch(() => undefined);
          return;
        }
        const pending = iterator.next();
        // After a stop the pending synthesis may still fail; nobody awaits it then.
        pending.catch(() => undefined);
        const next = await Promise.race([pending, aborted]);
        if (next === 'aborted') {
          // Ending the iteration aborts the synthesis still in flight (pipelinedSynthesizer's finally).
          void iterator.return?.().catch(() => undefined);
          return;
        }
        if (next.done === true) break;
        record.segments.push(next.value);
        if (this.ready) this.port?.post(segmentMessage(id, next.value, meta));
      }
      // An answer spoken as it streamed: now its count is known, and the view ends after the last sentence.
      if (meta.live === true && this.ready) this.port?.post({ type: 'speechDone', playbackId: id, sentences: record.segments.length });
      await playback.finished;
    } catch (error) {
      if (this.current?.id === id) this.port?.post({ type: 'speechStop', playbackId: id });
      throw error;
    } finally {
      if (this.current?.id === id) this.current = undefined;
    }
  }

  /** The webview plays (or, after a seek, waits for) sentence `index`: segments up to SEGMENTS_AHEAD past it may come. */
  progress(playbackId: string, index: number): void {
    const playback = this.current;
    if (playback?.id !== playbackId) return;
    const { meta } = playback.record;
    playback.playing = meta.live === true ? Math.max(0, index) : Math.max(0, Math.min(index, meta.sentences - 1));
    for (const wake of playback.moved.splice(0)) wake();
  }

  /** Resolves when the next segment is within SEGMENTS_AHEAD of the sentence playing. */
  private room(playback: Playback): Promise<void> {
    const fits = (): boolean => playback.record.segments.length <= playback.playing + SEGMENTS_AHEAD;
    if (fits()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (fits()) resolve();
        else playback.moved.push(check);
      };
      playback.moved.push(check);
    });
  }

  /** Posts the playback again to a freshly loaded page, from the sentence it had reached. */
  private resume(playback: Playback, port: SpeechViewPort): void {
    const { meta, segments } = playback.record;
    port.post({ ...startMessage(playback.id, meta), resumeAt: playback.playing });
    for (const segment of segments) if (segment.index >= playback.playing) port.post(segmentMessage(playback.id, segment, meta));
  }

  stop(): void {
    const playback = this.current;
    if (playback === undefined) return;
    this.port?.post({ type: 'speechStop', playbackId: playback.id });
    this.endCurrent();
  }

  /** The webview played the last segment, or its Stop was pressed. */
  ended(playbackId: string): void {
    if (this.current?.id === playbackId) this.endCurrent();
  }

  /** The webview could not play the audio. */
  failed(playbackId: string, message: string): void {
    const playback = this.current;
    if (playback?.id !== playbackId) return;
    this.current = undefined;
    playback.abort.abort();
    playback.reject(new Error(message));
  }

  /** Joins the playback's segments received so far into one file (WAV: one header; MP3: frames) and saves it. */
  async save(playbackId: string): Promise<boolean> {
    const record = this.recorded.get(playbackId);
    if (record === undefined || record.segments.length === 0) return false;
    const format: SpeechFormat = record.segments.every((s) => s.format === 'wav') ? 'wav' : 'mp3';
    await this.options.saveAudio(await joinAudio(record.segments.filter((s) => s.failed === undefined)), format, record.meta.baseName);
    return true;
  }

  private endCurrent(): void {
    const playback = this.current;
    if (playback === undefined) return;
    this.current = undefined;
    playback.abort.abort();
    playback.resolve();
  }

  private remember(id: string, record: Recorded): void {
    this.recorded.set(id, record);
    for (const key of this.recorded.keys()) {
      if (this.recorded.size <= rememberedPlaybacks) break;
      this.recorded.delete(key);
    }
  }

  private readyPort(): Promise<SpeechViewPort | undefined> {
    if (this.ready && this.port !== undefined) return Promise.resolve(this.port);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((waiter) => waiter !== wake);
        resolve(undefined);
      }, this.options.readyTimeoutMs ?? 10_000);
      const wake = (): void => {
        clearTimeout(timer);
        resolve(this.ready ? this.port : undefined);
      };
      this.readyWaiters.push(wake);
    });
  }
}

function newPlayback(record: Recorded): Playback & { readonly finished: Promise<void> } {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  if (settle === undefined) throw new Error('unreachable: the promise executor runs synchronously');
  return { id: randomUUID(), abort: new AbortController(), resolve: settle.resolve, reject: settle.reject, record, playing: 0, moved: [], finished };
}

function segmentMessage(playbackId: string, segment: SpeechSegment, meta: SpeechPlaybackMeta): HostToWebview {
  return {
    type: 'speechSegment',
    playbackId,
    index: segment.index,
    text: segment.text,
    format: segment.format === 'mp3' ? 'mp3' : 'wav',
    audioBase64: Buffer.from(segment.audio).toString('base64'),
    ...(meta.live !== true && segment.index >= meta.sentences - 1 ? { last: true } : {}),
    ...(segment.failed === undefined ? {} : { failed: true }),
  };
}

/** A playback's start, for a page that has not seen it: its title, count (0 while an answer streams), format and turn. */
function startMessage(playbackId: string, meta: SpeechPlaybackMeta): Extract<HostToWebview, { type: 'speechStart' }> {
  return {
    type: 'speechStart',
    playbackId,
    title: meta.title,
    sentences: meta.sentences,
    format: meta.format,
    ...(meta.turnId === undefined ? {} : { turnId: meta.turnId }),
  };
}
