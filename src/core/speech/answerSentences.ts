// The sentences of an answer that is still streaming, as Read Aloud would speak them (speechText.ts: no code, no
// reasoning, no citation marks, no Markdown syntax) and as soon as each is complete: every update cleans the answer so
// far and splits it into spoken sentences (speechLimits.ts's pieces); all but the last are complete, and the last is
// too once the answer has ended. Sentences already given out are not given again.
import { splitSpokenSentences } from '../../../packages/text/sentences';
import { REALTIME_MAX_CHARS } from './speechLimits';
import { speechText } from './speechText';

/** The same pieces as Read Aloud's sentence-by-sentence reading (speechLimits.ts). */
const PIECES = { minChars: 8, maxChars: Math.min(300, REALTIME_MAX_CHARS) };

/** Characters after which a sentence may have ended: worth cleaning the answer again. */
const MAY_END = /[.!?。！？；;…\n]/;

export class AnswerSentences {
  private given = 0;
  private cleaned = 0;
  /** The text not given yet holds a sentence end: it completes once what follows it is long enough to stand alone. */
  private tailMayEnd = false;

  /**
   * The sentences completed since the last call. `answer` is the whole answer so far; `ended` says the stream is over
   * (completed, stopped or dropped), so its last sentence is complete too.
   */
  async update(answer: string, ended: boolean): Promise<string[]> {
    // Only text that may end a sentence can complete one: a delta of plain words costs nothing, unless a short piece
    // after an end still waits to be long enough to stand alone (PIECES.minChars).
    if (!ended && !this.tailMayEnd && !MAY_END.test(answer.slice(this.cleaned))) return [];
    this.cleaned = answer.length;
    const sentences = splitSpokenSentences(await speechText(answer), PIECES);
    const complete = ended ? sentences : sentences.slice(0, -1);
    const fresh = complete.slice(this.given);
    this.given = Math.max(this.given, complete.length);
    this.tailMayEnd = MAY_END.test(sentences.slice(this.given).join(' '));
    return fresh;
  }
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
