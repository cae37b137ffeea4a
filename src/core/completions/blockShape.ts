// A multi-line completion, asked for on an empty line after the line that opens a block: its lines indented the way
// the document indents that block, and cut where the block ends. Models indent their answer as the whole file (the
// first line too, or all but the first), or relative to the block, with their own tabs or spaces; and they often go
// on past the block's end into code that does not belong to it.
import { columnsOf, leadingWhitespace, whitespaceFor, type Indentation } from './indentation';

export interface BlockContext {
  /** The code before the cursor; its last line is the cursor's (blank) line. */
  readonly prefix: string;
  /** The code after the cursor. */
  readonly suffix: string;
  readonly indentation: Indentation;
}

export interface ShapedBlock {
  readonly text: string;
  /** Whether the answer has reached the block's end (what follows in it can no longer change the result). */
  readonly ended: boolean;
}

/** A line that closes a block rather than starting a statement: `}`, `)`, `]`, `end`, `fi`, `done`, `esac`, `</tag>`. */
export function isCloserLine(line: string): boolean {
  return /^(?:[}\])]|end\b|fi\b|done\b|esac\b|<\/)/.test(line.trim());
}

interface Line {
  readonly columns: number;
  readonly code: string;
}

export function shapeBlock(answer: string, context: BlockContext): ShapedBlock {
  const { tabSize } = context.indentation;
  const raw = answer.split('\n');
  while (raw.length > 1 && (raw[0] ?? '').trim() === '') raw.shift();
  // A first line that closes the block says the block is empty: there is nothing to insert in it.
  if (isCloserLine(raw[0] ?? '')) return { text: '', ended: raw.length > 1 };
  const lines: Line[] = raw.map((line) => ({ columns: columnsOf(leadingWhitespace(line), tabSize), code: line.trimStart() }));
  const prefixLines = context.prefix.split('\n');
  const current = prefixLines[prefixLines.length - 1] ?? '';
  const cursorColumns = columnsOf(leadingWhitespace(current), tabSize);
  const opener = [...prefixLines.slice(0, -1)].reverse().find((line) => line.trim() !== '') ?? '';
  const openerColumns = columnsOf(leadingWhitespace(opener), tabSize);
  const bodyColumns = cursorColumns > openerColumns ? cursorColumns : openerColumns + tabSize;

  const shifted = shift(lines, raw[0] ?? '', bodyColumns);
  const closedAfter = suffixClosesBlock(context.suffix, bodyColumns, tabSize);
  let end = shifted.length;
  let ended = false;
  for (let i = 1; i < shifted.length; i++) {
    const line = shifted[i];
    if (line === undefined || line.code.trim() === '' || line.columns >= bodyColumns) continue;
    if (isCloserLine(line.code) && !closedAfter) {
      end = i + 1;
      ended = i < shifted.length - 1;
    } else {
      end = i;
      ended = true;
    }
    break;
  }
  const kept = shifted.slice(0, end);
  const firstIndent = current.trim() === '' ? indentAfterCursor(bodyColumns, current, context.indentation) : '';
  const text = kept
    .map((line, i) => (line.code.trim() === '' ? '' : `${i === 0 ? firstIndent : whitespaceFor(line.columns, context.indentation)}${line.code.trimEnd()}`))
    .join('\n')
    .replace(/\n+$/, '');
  return { text, ended };
}

/**
 * The lines at the document's columns. The first line lands at the block's body. When it came indented, the answer
 * is indented as the whole file and every line moves with it; when it came without indentation, the lines after it
 * are the file's own, unless the next line sits left of the body without closing anything and right after the first
 * line: then the answer was indented relative to the block.
 */
function shift(lines: readonly Line[], first: string, bodyColumns: number): Line[] {
  if (lines.length === 0) return [];
  const firstIndented = leadingWhitespace(first) !== '';
  const next = lines.findIndex((line, i) => i > 0 && line.code.trim() !== '');
  const nextLine = lines[next];
  const relative = !firstIndented && nextLine !== undefined && next === 1 && nextLine.columns < bodyColumns && !isCloserLine(nextLine.code);
  const delta = firstIndented ? bodyColumns - (lines[0]?.columns ?? 0) : relative ? bodyColumns : 0;
  return lines.map((line, i) => ({ columns: i === 0 ? bodyColumns : Math.max(0, line.columns + delta), code: line.code }));
}

/** Whether the document already closes the block: the first non-blank line after the cursor's is its closer. */
function suffixClosesBlock(suffix: string, bodyColumns: number, tabSize: number): boolean {
  const next = suffix
    .split('\n')
    .slice(1)
    .find((line) => line.trim() !== '');
  return next !== undefined && columnsOf(leadingWhitespace(next), tabSize) < bodyColumns && isCloserLine(next);
}

/** What the first line needs before it, given the whitespace already on the cursor's line. */
function indentAfterCursor(bodyColumns: number, current: string, indentation: Indentation): string {
  const wanted = whitespaceFor(bodyColumns, indentation);
  if (wanted.startsWith(current)) return wanted.slice(current.length);
  return whitespaceFor(Math.max(0, bodyColumns - columnsOf(current, indentation.tabSize)), { ...indentation, insertSpaces: true });
}
