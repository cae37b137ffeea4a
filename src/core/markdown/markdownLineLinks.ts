// One line of Markdown text (not code) rewritten by the chat's link rule (src/shared/linkPolicy.ts) for VS Code's own
// chat, whose renderer (marked) is not ours: an image becomes a link to it, a link the rule refuses becomes its text, a
// link it opens points at the cleaned address and shows its destination when its text does not. Whatever the rewriter
// does not read as a link is made unable to become one with a backslash escape, which the renderer shows as the plain
// character: a `](` it did not take apart, a backtick run that does not close on the line (a code span reaching into
// the next line could hide a link), the `<` of raw HTML, the `[` that could open a reference definition, the `://` or
// `www.` of a bare address the rule refuses (marked links bare `ftp://`, and `https://user@host`). Links are read on
// one line; one spread over several lines is shown as text.
import { labelShowsDestination, linkDestination, openableHref, openableLink } from '../../shared/linkPolicy';
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
    else if ('-+*'.includes(c) && c !== '' && (src[i + 1] === ' ' || src[i + 1] === '\t')) i += 2;
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
  while (end < r.end && !/[\s<]/.test(src[end] ?? '') && end - start <= 4_200) end++;
  const token = src.slice(start, end);
  const href = src[at] === '.' ? `http://${token}` : token;
  if (/^ftp:/i.test(token)) return true;
  const authority = /^[^/]*\/\/([^/?#]*)/.exec(href)?.[1] ?? '';
  if (authority.includes('@')) return true;
  if (end === r.end && !r.complete && end - start <= 4_200) return undecided;
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
    const { src } = region;
    let out = '';
    let i = from;
    const stop = (): LineScan => ({ out, next: i });
    while (i < to) {
      const c = src[i] ?? '';
      if (c === '\\') {
        if (i + 1 >= to) {
          if (!region.complete) return stop();
          out += c;
          i++;
        } else if (/[!-/:-@[-`{-~]/.test(src[i + 1] ?? '')) {
          out += src.slice(i, i + 2);
          i += 2;
        } else {
          out += c;
          i++;
        }
      } else if (c === '`') {
        const spanEnd = codeSpanEnd(region, i, true);
        if (spanEnd === undecided) return stop();
        if (spanEnd === undefined) {
          const length = runLength(src, i, '`');
          out += '\\`'.repeat(length);
          i += length;
        } else {
          out += src.slice(i, spanEnd);
          i = spanEnd;
        }
      } else if (c === '[' || (c === '!' && src[i + 1] === '[')) {
        const image = c === '!';
        const link = linkAt(region, image ? i + 1 : i, this.nextClose(image ? i + 1 : i, region.end));
        if (link === undecided) return stop();
        if (typeof link === 'object' && (image || !holdsLink(region, link))) {
          const written = this.link(link, image, mode);
          if (written === undefined) return stop();
          out += written;
          i = link.end;
        } else {
          out += image ? '!' : link === 'overflow' || mayOpenDefinition(src, i) ? '\\[' : '[';
          i++;
        }
      } else if (c === '!' && i + 1 >= to && !region.complete) {
        return stop();
      } else if (c === ']') {
        if (i + 1 >= to && !region.complete) return stop();
        // A link the rewriter did not read as one cannot form here.
        out += src[i + 1] === '(' ? '\\]' : ']';
        i++;
      } else if (c === '<') {
        const autolink = autolinkAt(region, i);
        if (autolink === undecided) return stop();
        if (autolink !== undefined) {
          out += this.autolink(autolink, mode);
          i = autolink.end;
        } else if (i + 1 >= to && !region.complete) {
          return stop();
        } else {
          // Raw HTML is shown as text, as in the chat view.
          out += /[A-Za-z/!?]/.test(src[i + 1] ?? '') ? '\\<' : '<';
          i++;
        }
      } else if (mode === 'text' && (c === ':' || c === '.')) {
        if (c === ':' && i + 2 >= to && !region.complete && /(?:https?|ftp)$/i.test(src.slice(Math.max(0, i - 5), i)) && '//'.startsWith(src.slice(i + 1, to)))
          return stop();
        const start = bareAddressStart(src, i);
        const refused = start === undefined ? false : refusedAddress(region, start, i);
        if (refused === undecided) return stop();
        out += refused ? (c === ':' ? ':\\/' : '\\.') : c;
        i += refused && c === ':' ? 2 : 1;
      } else {
        out += c;
        i++;
      }
    }
    return { out, next: i };
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
