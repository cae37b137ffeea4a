// The sentences of an answer that is still streaming, as Read Aloud would speak them (speechText.ts: no code, no
// reasoning, no citation marks, no Markdown syntax) and as soon as each is complete. Every update cleans the answer so
// far (from the end of its last settled block) and cuts it into spoken pieces (packages/text/sentences.ts, as Read
// Aloud's sentence-by-sentence reading does);
// every piece but the last is complete, and the last is too once the answer has ended, or when it ends in a question or
// exclamation mark, or a blank line follows it. A complete piece under
// MIN_CHARS (a lone "OK.") waits to go with the next one, as Read Aloud's pieces do. Pieces given out are not given
// again: each update looks only at the pieces past those already taken. What synthesises the sentences as they come
// is pipelinedSynthesizer.ts (SentenceQueue, SpeculativeSynthesis).
import { joinPieces, splitSpokenSentences } from '../../../packages/text/sentences';
import { SPOKEN_PIECE_MAX_CHARS } from './speechLimits';
import { FenceTracker } from '../../../packages/text/fences';
import { speechText } from './speechText';

const MIN_CHARS = 8;

/** Characters after which a sentence may have ended: worth cleaning the answer again. */
const MAY_END = /[.!?。！？；;…\n]/;

export class AnswerSentences {
  /**
   * Where the answer's unsettled part starts: everything before is whole blocks whose sentences were all taken, so an
   * update cleans only the rest (cleaning the whole answer on each update would grow with the answer's length).
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
