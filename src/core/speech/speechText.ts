// What is worth reading aloud in a Markdown text: its words. Fenced and indented code, HTML, image addresses,
// link targets, citation marks and the Markdown syntax itself are dropped; inline code is read as written, so
// that "select a few lines of `example.ts` and…" stays a whole sentence. markdown-it does the parsing (a
// hand-written regex pass would trip over nested emphasis, tables and fences); it is loaded on the first text
// read aloud, not when the extension starts. Any other text file is read as it is written (plainSpeechText):
// parsed as Markdown, its indented lines would vanish as "code".
import { removeCitationMarks } from '../knowledge/citationMarks';

/** markdown-it, loaded on the first text read aloud (one parser for every later one). */
async function loadParser() {
  const { default: MarkdownIt } = await import('markdown-it');
  return new MarkdownIt({ html: true, linkify: false });
}

let parser: ReturnType<typeof loadParser> | undefined;

type Token = ReturnType<Awaited<ReturnType<typeof loadParser>>['parse']>[number];

const BLOCK_ENDS = new Set(['paragraph_close', 'heading_close', 'list_item_close', 'th_close', 'td_close', 'tr_close', 'blockquote_close']);

function inlineText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        text += child.content;
        break;
      case 'softbreak':
        text += ' ';
        break;
      case 'hardbreak':
        text += '\n';
        break;
      default:
        // image, html_inline and the open/close markers of emphasis and links carry no words.
        break;
    }
  }
  return text;
}

export async function speechText(source: string): Promise<string> {
  parser ??= loadParser();
  const markdown = await parser;
  const lines: string[] = [];
  let current = '';
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') current += inlineText(token.children ?? []);
    else if (BLOCK_ENDS.has(token.type)) {
      if (token.type === 'th_close' || token.type === 'td_close') current += '，';
      else {
        if (current.trim() !== '') lines.push(current.trim());
        current = '';
      }
    }
  }
  if (current.trim() !== '') lines.push(current.trim());
  return lines
    .map((line) =>
      removeCitationMarks(line)
        .replace(/[ \t]+/g, ' ')
        // A mark removed before a full stop leaves a blank before it ("of n values ."): none is read there.
        .replace(/ +([.,!?;:。，！？；：])/g, '$1')
        .replace(/[，,]\s*$/, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}

/** Languages whose documents are read through the Markdown cleaning of speechText. */
const MARKDOWN_LANGUAGES = new Set(['markdown', 'mdx']);

/** The text to read for a document of this VS Code language id. */
export async function documentSpeechText(source: string, languageId: string): Promise<string> {
  return MARKDOWN_LANGUAGES.has(languageId) ? speechText(source) : plainSpeechText(source);
}

/** A plain text read as written: each line's runs of blanks become one space, blank lines are dropped. */
export function plainSpeechText(source: string): string {
  return source
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
