// One line of Markdown text (not code) rewritten by the chat's link rule (src/shared/linkPolicy.ts) for VS Code's own
// chat, whose renderer (marked) is not ours: an image becomes a link to it, a link the rule refuses becomes its text, a
// link it opens points at the cleaned address and shows its destination when its text does not. Whatever the rewriter
// does not read as a link is made unable to become one with a backslash escape, which the renderer shows as the plain
// character: a `](` it did not take apart, a backtick run that does not close on the line (a code span reaching into
// the next line could hide a link), the `<` of raw HTML, the `[` that could open a reference definition, the `://` or
// `www.` of a bare address the rule refuses (marked links bare `ftp://`, and `https://user@host`). Links are read on
// one line; one spread over several lines is shown as text.
import { labelShowsDestination, linkDestination, maxLinkLength, openableHref, openableLink } from '../../shared/linkPolicy';
import {
  autolinkAt,
  type Autolink,
  codeSpanEnd,
  holdsLink,
  linkAt,
  type LinkSyntax,
  type Region,
  runLength,
  type TableRow,
  type Undecided,
  undecided,
} from './markdownInlineSyntax';

/** What is final of a line: its rewritten text up to `next`; the rest waits for more of the line. */
export interface LineScan {
  readonly out: string;
  readonly next: number;
}

type Mode = 'text' | 'label';

