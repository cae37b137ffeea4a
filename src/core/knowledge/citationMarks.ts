// Citation ("corner") marks of knowledge-base answers, in every format docs/wire.md lists: `^[1]^`, `[^1^]`,
// `[1]`, `【1】`, `【1†source】`. Marks inside code (fenced blocks, inline spans) are code, not citations.
// CitationMarkStream finds them in streamed text, holding back a tail that may still become a mark.

import { FenceTracker } from '../../../packages/text/fences';
import { citationMarkPattern, citedNumber } from '../../shared/citationMarks';

export interface CitationMark {
  /** Offset of the mark's first character in the text. */
  readonly start: number;
  /** Offset just past the mark. */
  readonly end: number;
  readonly number: number;
  readonly text: string;
}

// A tail that is a proper prefix of some mark (or a complete `[n]` / `^[n]` that the next chunk may extend).
const PARTIAL_TAIL = /^(?:\^(?:\[(?:\d{1,4}(?:\])?)?)?|\[(?:\^(?:\d{1,4}\^?)?|\d{1,4}\]?)?|【(?:\d{1,4}(?:†[^】\n]{0,80})?)?)$/;

/** Ranges of code: fenced blocks (``` or ~~~, an unclosed one runs to the end) and inline backtick spans. */
function codeRanges(text: string): Array<[number, number]> {
  // Both kinds of code begin with a backtick or (a fence) a tilde: a text with neither has none.
  if (!text.includes('`') && !text.includes('~')) return [];
  const ranges: Array<[number, number]> = [];
  const fences = new FenceTracker();
  let offset = 0;
  let fenceStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = offset + line.length;
    const kind = fences.line(line);
    if (kind === 'opens') fenceStart = offset;
    else if (kind === 'closes') ranges.push([fenceStart, lineEnd]);
    else if (kind === 'text') for (const span of line.matchAll(/(`+)[^`]*?\1/g)) ranges.push([offset + span.index, offset + span.index + span[0].length]);
    offset = lineEnd + 1;
  }
  if (fences.open) ranges.push([fenceStart, text.length]);
  return ranges;
}

export function findCitationMarks(text: string): CitationMark[] {
  const code = codeRanges(text);
  const marks: CitationMark[] = [];
  for (const match of text.matchAll(citationMarkPattern())) {
    const start = match.index;
    const end = start + match[0].length;
    if (code.some(([from, to]) => start < to && end > from)) continue;
    marks.push({ start, end, number: citedNumber(match), text: match[0] });
  }
  return marks;
}

/** The text without its citation marks (code left alone), for reading aloud. */
export function removeCitationMarks(text: string): string {
  let result = '';
  let last = 0;
  for (const mark of findCitationMarks(text)) {
    result += text.slice(last, mark.start);
    last = mark.end;
  }
  return result + text.slice(last);
}

/** Finds marks in text that arrives in pieces; each mark is reported once, with offsets in the whole text. */
export class CitationMarkStream {
  private text = '';
  private reportedUpTo = 0;

  push(chunk: string): CitationMark[] {
    this.text += chunk;
    return this.report(this.safeEnd());
  }

  /** How much of the text is final: everything before a tail that may still grow into a mark. */
  get finalLength(): number {
    return this.safeEnd();
  }

  /** The stream ended: whatever was held back is final. */
  end(): CitationMark[] {
    return this.report(this.text.length);
  }

  private report(upTo: number): CitationMark[] {
    const found = findCitationMarks(this.text.slice(0, upTo)).filter((mark) => mark.start >= this.reportedUpTo);
    const last = found.at(-1);
    if (last !== undefined) this.reportedUpTo = last.end;
    return found;
  }

  /** Where the text stops being final: at a tail that may still grow into a mark, or an unclosed inline span. */
  private safeEnd(): number {
    const text = this.text;
    let safe = text.length;
    const from = Math.max(0, text.length - 96);
    // The closing caret of a whole mark (`^[1]^`) begins no other mark: the mark is final as it stands.
    const whole = [...text.slice(from).matchAll(citationMarkPattern())].map((match) => [from + match.index, from + match.index + match[0].length] as const);
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (whole.some(([start, end]) => i >= start && i < end)) continue;
      if ((c === '^' || c === '[' || c === '【') && PARTIAL_TAIL.test(text.slice(i))) {
        safe = i;
        break;
      }
    }
    const lineStart = text.lastIndexOf('\n') + 1;
    const ticks = [...text.slice(lineStart).matchAll(/`+/g)];
    if (ticks.length % 2 === 1 && ticks[0] !== undefined && !/^ {0,3}(`{3,}|~{3,})/.test(text.slice(lineStart))) {
      safe = Math.min(safe, lineStart + ticks[0].index);
    }
    return safe;
  }
}

/**
 * Streamed text with its citation marks written as ` [n]` (for surfaces without citation chips, such as VS Code's
 * own chat): each push returns the part that has become final, never a mark cut in two.
 */
export class PlainCitationStream {
  private readonly marks = new CitationMarkStream();
  private text = '';
  private shown = 0;

  push(chunk: string): string {
    this.text += chunk;
    return this.take(this.marks.push(chunk), this.marks.finalLength);
  }

  end(): string {
    return this.take(this.marks.end(), this.text.length);
  }

  /** The final text not shown yet, up to `upTo`, with `marks` (those just reported, all inside it) written as ` [n]`. */
  private take(marks: readonly CitationMark[], upTo: number): string {
    let out = '';
    let at = this.shown;
    for (const mark of marks) {
      out += `${this.text.slice(at, mark.start)} [${mark.number}]`;
      at = mark.end;
    }
    const end = Math.max(at, upTo);
    this.shown = end;
    return out + this.text.slice(at, end);
  }
}
