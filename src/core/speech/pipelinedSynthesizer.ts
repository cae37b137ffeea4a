// Synthesises sentences one request each and yields their audio in order, while the next `prefetch` sentences
// are already being synthesised: the first audio is ready after the first sentence, not after the whole text,
// and playback of sentence n overlaps the synthesis of n+1 and n+2. Aborting the signal (or leaving the
// iteration early) aborts every request still in flight.

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

export async function* synthesizePipelined(
  sentences: readonly string[],
  synthesize: SentenceSynthesizer,
  options: PipelineOptions = {},
): AsyncGenerator<SpeechSegment, void, undefined> {
  const prefetch = Math.max(0, options.prefetch ?? 2);
  const inner = new AbortController();
  const onAbort = (): void => inner.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const started: Promise<SynthesizedAudio>[] = [];
  const startUpTo = (last: number): void => {
    while (started.length <= Math.min(last, sentences.length - 1)) {
      const promise = synthesize(sentences[started.length] ?? '', inner.signal);
      // A prefetched request may fail after the consumer has stopped; it is awaited only if reached.
      promise.catch(() => undefined);
      started.push(promise);
    }
  };
  try {
    options.signal?.throwIfAborted();
    for (let index = 0; index < sentences.length; index++) {
      startUpTo(index + prefetch);
      const audio = await (started[index] as Promise<SynthesizedAudio>);
      options.signal?.throwIfAborted();
      yield { index, text: sentences[index] ?? '', audio: audio.audio, format: audio.format };
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    inner.abort();
  }
}

/**
 * The same pipeline over sentences that are still arriving (an answer being streamed, answerSentences.ts): each is
 * synthesised once it is in the queue, `prefetch` ahead of the one being yielded, never waiting for a later sentence
 * before yielding an earlier one. A sentence whose synthesis fails is yielded marked `failed` (no audio) and the rest
 * goes on; a cancel ends everything.
 */
export async function* synthesizeQueued(
  queue: { peek(index: number): string | undefined; take(index: number, signal?: AbortSignal): Promise<string | undefined> },
  synthesize: SentenceSynthesizer,
  options: PipelineOptions & { readonly format: string },
): AsyncGenerator<SpeechSegment, void, undefined> {
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
      try {
        const audio = await (started[index] as Promise<SynthesizedAudio>);
        yield { index, text, audio: audio.audio, format: audio.format };
      } catch (error) {
        if (inner.signal.aborted) throw error;
        yield { index, text, audio: new Uint8Array(0), format: options.format, failed: error instanceof Error ? error.message : String(error) };
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    inner.abort();
  }
}
