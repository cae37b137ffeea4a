// Synthesises sentences one request each and yields their audio in order, while the next `prefetch` sentences
// are already being synthesised: the first audio is ready after the first sentence, not after the whole text,
// and playback of sentence n overlaps the synthesis of n+1 and n+2. Aborting the signal (or leaving the
// iteration early) aborts every request still in flight. For an answer still streaming, the sentences arrive in a
// SentenceQueue (as answerSentences.ts completes them), and SpeculativeSynthesis starts the one that may come next.

export interface SynthesizedAudio {
  readonly audio: Uint8Array;
  readonly format: string;
}

export interface SpeechSegment extends SynthesizedAudio {
  readonly index: number;
  readonly text: string;
  /** Why this sentence has no audio (its synthesis failed; the player skips it, marked, and goes on). */
  readonly failed?: string;
}

export type SentenceSynthesizer = (text: string, signal: AbortSignal) => Promise<SynthesizedAudio>;

export interface PipelineOptions {
  /** Sentences synthesised ahead of the one being yielded. Default 2. */
  readonly prefetch?: number;
  readonly signal?: AbortSignal;
}

/** A whole text's sentences: the first failure ends the iteration with its error (Read Aloud's way). */
export function synthesizePipelined(
  sentences: readonly string[],
  synthesize: SentenceSynthesizer,
  options: PipelineOptions = {},
): AsyncGenerator<SpeechSegment, void, undefined> {
  const all = { peek: (index: number) => sentences[index], take: (index: number) => Promise.resolve(sentences[index]) };
  return synthesizeQueued(all, synthesize, { ...options, format: '', onFailure: 'throw' });
}

/**
 * The pipeline, over sentences that may still be arriving (an answer being streamed, answerSentences.ts): each is
 * synthesised once it is in the queue, `prefetch` ahead of the one being yielded, never waiting for a later sentence
 * before yielding an earlier one. A sentence whose synthesis fails is yielded marked `failed` (no audio) and the rest
 * goes on, unless `onFailure` is `throw`; a cancel ends everything.
 */
export async function* synthesizeQueued(
  queue: { peek(index: number): string | undefined; take(index: number, signal?: AbortSignal): Promise<string | undefined> },
  synthesize: SentenceSynthesizer,
  options: PipelineOptions & {
    readonly format: string;
    /** `skip` (default): a failed sentence is yielded marked and the rest goes on; `throw`: its error ends everything. */
    readonly onFailure?: 'skip' | 'throw';
  },
): AsyncGenerator<SpeechSegment, void, undefined> {
  options.signal?.throwIfAborted();
  const prefetch = Math.max(0, options.prefetch ?? 2);
  const inner = new AbortController();
  const onAbort = (): void => inner.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const started: Promise<SynthesizedAudio>[] = [];
  const start = (text: string): void => {
    const promise = synthesize(text, inner.signal);
    promise.catch(() => undefined);
    started.push(promise);
  };
  try {
    for (let index = 0; ; index++) {
      const text = await queue.take(index, inner.signal);
      if (text === undefined) return;
      if (started.length === index) start(text);
      // The next sentences already in the queue start now; one not there yet is not waited for.
      for (let ahead = started.length; ahead <= index + prefetch; ahead++) {
        const next = queue.peek(ahead);
        if (next === undefined) break;
        start(next);
      }
      let audio: SynthesizedAudio;
      try {
        audio = await (started[index] as Promise<SynthesizedAudio>);
        options.signal?.throwIfAborted();
      } catch (error) {
        if (inner.signal.aborted || options.onFailure === 'throw') throw error;
        yield { index, text, audio: new Uint8Array(0), format: options.format, failed: error instanceof Error ? error.message : String(error) };
        continue;
      }
      yield { index, text, audio: audio.audio, format: audio.format };
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    inner.abort();
  }
}

/**
 * The synthesis of a sentence not confirmed yet, started while the listener waits for it (AnswerSentences.tentative):
 * when the same sentence is then queued, its audio is the synthesis already under way, so the wait for the delta that
 * confirms it costs nothing. One such sentence at a time; one that the stream changes is aborted.
 */
export class SpeculativeSynthesis {
  private ahead: { text: string; promise: Promise<SynthesizedAudio>; controller: AbortController } | undefined;
  /** Syntheses started ahead whose sentence was then confirmed, until the pipeline takes them. */
  private readonly confirmed = new Map<string, Promise<SynthesizedAudio>>();

  constructor(
    private readonly synthesize: SentenceSynthesizer,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * After an update: `confirmed` are the sentences it completed, `tentative` the one it may complete next, to start
   * now (undefined: none). A sentence started ahead that is neither is aborted.
   */
  next(confirmed: readonly string[], tentative: string | undefined): void {
    const ahead = this.ahead;
    if (ahead !== undefined && ahead.text !== tentative) {
      this.ahead = undefined;
      if (confirmed.includes(ahead.text)) this.confirmed.set(ahead.text, ahead.promise);
      else ahead.controller.abort();
    }
    if (tentative === undefined || this.ahead !== undefined || this.signal.aborted) return;
    const controller = new AbortController();
    const promise = this.synthesize(tentative, AbortSignal.any([this.signal, controller.signal]));
    promise.catch(() => undefined);
    this.ahead = { text: tentative, promise, controller };
  }

  /** The synthesizer for the pipeline: a sentence started ahead is taken from there, any other is synthesised now. */
  readonly synthesizer: SentenceSynthesizer = (text, signal) => {
    const started = this.confirmed.get(text);
    if (started === undefined) return this.synthesize(text, signal);
    this.confirmed.delete(text);
    return started;
  };
}

/**
 * Sentences handed from the stream to the synthesis as they complete: the synthesis takes them by index, waiting
 * for one not there yet, until the stream has ended.
 */
export class SentenceQueue {
  private readonly sentences: string[] = [];
  private ended = false;
  private waiters: Array<() => void> = [];

  push(...sentences: readonly string[]): void {
    if (this.ended || sentences.length === 0) return;
    this.sentences.push(...sentences);
    this.wake();
  }

  /** No sentence comes after these. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Whether the synthesis waits for the next sentence (or none has come yet): a sentence now would be heard next. */
  get starved(): boolean {
    return this.sentences.length === 0 || this.waiters.length > 0;
  }

  /** Sentence `index` when it is there now (no wait). */
  peek(index: number): string | undefined {
    return this.sentences[index];
  }

  /** Sentence `index`, once it is there; undefined when the stream ended before it. */
  async take(index: number, signal?: AbortSignal): Promise<string | undefined> {
    while (this.sentences[index] === undefined && !this.ended) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const onAbort = (): void => resolve();
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
    signal?.throwIfAborted();
    return this.sentences[index];
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
