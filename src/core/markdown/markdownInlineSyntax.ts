// The inline syntax the link rewriter reads on one line of Markdown (markdownLineLinks.ts), as CommonMark defines
// it: code spans, autolinks and inline links with their destinations. Each reader returns `undecided` when the part of
// the line still to come may change its answer, so that a streamed line waits instead of guessing.

/** How far past its start a code span, an autolink or a link's destination is looked for; a longer one is text. */
const reach = 6_000;

/** The longest link text read (CommonMark's limit for a reference label); a longer one is shown as text. */
const labelReach = 1_000;

/** Whether the line is a table row (pipes split its cells); undefined while the next line has not said. */
export type TableRow = () => boolean | undefined;

export interface Region {
  /** The line starts at 0 and ends at or after `end` (more text may follow it). */
  readonly src: string;
  readonly end: number;
  /** Nothing more can arrive before `end`. */
  readonly complete: boolean;
  readonly tableRow: TableRow;
}

export const undecided = 'undecided';
export type Undecided = typeof undecided;

export function runLength(src: string, at: number, char: string): number {
  let end = at;
  while (src[end] === char) end++;
  return end - at;
}

/** The end of the code span opening at `at` on this line, or undefined when its backticks are literal. */
export function codeSpanEnd(r: Region, at: number, checkTable: boolean): number | undefined | Undecided {
  const length = runLength(r.src, at, '`');
  if (at + length >= r.end && !r.complete) return undecided;
  const limit = Math.min(r.end, at + length + reach);
  for (let i = at + length; i < limit;) {
    const run = runLength(r.src, i, '`');
    if (run === 0) {
      i++;
      continue;
    }
    if (i + run >= r.end && !r.complete) return undecided;
    if (run === length) {
      // GFM splits a table row at every unescaped pipe, code spans included.
      if (checkTable && /(?<!\\)\|/.test(r.src.slice(at + length, i))) {
        const tableRow = r.tableRow();
        if (tableRow === undefined) return undecided;
        if (tableRow) return undefined;
      }
      return i + run;
    }
    i += run;
  }
  return limit === r.end && !r.complete ? undecided : undefined;
}

export interface Autolink {
  readonly end: number;
  readonly content: string;
  readonly href: string;
}

const uriAutolink = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20]*)>/;
const emailAutolink = /^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/;
const autolinkPrefix = /^<(?:[A-Za-z][A-Za-z0-9+.-]*(?::[^<>\x00-\x20]*)?|[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+(?:@[a-zA-Z0-9.-]*)?)$/;

export function autolinkAt(r: Region, at: number): Autolink | undefined | Undecided {
  const rest = r.src.slice(at, Math.min(r.end, at + reach));
  const uri = uriAutolink.exec(rest);
  if (uri?.[1] !== undefined) return { end: at + uri[0].length, content: uri[1], href: uri[1] };
  const email = emailAutolink.exec(rest);
  if (email?.[1] !== undefined) return { end: at + email[0].length, content: email[1], href: `mailto:${email[1]}` };
  return !r.complete && at + rest.length === r.end && autolinkPrefix.test(rest) ? undecided : undefined;
}

export interface LinkSyntax {
  /** Where its text begins (after `[`) and ends (at `]`). */
  readonly labelStart: number;
  readonly labelEnd: number;
  readonly destination: string;
  /** Just past its closing parenthesis. */
  readonly end: number;
}

/** Backslash escapes and character references of a link destination, resolved as CommonMark does. */
function destinationText(raw: string): string {
  return raw
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      if (name !== undefined) return named[name] ?? whole;
      const code = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    });
}

function skipSpaces(src: string, at: number): number {
  let i = at;
  while (src[i] === ' ' || src[i] === '\t') i++;
  return i;
}

/**
 * The inline link (or image, from its `[`) at `at`; undefined when there is none, 'overflow' when it is too long.
 * `nextClose` is where the next `]` lies (-1: nowhere on the line), so that a run of `[` is not read again and again.
 */
export function linkAt(r: Region, at: number, nextClose: number): LinkSyntax | undefined | Undecided | 'overflow' {
  const { src, end } = r;
  const more = (): undefined | Undecided => (r.complete ? undefined : undecided);
  if (nextClose === -1 || nextClose - at > labelReach) return end - at > labelReach ? 'overflow' : more();
  let depth = 1;
  let k = at + 1;
  for (;;) {
    if (k - at > labelReach) return 'overflow';
    if (k >= end) return more();
    const c = src[k];
    if (c === '\\') {
      if (k + 1 >= end) return more();
      k += 2;
    } else if (c === '`') {
      const spanEnd = codeSpanEnd(r, k, false);
      if (spanEnd === undecided) return undecided;
      k = spanEnd ?? k + runLength(src, k, '`');
    } else if (c === '<') {
      const autolink = autolinkAt(r, k);
      if (autolink === undecided) return undecided;
      k = autolink?.end ?? k + 1;
    } else if (c === '[') {
      depth++;
      k++;
    } else if (c === ']') {
      depth--;
      if (depth === 0) break;
      k++;
    } else k++;
  }
  const labelEnd = k;
  let p = labelEnd + 1;
  if (p >= end) return more();
  if (src[p] !== '(') return undefined;
  p = skipSpaces(src, p + 1);
  if (p >= end) return more();
  let destination = '';
  if (src[p] === '<') {
    const start = p + 1;
    for (p = start; src[p] !== '>'; p++) {
      if (p >= end) return more();
      if (src[p] === '<') return undefined;
      if (src[p] === '\\') p++;
    }
    destination = src.slice(start, p);
    p++;
  } else {
    const start = p;
    let parens = 0;
    for (; p < end; p++) {
      const c = src[p] ?? '';
      if (c === '\\') p++;
      else if (c === '(') parens++;
      else if (c === ')') {
        if (parens === 0) break;
        parens--;
      } else if (c <= ' ') break;
    }
    if (p >= end) return more();
    destination = src.slice(start, p);
  }
  if (p - at > reach) return 'overflow';
  p = skipSpaces(src, p);
  if (p >= end) return more();
  const open = src[p];
  if (open === '"' || open === "'" || open === '(') {
    const close = open === '(' ? ')' : open;
    for (p++; src[p] !== close; p++) {
      if (p >= end) return more();
      if (src[p] === '\\') p++;
    }
    p = skipSpaces(src, p + 1);
    if (p >= end) return more();
  }
  if (src[p] !== ')') return undefined;
  return { labelStart: at + 1, labelEnd, destination: destinationText(destination), end: p + 1 };
}

/** Whether the text of a link holds another link (CommonMark: links do not nest, so the outer one is not a link). */
export function holdsLink(r: Region, link: LinkSyntax): boolean {
  for (let i = link.labelStart; i < link.labelEnd; i++) {
    if (r.src[i] === '\\') i++;
    else if (r.src[i] === '[' && r.src[i - 1] !== '!') {
      const inner = linkAt({ ...r, complete: true }, i, r.src.indexOf(']', i));
      if (typeof inner === 'object') return true;
    }
  }
  return false;
}
