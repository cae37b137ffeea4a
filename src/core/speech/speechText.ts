// What is worth reading aloud in a Markdown text: its words. Fenced and indented code, inline code, HTML,
// image addresses, link targets, citation marks and the Markdown syntax itself are dropped. markdown-it does
// the parsing (a hand-written regex pass would trip over nested emphasis, tables and fences). Any other text file
// is read as it is written (plainSpeechText): parsed as Markdown, its indented lines would vanish as "code".
import MarkdownIt from 'markdown-it';
import { removeCitationMarks } from '../knowledge/citationMarks';

type Token = ReturnType<MarkdownIt['parse']>[number];

const markdown = new MarkdownIt({ html: true, linkify: false });

const BLOCK_ENDS = new Set(['paragraph_close', 'heading_close', 'list_item_close', 'th_close', 'td_close', 'tr_close', 'blockquote_close']);

function inlineText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
        text += child.content;
        break;
      case 'softbreak':
        text += ' ';
        break;
      case 'hardbreak':
        text += '\n';
        break;
      default:
        // code_inline, image, html_inline and the open/close markers of emphasis and links carry no words.
        break;
    }
  }
  return text;
}

export function speechText(source: string): string {
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
    .map((line) => removeCitationMarks(line).replace(/[ \t]+/g, ' ').replace(/[，,]\s*$/, '').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Languages whose documents are read through the Markdown cleaning of speechText. */
const MARKDOWN_LANGUAGES = new Set(['markdown', 'mdx']);

/** The text to read for a document of this VS Code language id. */
export function documentSpeechText(source: string, languageId: string): string {
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
