// The read-aloud player of the chat view, host side: each synthesised segment is posted to the webview, which plays
// them in order from Blob URLs and reports back when it ended, failed or was stopped. It stays attached to the
// SpeechPlayerSlot; while no chat view is ready (none resolved, or it never became ready after being revealed) a
// playback goes to the fallback player instead. Free of the VS Code API: the save dialog is passed in.
import { randomUUID } from 'node:crypto';
import type { SpeechSegment } from '../../core/speech/pipelinedSynthesizer';
import type { HostToWebview, SpeechFormat } from '../../shared/protocol';
import { joinAudio } from './fileSpeechPlayer';
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

interface Playback {
  readonly id: string;
  readonly abort: AbortController;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

interface Recorded {
  readonly meta: SpeechPlaybackMeta;
  readonly segments: SpeechSegment[];
}

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

  /** The view was hidden: its page is discarded (no retainContextWhenHidden), and with it any playback. */
  viewHidden(): void {
    this.ready = false;
    this.endCurrent();
  }

  /** The webview said `ready`: a freshly loaded page, so a playback it was showing is gone. */
  viewReady(): void {
    this.endCurrent();
    this.ready = this.port !== undefined;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const wake of waiters) wake();
  }

  async play(segments: AsyncIterable<SpeechSegment>, meta: SpeechPlaybackMeta): Promise<void> {
    this.stop();
    const port = await this.readyPort();
    if (port === undefined) return this.options.fallback.play(segments, meta);
    const abort = new AbortController();
    let playback: Playback | undefined;
    const finished = new Promise<void>((resolve, reject) => {
      playback = { id: randomUUID(), abort, resolve, reject };
    });
    if (playback === undefined) throw new Error('unreachable: the promise executor runs synchronously');
    const { id } = playback;
    this.current = playback;
    const record: Recorded = { meta, segments: [] };
    this.remember(id, record);
    port.post({ type: 'speechStart', playbackId: id, title: meta.title, sentences: meta.sentences, format: meta.format });
    const aborted = new Promise<'aborted'>((resolve) => abort.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
    const iterator = segments[Symbol.asyncIterator]();
    try {
      for (;;) {
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
        const segment = next.value;
        record.segments.push(segment);
        port.post({
          type: 'speechSegment',
          playbackId: id,
          index: segment.index,
          text: segment.text,
          format: segment.format === 'mp3' ? 'mp3' : 'wav',
          audioBase64: Buffer.from(segment.audio).toString('base64'),
          ...(segment.index >= meta.sentences - 1 ? { last: true } : {}),
        });
      }
      await finished;
    } catch (error) {
      if (this.current?.id === id) port.post({ type: 'speechStop', playbackId: id });
      throw error;
    } finally {
      if (this.current?.id === id) this.current = undefined;
    }
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
    await this.options.saveAudio(joinAudio(record.segments), format, record.meta.baseName);
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
