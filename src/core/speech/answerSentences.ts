// The sentences of an answer that is still streaming, as Read Aloud would speak them (speechText.ts: no code, no
// reasoning, no citation marks, no Markdown syntax) and as soon as each is complete. Every update cleans the answer so
// far (from the end of its last settled block) and cuts it into spoken pieces (packages/text/sentences.ts, as Read
// Aloud's sentence-by-sentence reading does);
// every piece but the last is complete, and the last is too once the answer has ended, or when it ends in a question or
// exclamation mark, or a blank line follows it. A complete piece under
// MIN_CHARS (a lone "OK.") waits to go with the next one, as Read Aloud's pieces do. Pieces given out are not given
// again: each update looks only at the pieces past those already taken.
import { joinPieces, splitSpokenSentences } from '../../../packages/text/sentences';
import type { SentenceSynthesizer, SynthesizedAudio } from './pipelinedSynthesizer';
import { SPOKEN_PIECE_MAX_CHARS } from './speechLimits';
import { FenceTracker } from '../../../packages/text/fences';
import { speechText } from './speechText';

const MIN_CHARS = 8;

/** Characters after which a sentence may have ended: worth cleaning the answer again. */
const MAY_END = /[.!?。！？；;…\n]/;

export class AnswerSentences {
  /**
   * Where the answer's unsettled part starts: everything before is whole blocks whose sentences were all taken, so an
   * update cleans only the rest (cleaning the whole answer each time costs 170 ms at 80,000 characters).
   */
  private settled = 0;
  /** Pieces of the unsettled part already taken (given out, or waiting in `short`). */
  private taken = 0;
  /** Complete pieces too short to go alone, waiting for the next one. */
  private short = '';
  private cleaned = 0;
  /** The text not taken yet holds a possible sentence end, complete once what follows it starts. */
  private tailMayEnd = false;
  /**
   * The sentence the last piece makes if what follows confirms it: it ends in a full stop, which the next delta may
   * continue ("3." as "3.14"); undefined when there is none. Its synthesis may start early (SpeculativeSynthesis).
   */
  tentative: string | undefined;

  /**
   * The sentences completed since the last call. `answer` is the whole answer so far; `ended` says the stream is over
   * (completed, stopped or dropped), so its last sentence is complete too.
   */
  async update(answer: string, ended: boolean): Promise<string[]> {
    // Only text that may end a sentence can complete one: a delta of plain words costs nothing.
    if (!ended && !this.tailMayEnd && !MAY_END.test(answer.slice(this.cleaned))) return [];
    this.cleaned = answer.length;
    const open = answer.slice(this.settled);
    const pieces = await spokenPieces(open);
    const complete = ended || lastIsComplete(answer, pieces.at(-1)) ? pieces.length : Math.max(0, pieces.length - 1);
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
    const last = pieces.length === this.taken + 1 ? pieces.at(-1) : undefined;
    const candidate = last === undefined || !/[.．][\p{Pe}\p{Pf}"']*$/u.test(last) ? undefined : this.short === '' ? last : joinPieces(this.short, last);
    this.tentative = candidate !== undefined && [...candidate].length >= MIN_CHARS ? candidate : undefined;
    if (!ended) await this.settle(open);
    return fresh;
  }

  /** Moves the start of the unsettled part past its whole blocks whose pieces were all taken. */
  private async settle(open: string): Promise<void> {
    const end = settledEnd(open);
    if (end === 0) return;
    const before = (await spokenPieces(open.slice(0, end))).length;
    if (before > this.taken) return;
    this.settled += end;
    this.taken -= before;
  }
}

async function spokenPieces(markdown: string): Promise<string[]> {
  return splitSpokenSentences(await speechText(markdown), { maxChars: SPOKEN_PIECE_MAX_CHARS });
}

/**
 * The end of the last whole block of `markdown` that nothing after it can change: a blank line followed by a line that
 * starts at the margin (so no list item or indented code goes on across it), outside a fenced code block. 0: none.
 */
export function settledEnd(markdown: string): number {
  let end = 0;
  const fences = new FenceTracker();
  let blank = false;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (offset > markdown.length) break; // the last line is not whole yet
    if (fences.line(line) === 'text' && blank && /^\S/.test(line)) end = lineStart;
    blank = line.trim() === '';
  }
  return end;
}

/**
 * A question or exclamation mark (with the closing quotes and brackets already there) ends a sentence whatever follows
 * (Unicode's sentence rules), as a blank line ends a paragraph: such a last piece is spoken without waiting for the
 * next delta. A full stop is not: "3." may go on as "3.14", "e.g." as "e.g. this".
 */
function lastIsComplete(answer: string, last: string | undefined): boolean {
  if (last === undefined) return false;
  return /[!?。！？][\p{Pe}\p{Pf}"'」』]*$/u.test(last) || /\n[ \t]*\n\s*$/.test(answer);
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
