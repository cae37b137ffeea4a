// The sentences of an answer that is still streaming, as Read Aloud would speak them (speechText.ts: no code, no
// reasoning, no citation marks, no Markdown syntax) and as soon as each is complete. Every update cleans the answer so
// far and cuts it into spoken pieces (packages/text/sentences.ts, as Read Aloud's sentence-by-sentence reading does);
// every piece but the last is complete, and the last is too once the answer has ended. A complete piece under
// MIN_CHARS (a lone "OK.") waits to go with the next one, as Read Aloud's pieces do. Pieces given out are not given
// again: each update looks only at the pieces past those already taken.
import { joinPieces, splitSpokenSentences } from '../../../packages/text/sentences';
import { REALTIME_MAX_CHARS } from './speechLimits';
import { speechText } from './speechText';

const MAX_CHARS = Math.min(300, REALTIME_MAX_CHARS);
const MIN_CHARS = 8;

/** Characters after which a sentence may have ended: worth cleaning the answer again. */
const MAY_END = /[.!?。！？；;…\n]/;

export class AnswerSentences {
  /** Pieces of the cleaned answer already taken (given out, or waiting in `short`). */
  private taken = 0;
  /** Complete pieces too short to go alone, waiting for the next one. */
  private short = '';
  private cleaned = 0;
  /** The text not taken yet holds a possible sentence end, complete once what follows it starts. */
  private tailMayEnd = false;

  /**
   * The sentences completed since the last call. `answer` is the whole answer so far; `ended` says the stream is over
   * (completed, stopped or dropped), so its last sentence is complete too.
   */
  async update(answer: string, ended: boolean): Promise<string[]> {
    // Only text that may end a sentence can complete one: a delta of plain words costs nothing.
    if (!ended && !this.tailMayEnd && !MAY_END.test(answer.slice(this.cleaned))) return [];
    this.cleaned = answer.length;
    const pieces = splitSpokenSentences(await speechText(answer), { maxChars: MAX_CHARS });
    const complete = ended ? pieces.length : Math.max(0, pieces.length - 1);
    const fresh: string[] = [];
    for (const piece of pieces.slice(this.taken, complete)) {
      this.short = this.short === '' ? piece : joinPieces(this.short, piece);
      if ([...this.short].length >= MIN_CHARS) {
        fresh.push(this.short);
        this.short = '';
      }
    }
    this.taken = Math.max(this.taken, complete);
    if (ended && this.short !== '') {
      fresh.push(this.short);
      this.short = '';
    }
    this.tailMayEnd = MAY_END.test(pieces.slice(this.taken).join(' '));
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