const punctuation = /[!-/:-@[-`{-~]/g;

/** Text shown as it is written: every ASCII punctuation character escaped (no Markdown, no bare address). */
function literal(text: string): string {
  return text.replace(punctuation, '\\$&');
}

/** A destination shown inside a link's text (no address is linked there): only Markdown's own marks escaped. */
function noteText(text: string): string {
  return text.replace(/[\\`*_[\]()<>!&|~#]/g, '\\$&');
}

/** The text a label shows, roughly: its source without Markdown's marks, for comparing with the destination. */
function labelPlainText(label: string): string {
  return label.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/[`*_~]/g, '');
}

/** ` (destination)` when the label does not show where the link goes. */
function destinationNote(label: string, url: URL): string {
  return labelShowsDestination(labelPlainText(label), url) ? '' : ` (${noteText(linkDestination(url))})`;
}

/** A destination written between `<` and `>`: escapes keep the renderer from reading entities or the brackets. */
function pointyDestination(href: string): string {
  return `<${href.replace(/[\\<>&]/g, '\\$&')}>`;
}

/** Where a line's content starts: after its spaces and the marks of quotes and list items. */
function contentStart(src: string): number {
  let i = 0;
  for (;;) {
    const c = src[i] ?? '';
    if (c === ' ' || c === '\t' || c === '>') i++;
    else if ((c === '-' || c === '+' || c === '*') && (src[i + 1] === ' ' || src[i + 1] === '\t')) i += 2;
    else {
      const ordered = /^\d{1,9}[.)][ \t]/.exec(src.slice(i, i + 12));
      if (ordered === null) return i;
      i += ordered[0].length;
    }
  }
}

/** `[` that may open a reference definition: only container marks and spaces before it on the line. */
function mayOpenDefinition(src: string, at: number): boolean {
  return at === contentStart(src) && !/^\[[ xX]\][ \t]/.test(src.slice(at, at + 4));
}

/** Where a bare web address marked would link starts, given the `:` of its `://` or the `.` of `www.` at `at`. */
function bareAddressStart(src: string, at: number): number | undefined {
  if (src[at] === ':' && src.startsWith('//', at + 1)) {
    const scheme = /(?:https?|ftp)$/i.exec(src.slice(Math.max(0, at - 5), at));
    return scheme === null ? undefined : at - scheme[0].length;
  }
  if (src[at] === '.' && /www$/i.test(src.slice(Math.max(0, at - 3), at))) return at - 3;
  return undefined;
}

/** Whether the bare address from `start` is one the link rule refuses (decided at `at`, its `:` or `.`). */
function refusedAddress(r: Region, start: number, at: number): boolean | Undecided {
  const { src } = r;
  let end = at;
  // Past the longest link the rule opens, the address is refused whatever follows.
  while (end < r.end && !/[\s<]/.test(src[end] ?? '') && end - start <= maxLinkLength) end++;
  const token = src.slice(start, end);
  const href = src[at] === '.' ? `http://${token}` : token;
  if (/^ftp:/i.test(token)) return true;
  const authority = /^[^/]*\/\/([^/?#]*)/.exec(href)?.[1] ?? '';
  if (authority.includes('@')) return true;
  if (end === r.end && !r.complete && end - start <= maxLinkLength) return undecided;
  return openableLink(href) === undefined;
}

class LineRewriter {
  /** The next `]` of the line at or after `closeFrom` (-1: none before the end of the line so far). */
  private close = -1;
  private closeFrom = Number.POSITIVE_INFINITY;

  constructor(private readonly r: Region) {}

  private nextClose(at: number, end: number): number {
    if (at < this.closeFrom || (this.close !== -1 && this.close < at)) {
      const found = this.r.src.indexOf(']', at);
      this.close = found === -1 || found >= this.r.end ? -1 : found;
      this.closeFrom = at;
    }
    return this.close >= end ? -1 : this.close;
  }

  /** The rewritten text of [from, to), in the given mode; stops early (next < to) where it must wait. */
  scan(from: number, to: number, mode: Mode): LineScan {
    const region: Region = to === this.r.end ? this.r : { ...this.r, end: to, complete: true };
    let out = '';
    let i = from;
    while (i < to) {
      const step = this.step(region, i, mode);
      if (step === undecided) break;
      out += step.out;
      i = step.next;
    }
    return { out, next: i };
  }

  /** What the character at `at` (and the construct it opens) becomes; `undecided` while the line must go on. */
  private step(r: Region, at: number, mode: Mode): LineScan | Undecided {
    const { src, end } = r;
    const c = src[at] ?? '';
    const last = at + 1 >= end;
    if (c === '\\') {
      if (last) return r.complete ? { out: c, next: at + 1 } : undecided;
      return /[!-/:-@[-`{-~]/.test(src[at + 1] ?? '') ? { out: src.slice(at, at + 2), next: at + 2 } : { out: c, next: at + 1 };
    }
    if (c === '`') return this.backticks(r, at);
    if (c === '[' || (c === '!' && src[at + 1] === '[')) return this.bracket(r, at, mode);
    if ((c === '!' || c === ']' || c === '<') && last && !r.complete) return undecided;
    // A link the rewriter did not read as one cannot form here.
    if (c === ']') return { out: src[at + 1] === '(' ? '\\]' : ']', next: at + 1 };
    if (c === '<') return this.angle(r, at, mode);
    if (mode === 'text' && (c === ':' || c === '.')) return this.addressMark(r, at);
    if (c === '!') return { out: this.bang(r, at), next: at + 1 };
    return { out: c, next: at + 1 };
  }

  /**
   * A `!` written as text, escaped where what is written next may begin with `[` and so make an image of it again: before
   * `[` or `!` (an image written as a link), and at the end of a link's text (whatever follows the link comes next).
   */
  private bang(r: Region, at: number): string {
    const next = r.src[at + 1];
    return next === '[' || next === '!' || (at + 1 >= r.end && r.end < this.r.end) ? '\\!' : '!';
  }

  /** A code span, kept as written; backticks that close nothing on the line, escaped. */
  private backticks(r: Region, at: number): LineScan | Undecided {
    const spanEnd = codeSpanEnd(r, at, true);
    if (spanEnd === undecided) return undecided;
    if (spanEnd !== undefined) return { out: r.src.slice(at, spanEnd), next: spanEnd };
    const length = runLength(r.src, at, '`');
    return { out: '\\`'.repeat(length), next: at + length };
  }

  /** A link or image from its `[` or `!`; a `[` that opens none is kept (escaped where it could open a definition). */
  private bracket(r: Region, at: number, mode: Mode): LineScan | Undecided {
    const image = r.src[at] === '!';
    const open = image ? at + 1 : at;
    const link = linkAt(r, open, this.nextClose(open, r.end));
    if (link === undecided) return undecided;
    if (typeof link === 'object' && (image || !holdsLink(r, link))) {
      const written = this.link(link, image, mode);
      return written === undefined ? undecided : { out: written, next: link.end };
    }
    if (image) return { out: this.bang(r, at), next: at + 1 };
    return { out: link === 'overflow' || mayOpenDefinition(r.src, at) ? '\\[' : '[', next: at + 1 };
  }

  /** An autolink by the rule; the `<` of raw HTML escaped, so that it shows as text, as in the chat view. */
  private angle(r: Region, at: number, mode: Mode): LineScan | Undecided {
    const autolink = autolinkAt(r, at);
    if (autolink === undecided) return undecided;
    if (autolink !== undefined) return { out: this.autolink(autolink, mode), next: autolink.end };
    return { out: /[A-Za-z/!?]/.test(r.src[at + 1] ?? '') ? '\\<' : '<', next: at + 1 };
  }

  /** The `:` of `://` or the `.` of `www.`: a bare address the rule refuses is broken there, so nothing links it. */
  private addressMark(r: Region, at: number): LineScan | Undecided {
    const { src } = r;
    const c = src[at];
    if (c === ':' && at + 2 >= r.end && !r.complete && /(?:https?|ftp)$/i.test(src.slice(Math.max(0, at - 5), at)) && '//'.startsWith(src.slice(at + 1, r.end)))
      return undecided;
    const start = bareAddressStart(src, at);
    const refused = start === undefined ? false : refusedAddress(r, start, at);
    if (refused === undecided) return undecided;
    if (!refused) return { out: c ?? '', next: at + 1 };
    return c === ':' ? { out: ':\\/', next: at + 2 } : { out: '\\.', next: at + 1 };
  }

  /** A link or image the rule opens, as a link with its destination noted; a refused one as its text. */
  private link(link: LinkSyntax, image: boolean, mode: Mode): string | undefined {
    const url = openableLink(link.destination);
    const labelMode: Mode = url === undefined && mode === 'text' ? 'text' : 'label';
    const label = this.scan(link.labelStart, link.labelEnd, labelMode);
    if (label.next < link.labelEnd) return undefined;
    const source = this.r.src.slice(link.labelStart, link.labelEnd);
    if (url === undefined) return image && source.trim() === '' ? literal(link.destination) : label.out;
    // Inside a link's text an image or a link would break the outer link: its text stands for it.
    if (mode === 'label') return label.out;
    // The address as the URL parser writes it (the host encoded), a mailto cleaned.
    if (image && source.trim() === '') return `<${url.href}>`;
    return `[${label.out}${destinationNote(source, url)}](${pointyDestination(url.href)})`;
  }

  private autolink(autolink: Autolink, mode: Mode): string {
    const href = openableHref(autolink.href);
    if (href === undefined || mode === 'label') return literal(autolink.content);
    return href === autolink.href ? `<${autolink.content}>` : `<${href}>`;
  }
}

/**
 * Rewrites the line of Markdown text that starts `src` and ends at `end`, from `from`. `complete` says the line has
 * ended; otherwise the scan stops before a link, code span, autolink or address the rest of the line may still change.
 * `tableRow` says whether the line is a table row (undefined while not known: a code span holding a pipe then waits).
 */
export function rewriteLineLinks(src: string, from: number, end: number, complete: boolean, tableRow: TableRow): LineScan {
  return new LineRewriter({ src, end, complete, tableRow }).scan(from, end, 'text');
}
