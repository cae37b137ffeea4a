// The last check of every Markdown the extension hands to VS Code or writes for its Markdown preview: the text is
// parsed, and an image (in the preview, raw HTML too) is repaired before it goes out. A renderer fetches an image's
// address as soon as it shows it, which tells that server that, and when, the text was read, and whatever the address
// encodes; the rewriters (chatMarkdownLinks.ts, markdownWithoutRemoteImages.ts) turn images into links or text, and
// this proves, on what they wrote, that none is left, whatever they missed.
//
// The parser is markdown-it, the preview's own; VS Code's chat renders with marked, whose reading of images is the
// same CommonMark rule: an image needs an unescaped `![`. A repair therefore escapes those (`\![` shows `!` and then
// the link or text that follows), and loses no character of the text: outside code first, and where that is not
// enough, everywhere. Nothing is dropped.
import { escapeImageOpeners } from './markdownEscapes';
import { codeLines, GuardedMarkdownStream } from './markdownGuardStream';

/** Where the Markdown is shown: VS Code's chat (no raw HTML is rendered there), or the Markdown preview (HTML on). */
export type MarkdownSink = 'chat' | 'preview';

async function loadParser(sink: MarkdownSink) {
  const { default: MarkdownIt } = await import('markdown-it');
  return new MarkdownIt(sink === 'chat' ? { html: false, linkify: false } : { html: true, linkify: true });
}

export type MarkdownParser = Awaited<ReturnType<typeof loadParser>>;
export type MarkdownToken = ReturnType<MarkdownParser['parse']>[number];

/** What a text holds that would load something where it is shown. */
export interface Loads {
  readonly images: boolean;
  readonly html: boolean;
}

export interface InertOptions {
  /** Raw HTML the text may hold, as whole lines: the caller's own (the exported conversation's `<details>` lines). */
  readonly ownHtml?: readonly string[];
}

export interface MarkdownGuard {
  /** `markdown` as it is when it loads nothing; otherwise repaired, every character kept. */
  inert(markdown: string, options?: InertOptions): string;
  /** A guard for Markdown handed out piece by piece into one block (the pieces are shown joined). */
  stream(): GuardedMarkdownStream;
}

const parsers = new Map<MarkdownSink, Promise<MarkdownParser>>();

/** The parser that reads Markdown as `sink` renders it, loaded on first use and shared. */
export function markdownParser(sink: MarkdownSink): Promise<MarkdownParser> {
  let parser = parsers.get(sink);
  if (parser === undefined) parsers.set(sink, (parser = loadParser(sink)));
  return parser;
}

/** The guard for `sink`, its parser loaded on first use. */
export async function markdownGuard(sink: MarkdownSink): Promise<MarkdownGuard> {
  const md = await markdownParser(sink);
  const read = (markdown: string, ownHtml: ReadonlySet<string>): { tokens: MarkdownToken[]; loads: Loads } => {
    const tokens = md.parse(markdown, {});
    return { tokens, loads: loadsOf(tokens, sink, ownHtml) };
  };
  return {
    inert: (markdown, options = {}) => {
      const own = ownLines(options);
      const { tokens, loads } = read(markdown, own);
      if (!loads.images && !loads.html) return markdown;
      const code = codeLines(tokens);
      const outsideCode = repair(markdown, loads, own, (line) => !code.has(line));
      const again = read(outsideCode, own).loads;
      return again.images || again.html ? repair(markdown, loads, own, () => true) : outsideCode;
    },
    stream: () => new GuardedMarkdownStream(md),
  };
}

function ownLines(options: InertOptions): ReadonlySet<string> {
  return new Set((options.ownHtml ?? []).map((line) => line.trim()));
}

/** What parsed Markdown would load where `sink` shows it: an image, or (in the preview) raw HTML but `ownHtml`'s lines. */
export function loadsOf(tokens: readonly MarkdownToken[], sink: MarkdownSink, ownHtml: ReadonlySet<string> = new Set()): Loads {
  let images = false;
  let html = false;
  const walk = (list: readonly MarkdownToken[]): void => {
    for (const token of list) {
      if (token.type === 'image') images = true;
      else if (sink === 'preview' && token.type.startsWith('html_') && !ownHtml.has(token.content.trim())) html = true;
      if (token.children !== null) walk(token.children);
    }
  };
  walk(tokens);
  return { images, html };
}

/**
 * The lines `where` picks, but the caller's own HTML, with each `![` escaped (when images were found) and each `<` that
 * opens a tag written `&lt;` (when raw HTML was).
 */
function repair(markdown: string, loads: Loads, ownHtml: ReadonlySet<string>, where: (line: number) => boolean): string {
  return markdown
    .split('\n')
    .map((line, index) => {
      if (!where(index) || ownHtml.has(line.trim())) return line;
      const images = loads.images ? escapeImageOpeners(line) : line;
      return loads.html ? images.replace(/<(?=[A-Za-z/!?])/g, '&lt;') : images;
    })
    .join('\n');
}
