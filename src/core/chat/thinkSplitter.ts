// Separates reasoning from answer text in `content` deltas: reasoning models send <think> and </think> as
// their own deltas or split across deltas (docs/wire.md). A tag is recognised only where a reasoning block can
// be (<think> before any answer text, </think> inside the block), so an answer that talks about "<think>"
// tags in code stays text.
import type { ChatEvent } from './chatEvents';

const OPEN = '<think>';
const CLOSE = '</think>';

/** Length of the longest suffix of `text` that is a proper prefix of `tag` (a tag that may continue). */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

export class ThinkSplitter {
  private inThink = false;
  private answerStarted = false;
  private sawThink = false;
  private carry = '';

  /** Whether content is now plain answer text (the answer has begun, outside a block, nothing held back). */
  get plain(): boolean {
    return this.answerStarted && !this.inThink && this.carry === '';
  }

  push(delta: string, out: ChatEvent[]): void {
    if (this.plain) {
      if (delta !== '') out.push({ type: 'text', text: delta });
      return;
    }
    let rest = this.carry + delta;
    this.carry = '';
    while (rest !== '') {
      if (this.inThink) {
        const at = rest.indexOf(CLOSE);
        if (at >= 0) {
          this.emit(rest.slice(0, at), 'reasoning', out);
          this.inThink = false;
          rest = rest.slice(at + CLOSE.length).replace(/^\s+/, '');
          continue;
        }
        const hold = partialTagLength(rest, CLOSE);
        this.emit(rest.slice(0, rest.length - hold), 'reasoning', out);
        this.carry = rest.slice(rest.length - hold);
        return;
      }
      if (!this.answerStarted) {
        const lead = rest.replace(/^\s+/, '');
        if (lead.startsWith(OPEN)) {
          this.inThink = true;
          this.sawThink = true;
          rest = lead.slice(OPEN.length);
          continue;
        }
        if (lead === '' || OPEN.startsWith(lead)) {
          this.carry = rest;
          return;
        }
        this.answerStarted = true;
        // The blank lines a model puts after </think> are layout of the block, not of the answer.
        if (this.sawThink) rest = lead;
      }
      this.emit(rest, 'text', out);
      return;
    }
  }

  /** End of stream: whatever was held back is text (or reasoning, inside an unterminated block). */
  flush(out: ChatEvent[]): void {
    const rest = this.carry;
    this.carry = '';
    if (rest.trim() === '' && !this.inThink) return;
    this.emit(rest, this.inThink ? 'reasoning' : 'text', out);
  }

  private emit(text: string, type: 'text' | 'reasoning', out: ChatEvent[]): void {
    if (text !== '') out.push({ type, text });
  }
}
