// Which lines of streamed Markdown are fenced code, line by line, as CommonMark's block structure decides (quotes,
// list items, lazy paragraph lines, fences, GFM tables): the link rewriter for VS Code's chat leaves those lines as
// they are. Only fenced code counts as code here; an indented code block is treated as text (answers fence their
// code, and text is the safe side: its links are rewritten, never left clickable). Tabs count to the next multiple
// of four columns, as CommonMark says.

export type LineKind = 'code' | 'text';

type Container = { readonly kind: 'quote' } | { readonly kind: 'item'; readonly width: number; readonly blankStart: boolean; hasContent: boolean };

interface Fence {
  readonly char: '`' | '~';
  readonly length: number;
}

type Leaf = 'none' | 'paragraph' | 'fence' | 'indented' | 'table';

interface LineResult {
  readonly kind: LineKind;
  /** The line continues or closes an open fence (its kind is final as soon as its containers are). */
  readonly inFence: boolean;
  /** The line opens a backtick fence (a backtick later on the line would make it text). */
  readonly backtickOpener: boolean;
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch;
  return out;
}

function indentAt(s: string, pos: number): number {
  let end = pos;
  while (s[end] === ' ') end++;
  return end - pos;
}

function blankFrom(s: string, pos: number): boolean {
  return s.slice(pos).trim() === '';
}

/** A list marker at `at` (`-`, `+`, `*`, `1.`, `1)`), followed by a space or the end of the line. */
function listMarker(s: string, at: number): { end: number; ordered: boolean; start: number } | undefined {
  const match = /^(?:([-+*])|(\d{1,9})[.)])(?= |$)/.exec(s.slice(at));
  if (match === null) return undefined;
  return { end: at + match[0].length, ordered: match[2] !== undefined, start: Number(match[2] ?? 0) };
}

function isThematicBreak(s: string, at: number): boolean {
  return /^(?:(?:\*[ ]*){3,}|(?:-[ ]*){3,}|(?:_[ ]*){3,})$/.test(s.slice(at));
}

function isAtxHeading(s: string, at: number): boolean {
  return /^#{1,6}(?: |$)/.test(s.slice(at));
}

function isSetextUnderline(s: string, at: number): boolean {
  return /^(?:=+|-+)[ ]*$/.test(s.slice(at));
}

function fenceOpener(s: string, at: number): Fence | undefined {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(s.slice(at));
  if (match?.[1] === undefined) return undefined;
  const char = match[1][0] === '`' ? '`' : '~';
  if (char === '`' && (match[2] ?? '').includes('`')) return undefined;
  return { char, length: match[1].length };
}

