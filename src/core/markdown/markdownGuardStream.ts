// The image guard (markdownGuard.ts) for Markdown handed out in pieces that the renderer shows joined: an answer
// streamed into VS Code's chat. What was handed out cannot be taken back, so each piece is checked with what came
// before it and repaired in itself: its `![` escaped, else every mark that could close a link or open a reference
// definition, else it is also set in a paragraph of its own (which nothing before it can reach into).
//
// Only the last top-level block can still change with what follows (a finished block stays as it is, but for a
// reference definition, which applies to the whole text), so that block alone is parsed, and only while it holds
// something an image could be made of: an unescaped `![`, or a `]:` that may end a definition. The rest of a long
// answer costs a scan of each piece.
import { escapedAt, escapeImageOpeners, escapeLinkMarks } from './markdownEscapes';
import type { MarkdownParser, MarkdownToken } from './markdownParser';

interface Env {
  references?: Record<string, unknown>;
}

/** The lines of fenced and indented code blocks (markdown-it's line numbers, from 0). */
export function codeLines(tokens: readonly MarkdownToken[]): Set<number> {
  const lines = new Set<number>();
  for (const token of tokens) {
    if ((token.type !== 'fence' && token.type !== 'code_block') || token.map === null) continue;
    for (let line = token.map[0]; line < token.map[1]; line++) lines.add(line);
  }
  return lines;
}

function hasImage(tokens: readonly MarkdownToken[]): boolean {
  return tokens.some((token) => token.type === 'image' || (token.children !== null && hasImage(token.children)));
}

/** Whether `text` from `from` on holds an unescaped `![`, or a `]:` (searched, not read pair by pair: it runs on every piece). */
function risky(text: string, from: number): boolean {
  if (text.indexOf(']:', from) !== -1) return true;
  for (let at = text.indexOf('![', from); at !== -1; at = text.indexOf('![', at + 1)) if (!escapedAt(text, at)) return true;
  return false;
}

/**
 * The last character of `text` and, when an odd run of backslashes stands before it, one backslash: enough for `risky`
 * to read what follows as it would read it after the whole text.
 */
function tailOf(text: string): string {
  const last = text.length - 1;
  return last < 0 ? '' : `${escapedAt(text, last) ? '\\' : ''}${text[last]}`;
}

/** Where line `line` (from 0) of `text` begins. */
function lineOffset(text: string, line: number): number {
  let at = 0;
  for (let n = 0; n < line && at !== -1; n++) at = text.indexOf('\n', at) + 1 || -1;
  return at === -1 ? text.length : at;
}

interface Checked {
  readonly out: string;
  readonly tokens: MarkdownToken[];
  readonly env: Env;
}

export class GuardedMarkdownStream {
  /** Everything handed out so far. */
  private sent = '';
  /** The end of `sent` as `tailOf` keeps it (`sent` is not read while nothing is risky: reading it would copy it whole). */
  private tail = '';
  /** Where the last top-level block begins in `sent`: the text before it can no longer change. */
  private openAt = 0;
  /** The open text holds what an image could be made of: it is parsed with each piece. */
  private risky = false;
  /** The reference definitions of the text handed out. */
  private references: Record<string, unknown> = {};

  constructor(private readonly md: MarkdownParser) {}

  /** The piece as it may be handed out after everything before it: itself, or repaired. */
  push(piece: string): string {
    if (piece === '') return '';
    // A `![` or `]:` the piece completes begins at the open text's last character at the earliest, and whether that `!`
    // is escaped depends on the backslashes before it.
    const from = this.openAt < this.sent.length ? this.tail : '';
    this.risky ||= risky(from + piece, Math.max(0, from.length - 1));
    if (!this.risky) {
      this.sent += piece;
      this.tail = tailOf(this.tail + piece);
      return piece;
    }
    const open = this.sent.slice(this.openAt);
    const checked = this.safe(open, piece);
    this.sent += checked.out;
    this.tail = tailOf(this.tail + checked.out);
    this.advance(open + checked.out, checked);
    return checked.out;
  }

  private safe(open: string, piece: string): Checked {
    const first = this.check(open, piece);
    if (first.image === false) return first;
    const code = codeLines(first.tokens);
    const text = open + piece;
    const lineAt: number[] = [];
    for (let at = 0, line = 0; at < text.length; at++) {
      lineAt.push(line);
      if (text[at] === '\n') line++;
    }
    const inPiece = (escape: (text: string, where: (at: number) => boolean) => string): string =>
      escape(text, (at) => at >= open.length && !code.has(lineAt[at] ?? -1)).slice(open.length);
    for (const repaired of [inPiece((text, where) => escapeImageOpeners(text, where)), inPiece((text, where) => escapeLinkMarks(text, where))]) {
      const checked = this.check(open, repaired);
      if (checked.image === false) return checked;
    }
    // A paragraph break: nothing handed out before can reach into the piece, and it holds no mark of a link of its own.
    const alone = `\n\n${escapeLinkMarks(piece)}`;
    return { ...this.check(open, alone), out: alone };
  }

  private check(open: string, piece: string): Checked & { image: boolean } {
    const env: Env = { references: { ...this.references } };
    const tokens = this.md.parse(open + piece, env);
    // A definition applies to the whole text: a new one may make an image of text handed out blocks ago.
    const added = Object.keys(env.references ?? {}).some((key) => !(key in this.references));
    const image = hasImage(tokens) || (added && hasImage(this.md.parse(this.sent + piece, {})));
    return { out: piece, tokens, env, image };
  }

  private advance(text: string, { tokens, env }: Checked): void {
    const last = tokens.filter((token) => token.level === 0 && token.map !== null).pop();
    if (last?.map != null) this.openAt += lineOffset(text, last.map[0]);
    this.references = env.references ?? {};
    this.risky = risky(this.sent.slice(this.openAt), 0);
  }
}
