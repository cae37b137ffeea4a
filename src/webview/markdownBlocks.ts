// Parses Markdown into its top-level segments with markdown-it's own parser, so "where does a block end" is decided
// by the same rules that render it (fences, lists with blank lines, lazy continuations, tables). A reference
// definition is a segment of its own although it renders nothing: markdown-it gives it no token, the engine
// records where it lies (markdownEngine.ts), and a run of definitions then settles one by one like blocks do.
import type MarkdownIt from 'markdown-it';
import type { DefinitionSpan, MarkdownEnv } from './markdownEngine';

export type Token = ReturnType<MarkdownIt['parse']>[number];

export interface MarkdownSegment {
  /** The block's first token type (`paragraph_open`, `fence`, `table_open`, `bullet_list_open`…), or `definition`. */
  readonly kind: string;
  readonly startLine: number;
  /** One past its last line (blank lines after a block are not its own). */
  readonly endLine: number;
  /** Its tokens are `tokens.slice(first, end)`; a definition has none. */
  readonly first: number;
  readonly end: number;
  /** For a fenced code block: whether its closing fence has arrived. */
  readonly closedFence: boolean;
}

export interface ParsedMarkdown {
  readonly lines: readonly string[];
  /** Offset of each line's first character. */
  readonly lineStarts: readonly number[];
  readonly tokens: readonly Token[];
  /** In order; all but the last are finished (a later one has started). */
  readonly segments: readonly MarkdownSegment[];
  /** Every definition parsed, at any depth. */
  readonly definitions: readonly DefinitionSpan[];
  /** What the tokens were parsed with, and are rendered with: the inherited references and the text's own. */
  readonly env: MarkdownEnv & { references: Record<string, unknown> };
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

/**
 * Parses `text` (already normalised) fully, inline content included, with `inherited` references in force: earlier
 * definitions win over the text's own, as they would in the whole answer.
 */
export function parseMarkdown(md: MarkdownIt, text: string, inherited: Readonly<Record<string, unknown>> = {}): ParsedMarkdown {
  const definitions: DefinitionSpan[] = [];
  // The text's own definitions land on the object itself; the inherited ones are found through its prototype.
  const env = { references: Object.create(inherited) as Record<string, unknown>, definitions };
  const tokens = md.parse(text, env);
  const lines = text.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  const segments: MarkdownSegment[] = [];
  const topDefinitions = definitions.filter((span) => span.topLevel);
  let d = 0;
  const addDefinitionsBefore = (line: number): void => {
    for (let span = topDefinitions[d]; span !== undefined && span.startLine < line; span = topDefinitions[++d])
      segments.push({ kind: 'definition', startLine: span.startLine, endLine: span.endLine, first: 0, end: 0, closedFence: false });
  };
  for (let first = 0; first < tokens.length;) {
    const token = tokens[first] as Token;
    let end = first + 1;
    while (end < tokens.length && !(tokens[end]?.level === 0 && tokens[end]?.nesting !== -1)) end += 1;
    if (token.map !== null) {
      addDefinitionsBefore(token.map[0]);
      const closedFence = token.type === 'fence' && isClosedFence(token, lines);
      segments.push({ kind: token.type, startLine: token.map[0], endLine: token.map[1], first, end, closedFence });
    }
    first = end;
  }
  addDefinitionsBefore(Number.POSITIVE_INFINITY);
  return { lines, lineStarts, tokens, segments, definitions, env };
}

/** The references `parsed` defines itself (not those it inherited). */
export function ownReferences(parsed: ParsedMarkdown): Record<string, unknown> {
  return { ...parsed.env.references };
}