function isFenceCloser(s: string, pos: number, fence: Fence): boolean {
  const ind = indentAt(s, pos);
  if (ind > 3) return false;
  const match = /^(`+|~+)[ ]*$/.exec(s.slice(pos + ind));
  return match?.[1] !== undefined && match[1][0] === fence.char && match[1].length >= fence.length;
}

/** The cells of a table row, as GFM splits them (an escaped pipe does not split). */
function cellCount(row: string): number {
  const cells = row.trim().split(/(?<!\\)\|/);
  if (cells[0]?.trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1]?.trim() === '') cells.pop();
  return cells.length;
}

/** A table's delimiter row (`| --- | :-: |`), returning its number of columns. */
export function delimiterColumns(row: string): number | undefined {
  const text = row.trim();
  if (!/^[|:-]/.test(text) || !/^[|:\- ]+$/.test(text) || /^- /.test(text)) return undefined;
  const cells = text.split('|');
  let columns = 0;
  for (const [index, cell] of cells.entries()) {
    const trimmed = cell.trim();
    if (trimmed === '') {
      if (index === 0 || index === cells.length - 1) continue;
      return undefined;
    }
    if (!/^:?-+:?$/.test(trimmed)) return undefined;
    columns++;
  }
  return columns;
}

/** Fenced-code lines of Markdown read one line at a time (the state of a CommonMark block parser, kept small). */
export class MarkdownBlockLines {
  private containers: Container[] = [];
  private leaf: Leaf = 'none';
  private fence: Fence | undefined;
  /** The last paragraph line's content, which a delimiter row on the next line makes a table's header. */
  private paragraphLine = '';

  /** Classifies a complete line (without its line break) and moves past it. */
  line(text: string): LineKind {
    return this.process(text).kind;
  }

  /**
   * How a line not complete yet will be classified, when what has arrived already decides it; undefined while the
   * rest of the line may still change it. Does not move past it.
   */
  peek(text: string): LineKind | undefined {
    if (!/\S/.test(text)) return undefined;
    const result = this.copy().process(text);
    if (result.inFence) return 'code';
    if (result.kind === 'code') return result.backtickOpener ? undefined : 'code';
    // Text so far; only marks that may still open a fence or a container could change that.
    return /^[\s>*+\-0-9.)`~]*$/.test(text) ? undefined : 'text';
  }

  private copy(): MarkdownBlockLines {
    const other = new MarkdownBlockLines();
    other.containers = this.containers.map((c) => ({ ...c }));
    other.leaf = this.leaf;
    other.fence = this.fence;
    other.paragraphLine = this.paragraphLine;
    return other;
  }

  private markContent(): void {
    for (const container of this.containers) if (container.kind === 'item') container.hasContent = true;
  }

  private process(text: string): LineResult {
    const s = expandTabs(text);
    const plain: LineResult = { kind: 'text', inFence: false, backtickOpener: false };
    let pos = 0;
    let matched = 0;
    for (const container of this.containers) {
      if (container.kind === 'quote') {
        const ind = indentAt(s, pos);
        if (ind > 3 || s[pos + ind] !== '>') break;
        pos += ind + 1;
        if (s[pos] === ' ') pos++;
      } else if (blankFrom(s, pos)) {
        // A list item can begin with at most one blank line.
        if (container.blankStart && !container.hasContent) break;
      } else {
        if (indentAt(s, pos) < container.width) break;
        pos += container.width;
      }
      matched++;
    }
    const allMatched = matched === this.containers.length;

    if (this.leaf === 'fence' && this.fence !== undefined) {
      if (allMatched) {
        if (isFenceCloser(s, pos, this.fence)) {
          this.leaf = 'none';
          this.fence = undefined;
        }
        return { kind: 'code', inFence: true, backtickOpener: false };
      }
      // A fence is never continued lazily: it ends with the container that no longer matches.
      this.containers.length = matched;
      this.leaf = 'none';
      this.fence = undefined;
    }
    if (this.leaf === 'indented' && allMatched && (blankFrom(s, pos) || indentAt(s, pos) >= 4)) return plain;

    const lazy = !allMatched && this.leaf === 'paragraph';
    let openedNew = false;
    let closed = allMatched;
    const closeUnmatched = (): void => {
      if (!closed) {
        this.containers.length = matched;
        this.leaf = 'none';
        closed = true;
      }
    };
    for (;;) {
      const ind = indentAt(s, pos);
      const at = pos + ind;
      if (blankFrom(s, pos)) {
        closeUnmatched();
        if (this.leaf !== 'indented') this.leaf = 'none';
        return plain;
      }
      if (ind >= 4) {
        if (!openedNew && this.leaf === 'paragraph' && (allMatched || lazy)) return this.paragraph(s, at);
        closeUnmatched();
        this.markContent();
        this.leaf = 'indented';
        return plain;
      }
      if (s[at] === '>') {
        closeUnmatched();
        this.leaf = 'none';
        this.containers.push({ kind: 'quote' });
        openedNew = true;
        pos = at + 1;
        if (s[pos] === ' ') pos++;
        continue;
      }
      const marker = listMarker(s, at);
      if (marker !== undefined && !isThematicBreak(s, at)) {
        const contentBlank = blankFrom(s, marker.end);
        const interrupting = !openedNew && allMatched && this.leaf === 'paragraph';
        if (!interrupting || (!contentBlank && (!marker.ordered || marker.start === 1))) {
          closeUnmatched();
          this.leaf = 'none';
          const spaces = indentAt(s, marker.end);
          const content = contentBlank ? marker.end + 1 : spaces >= 5 ? marker.end + 1 : marker.end + spaces;
          this.containers.push({ kind: 'item', width: content - pos, blankStart: contentBlank, hasContent: !contentBlank });
          openedNew = true;
          pos = contentBlank ? s.length : content;
          if (contentBlank) return plain;
          continue;
        }
      }
      const fence = fenceOpener(s, at);
      if (fence !== undefined) {
        closeUnmatched();
        this.markContent();
        this.leaf = 'fence';
        this.fence = fence;
        return { kind: 'code', inFence: false, backtickOpener: fence.char === '`' };
      }
      if (lazy && !openedNew && !isThematicBreak(s, at) && !isAtxHeading(s, at)) return this.paragraph(s, at);
      const continues = !openedNew && allMatched;
      closeUnmatched();
      this.markContent();
      if (isAtxHeading(s, at) || (isThematicBreak(s, at) && !(continues && this.leaf === 'paragraph' && isSetextUnderline(s, at)))) {
        this.leaf = 'none';
        return plain;
      }
      if (continues && this.leaf === 'paragraph') {
        if (isSetextUnderline(s, at)) {
          this.leaf = 'none';
          return plain;
        }
        const columns = delimiterColumns(s.slice(at));
        if (columns !== undefined && this.paragraphLine.includes('|') && cellCount(this.paragraphLine) === columns) {
          this.leaf = 'table';
          return plain;
        }
      }
      if (continues && this.leaf === 'table') return plain;
      this.leaf = 'paragraph';
      return this.paragraph(s, at);
    }
  }

  private paragraph(s: string, at: number): LineResult {
    this.leaf = 'paragraph';
    this.paragraphLine = s.slice(at);
    return { kind: 'text', inFence: false, backtickOpener: false };
  }
}
