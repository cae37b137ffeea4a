// The parser the image guard and the preview's rewriter read Markdown with (markdownGuard.ts, markdownGuardStream.ts,
// markdownWithoutRemoteImages.ts): markdown-it, the Markdown preview's own, loaded on first use and configured for
// where the Markdown is shown.

/** Where the Markdown is shown: VS Code's chat (no raw HTML is rendered there), or the Markdown preview (HTML on). */
export type MarkdownSink = 'chat' | 'preview';

async function loadParser(sink: MarkdownSink) {
  const { default: MarkdownIt } = await import('markdown-it');
  return new MarkdownIt(sink === 'chat' ? { html: false, linkify: false } : { html: true, linkify: true });
}

export type MarkdownParser = Awaited<ReturnType<typeof loadParser>>;
export type MarkdownToken = ReturnType<MarkdownParser['parse']>[number];

const parsers = new Map<MarkdownSink, Promise<MarkdownParser>>();

/** The parser for `sink`, loaded once. */
export function markdownParser(sink: MarkdownSink): Promise<MarkdownParser> {
  let parser = parsers.get(sink);
  if (parser === undefined) parsers.set(sink, (parser = loadParser(sink)));
  return parser;
}
