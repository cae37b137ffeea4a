// Splits Markdown into its top-level blocks with markdown-it's own block parser, so "where does a block end" is
// decided by the same rules that render it (fences, lists with blank lines, lazy continuations, tables).
import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

export interface MarkdownBlock {
  /** The block's token type, e.g. `paragraph_open`, `fence`, `bullet_list_open`. */
  readonly kind: string;
  readonly startLine: number;
  /** One past the block's last line. */
  readonly endLine: number;
  /** The block's own source lines, joined with '\n' (no trailing blank lines). */
  readonly text: string;
  /** For a fenced code block: whether its closing fence has arrived. */
  readonly closedFence: boolean;
}

export interface BlockSplit {
  readonly lines: readonly string[];
  /** Every block; all but the last are finished (a later block has started). */
  readonly blocks: readonly MarkdownBlock[];
  /** Reference definitions found (`[label]: url`), keyed as markdown-it keys them. */
  readonly references: Readonly<Record<string, unknown>>;
}

/** markdown-it's own input normalisation (its `normalize` core rule), so line numbers match what it parses. */
export function normalizeMarkdown(src: string): string {
  return src.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

function isClosedFence(token: Token, lines: readonly string[]): boolean {
  const map = token.map;
  if (map === null || map[1] - map[0] < 2) return false;
  const last = (lines[map[1] - 1] ?? '').trim();
  const marker = token.markup.charAt(0);
  return last.length >= token.markup.length && [...last].every((ch) => ch === marker);
}

export function splitMarkdownBlocks(md: MarkdownIt, src: string): BlockSplit {
  const normalized = normalizeMarkdown(src);
  const env: { references?: Record<string, unknown> } = {};
  const tokens: Token[] = [];
  md.block.parse(normalized, md, env, tokens);
  const lines = normalized.split('\n');
  const blocks: MarkdownBlock[] = [];
  for (const token of tokens) {
    if (token.level !== 0 || token.nesting === -1 || token.map === null) continue;
    const [startLine, endLine] = token.map;
    blocks.push({
      kind: token.type,
      startLine,
      endLine,
      text: lines.slice(startLine, endLine).join('\n'),
      closedFence: token.type === 'fence' && isClosedFence(token, lines),
    });
  }
  return { lines, blocks, references: env.references ?? {} };
}
