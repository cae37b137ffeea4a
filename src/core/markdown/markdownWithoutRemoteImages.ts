// Markdown that loads nothing when it is shown: for the documents the extension opens in VS Code's Markdown preview
// (the Test Connection report, an exported conversation), which carry service text and model output. The preview
// fetches an image's address as soon as it renders (`![…](https://…)` or raw `<img>`), which tells a server that
// and when the document was opened, and whatever the address encodes. So every image becomes a link when the link
// rule of the chat (src/shared/linkPolicy.ts) would open its address, and its text otherwise, and raw HTML becomes
// text (`<` written `&lt;`, which the preview shows as `<`); autolinks stay links, and code (fenced, indented and
// inline) is left as written.
//
// Code is found with markdown-it, the parser of VS Code's preview, and the result is parsed again: should any image
// or HTML remain (Markdown's containers can place code where a simpler reading would not), the whole text is
// rewritten once more with code treated as text too, which leaves no `![` and no `<` that starts a tag anywhere.
import { openableLink } from '../../shared/linkPolicy';
import { loadsOf, markdownParser } from './markdownGuard';
import { codeLines } from './markdownGuardStream';

/** The longest alt text and address an image is looked for in; a longer one loses its `!` only. */
const MAX_ALT = 1000;
const MAX_DESTINATION = 4096;

/** `markdown` with its images as links or text and its raw HTML as text; code untouched where it can be told. */
export async function markdownWithoutRemoteImages(markdown: string): Promise<string> {
  const md = await markdownParser('preview');
  // markdown-it's own normalisation, so that its line numbers are this text's.
  const text = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  const code = codeLines(md.parse(text, {}));
  const lines = text.split('\n');
  const out: string[] = [];
  for (let start = 0; start < lines.length;) {
    let end = start + 1;
    while (end < lines.length && code.has(end) === code.has(start)) end += 1;
    const segment = lines.slice(start, end).join('\n');
    out.push(code.has(start) ? segment : rewrite(segment, true));
    start = end;
  }
  const result = out.join('\n');
  const loads = loadsOf(md.parse(result, {}), 'preview');
  return loads.images || loads.html ? rewrite(text, false) : result;
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const AUTOLINK =
  /^<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s\p{Cc}]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/u;

/**
 * One pass over `text`: each `![alt](address)` becomes `[alt](address)` when the link rule opens the address, else
 * `alt` (which is read on, so an image inside it is rewritten too); any other `![` (a reference image, or one cut
 * short) becomes the text `[`; a `!` that what follows could join into `![` again is escaped; each `<` that is not an
 * autolink becomes `&lt;`. Backslash escapes are kept as they
 * are, and with `skipCode` so are code spans.
 */
function rewrite(text: string, skipCode: boolean): string {
  const spans = skipCode ? new CodeSpans(text) : undefined;
  let out = '';
  /** Where the `](address)` of an image being read as a link or text begins, where it ends, and whether it is kept. */
  const tails: { readonly at: number; readonly end: number; readonly keep: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const tail = tails[tails.length - 1];
    if (tail !== undefined && i >= tail.at) {
      // Reached (or, past a code span that held it, passed) the end of an image's alt text.
      if (i === tail.at) {
        if (tail.keep) out += text.slice(tail.at, tail.end);
        i = tail.end;
      }
      tails.pop();
      continue;
    }
    const ch = text[i] ?? '';
    if (ch === '\\' && PUNCTUATION.test(text[i + 1] ?? '')) {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (ch === '`' && spans !== undefined) {
      const end = spans.endOf(i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '!' && text[i + 1] === '[') {
      const image = inlineImage(text, i, tail?.at ?? text.length);
      if (image === undefined) out += '\\[';
      else {
        const link = openableLink(image.destination) !== undefined;
        if (link) out += '[';
        tails.push({ at: image.altEnd, end: image.end, keep: link });
      }
      i += 2;
    } else if (ch === '<') {
      const autolink = AUTOLINK.exec(text.slice(i, i + MAX_DESTINATION))?.[0];
      out += autolink ?? '&lt;';
      i += autolink?.length ?? 1;
    } else if (ch === '!' && (text[i + 1] === '!' || i + 1 === tail?.at)) {
      // What is written next may begin with `[` (an image written as a link, or what follows an image written as its
      // text): escaped, this `!` cannot make an image of it again.
      out += '\\!';
      i += 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/**
 * CommonMark's code spans: a run of backticks opens one that the next run of exactly as many closes, else it is text.
 * Every run is listed once, by length, so finding each closer costs no rescan of the text.
 */
class CodeSpans {
  private readonly runs = new Map<number, { readonly starts: number[]; next: number }>();

  constructor(private readonly text: string) {
    for (let i = text.indexOf('`'); i !== -1; i = text.indexOf('`', i)) {
      let end = i;
      while (text[end] === '`') end += 1;
      const runs = this.runs.get(end - i) ?? { starts: [], next: 0 };
      runs.starts.push(i);
      this.runs.set(end - i, runs);
      i = end;
    }
  }

  /** Where the code span opened by the backticks at `at` ends; the end of those backticks when none closes it. */
  endOf(at: number): number {
    let run = at;
    while (this.text[run] === '`') run += 1;
    const length = run - at;
    const runs = this.runs.get(length);
    if (runs === undefined) return run;
    // The scan moves forward only: closers before this point are used up.
    while (runs.next < runs.starts.length && (runs.starts[runs.next] ?? 0) < run) runs.next += 1;
    const close = runs.starts[runs.next];
    return close === undefined ? run : close + length;
  }
}

/**
 * The inline image starting at `at` (`![alt](destination "title")`), found within `limit`: where its alt text ends
 * (the `]`), where it ends, and its address; undefined for a reference image or anything else.
 */
function inlineImage(text: string, at: number, limit: number): { altEnd: number; end: number; destination: string } | undefined {
  let depth = 0;
  let altEnd = -1;
  for (let i = at + 2; i < Math.min(limit, at + 2 + MAX_ALT); i++) {
    const ch = text[i];
    if (ch === '\\') i += 1;
    else if (ch === '[') depth += 1;
    else if (ch === ']' && depth-- === 0) {
      altEnd = i;
      break;
    }
  }
  if (altEnd === -1 || text[altEnd + 1] !== '(') return undefined;
  let i = altEnd + 2;
  while (i < limit && /\s/.test(text[i] ?? '')) i += 1;
  let destination: string;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close === -1 || close - i > MAX_DESTINATION || /[\n<]/.test(text.slice(i + 1, close))) return undefined;
    destination = text.slice(i + 1, close);
    i = close + 1;
  } else {
    const start = i;
    let parens = 0;
    for (; i < limit && i - start <= MAX_DESTINATION; i++) {
      const ch = text[i] ?? '';
      if (ch === '\\' && PUNCTUATION.test(text[i + 1] ?? '')) i += 1;
      else if (ch === '(') parens += 1;
      else if (ch === ')' && parens-- === 0) break;
      else if (/\s/.test(ch)) break;
    }
    destination = text.slice(start, i);
  }
  // An optional title, then the closing parenthesis.
  const title = /^\s*(?:"[^"]*"|'[^']*'|\([^()]*\))?\s*\)/.exec(text.slice(i, Math.min(limit, i + MAX_DESTINATION)));
  if (title === null) return undefined;
  return { altEnd, end: i + title[0].length, destination };
}
