// Streamed Markdown for VS Code's own chat (`@maas` and the language-model provider), rewritten by the chat's link rule
// (src/shared/linkPolicy.ts) as the chat view renders it: images become links, links the rule refuses become their
// text, a link shows its destination when its text does not, and fenced code is left as it is. VS Code's chat renders
// with marked, whatever its version, so the rewrite is done on the Markdown itself, before VS Code sees it.
//
// Why not markdown-it, which the view renders with: its inline tokens carry no offsets into the source and it writes
// HTML, not Markdown, so it cannot say what to change in the text; and a streamed answer would be parsed again on every
// delta. Here each line is classified once as it completes (markdownBlockLines.ts, checked against markdown-it's own
// fences) and its links are rewritten as they become final (markdownLineLinks.ts): a piece is held back only while the
// rest of its line may still change it, and the output is the same however the text is cut into deltas.
import { delimiterColumns, type LineKind, MarkdownBlockLines } from './markdownBlockLines';
import { rewriteLineLinks } from './markdownLineLinks';

/** A line's content once container marks are set aside, for telling a table's delimiter row. */
function rowContent(line: string): string {
  return line.replace(/^[\s>]*/, '');
}

export class ChatMarkdownLinks {
  private readonly blocks = new MarkdownBlockLines();
  /** The text from the start of the current line. */
  private text = '';
  /** How much of the current line has been written out. */
  private written = 0;
  /** The current line's kind, once known. */
  private kind: LineKind | undefined;
  /** The current line has been read by the block scanner (it reads each complete line once). */
  private committed = false;
  /** How far the text has been searched for the current line's end. */
  private searched = 0;
  /** The previous line was a table row (body rows go on until a blank line). */
  private previousTableRow = false;
  private previousHadPipe = false;

  /** Takes the next delta; returns the rewritten text that has become final. */
  push(delta: string): string {
    this.text += delta;
    return this.drain(false);
  }

  /** The stream ended: everything held back, rewritten. */
  end(): string {
    return this.drain(true);
  }

  private drain(final: boolean): string {
    let out = '';
    for (;;) {
      const found = this.text.indexOf('\n', this.searched);
      this.searched = found === -1 ? this.text.length : found;
      const complete = found !== -1 || final;
      const rawEnd = found === -1 ? this.text.length : found;
      const end = complete && this.text[rawEnd - 1] === '\r' ? rawEnd - 1 : rawEnd;
      if (this.kind === undefined || (complete && !this.committed)) {
        const line = this.text.slice(0, end);
        const kind = complete ? this.blocks.line(line) : this.blocks.peek(line);
        this.kind ??= kind;
        this.committed = complete;
        if (this.kind === undefined) return out;
      }
      if (this.kind === 'code') {
        out += this.text.slice(this.written, rawEnd);
        this.written = rawEnd;
      } else {
        const scan = rewriteLineLinks(this.text, this.written, end, complete, () => this.tableRow(end, found, final));
        out += scan.out;
        this.written = scan.next;
        if (scan.next < end) return out;
        out += this.text.slice(end, rawEnd);
        this.written = rawEnd;
      }
      if (found === -1) return out;
      out += '\n';
      this.nextLine(this.text.slice(0, end));
      this.text = this.text.slice(found + 1);
      this.searched = 0;
    }
  }

  private nextLine(line: string): void {
    const blank = line.trim() === '';
    const content = rowContent(line);
    this.previousTableRow = this.kind === 'text' && !blank && (this.previousTableRow || (this.previousHadPipe && delimiterColumns(content) !== undefined));
    this.previousHadPipe = this.kind === 'text' && content.includes('|');
    this.kind = undefined;
    this.committed = false;
    this.written = 0;
  }

  /**
   * Whether the current line (ending at `end`, its line break at `newline`) is a table row: after a table's rows, or a
   * header (the next line is a delimiter row). Generous on purpose: a code span holding a pipe is kept whole only
   * where no table can split it.
   */
  private tableRow(end: number, newline: number, final: boolean): boolean | undefined {
    if (this.previousTableRow) return true;
    if (newline === -1) return final ? false : undefined;
    const nextEnd = this.text.indexOf('\n', newline + 1);
    const next = rowContent(this.text.slice(newline + 1, nextEnd === -1 ? this.text.length : nextEnd));
    if (nextEnd !== -1 || final) return delimiterColumns(next) !== undefined && this.text.slice(0, end).includes('|');
    return /[^|:\- \t]/.test(next) ? false : undefined;
  }
}

/** A whole Markdown text rewritten by the chat's link rule (service messages, descriptions: anything not streamed). */
export function chatMarkdown(text: string): string {
  const links = new ChatMarkdownLinks();
  return links.push(text) + links.end();
}
