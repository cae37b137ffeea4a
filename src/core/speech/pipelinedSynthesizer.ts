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
