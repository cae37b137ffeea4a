// A table or a list that keeps growing is rendered a row or an item at a time: the finished ones once, only the
// last one again on each update. Markdown gives what the rest of the block is parsed against in a few lines (the
// table's header and delimiter row; the list's marker and looseness), so those few lines ("the context") stand in
// for the settled children, and the text after them is parsed with it: an update costs what that text does, not
// what the whole block does. Whenever the parse of context + rest could differ from the parse of the whole block,
// the container is given up and the block is rendered whole (incrementalMarkdown.ts; it also checks the finished
// block against a render of its whole text).
import type MarkdownIt from 'markdown-it';
import type { MarkdownSegment, ParsedMarkdown, Token } from './markdownBlocks';
import { citedLabels } from './markdownReferences';

export type ContainerKind = 'table' | 'list';

export interface OpenContainer {
  readonly kind: ContainerKind;
  /** Where the block starts in the whole text. */
  readonly start: number;
  readonly head: string;
  readonly foot: string;
  /** Parsed in place of everything before `resume`; its lines are not the text's. */
  readonly context: string;
  readonly contextLines: number;
  /** Where the first child not settled starts, in the whole text. */
  resume: number;
  /** HTML of the settled children, in order. */
  readonly children: string[];
  /** Labels the head and the settled children may cite. */
  readonly labels: Set<string>;
  /** Table: cells markdown-it filled in for the settled rows (it ends a table past MAX_AUTOCOMPLETED_CELLS). */
  autocompleted: number;
  /** The block's first token type and its marker, to know the same block again. */
  readonly type: string;
  readonly marker: string;
}

/** Where parsed lines are in the whole text, and whether each has its newline yet. */
export interface LinePlace {
  offset(line: number): number;
  complete(line: number): boolean;
}

export type ContainerStep =
  | { readonly kind: 'fail' }
  /** The block ended: these children complete it. */
  | { readonly kind: 'finished'; readonly children: readonly string[] }
  | { readonly kind: 'open'; readonly settled: readonly string[]; readonly tail: string };

/** markdown-it's table rule (lib/rules_block/table.mjs) stops filling in missing cells past this many. */
const MAX_AUTOCOMPLETED_CELLS = 0x10000;

interface Child {
  readonly first: number;
  readonly end: number;
  readonly startLine: number;
  readonly endLine: number;
}

/** The cells of a table row as markdown-it's table rule counts them (its escapedSplit, minus empty outer cells). */
function rowCells(line: string): number {
  const text = line.trim();
  if (text === '') return 0;
  let cells = 1;
  for (let i = 0; i < text.length; i += 1) if (text[i] === '|' && text[i - 1] !== '\\') cells += 1;
  if (text.startsWith('|')) cells -= 1;
  if (cells > 0 && text.endsWith('|') && text[text.length - 2] !== '\\') cells -= 1;
  return cells;
}

function childrenOf(tokens: readonly Token[], segment: MarkdownSegment, type: string): Child[] {
  const children: Child[] = [];
  for (let i = segment.first; i < segment.end; i += 1) {
    const token = tokens[i] as Token;
    if (token.type !== `${type}_open` || token.map === null) continue;
    let end = i + 1;
    while (end < segment.end && !(tokens[end]?.type === `${type}_close` && tokens[end]?.level === token.level)) end += 1;
    children.push({ first: i, end: end + 1, startLine: token.map[0], endLine: token.map[1] });
  }
  return children;
}

function render(md: MarkdownIt, parsed: ParsedMarkdown, first: number, end: number): string {
  return md.renderer.render(parsed.tokens.slice(first, end), md.options, parsed.env);
}

function source(parsed: ParsedMarkdown, child: Child): string {
  return parsed.lines.slice(child.startLine, child.endLine).join('\n');
}

function hasDefinition(parsed: ParsedMarkdown, from: number, to: number): boolean {
  return parsed.definitions.some((span) => span.startLine < to && span.endLine > from);
}

function settle(md: MarkdownIt, container: OpenContainer, parsed: ParsedMarkdown, children: readonly Child[]): string[] {
  const html = children.map((child) => render(md, parsed, child.first, child.end));
  for (const child of children) for (const label of citedLabels(md, source(parsed, child))) container.labels.add(label);
  container.children.push(...html);
  return html;
}

/**
 * How many leading items are finished: an item is once the next one has started on a line that is complete (a
 * partial line that looks like an item's start may still turn into the previous item's text).
 */
function finishedItems(items: readonly Child[], place: LinePlace): number {
  for (let i = items.length - 1; i > 0; i -= 1) if (place.complete((items[i] as Child).startLine)) return i;
  return 0;
}

/** Settles the first `count` of `children` and resumes after them; the rest are the open tail. */
function advance(
  md: MarkdownIt,
  container: OpenContainer,
  parsed: ParsedMarkdown,
  place: LinePlace,
  children: readonly Child[],
  count: number,
): { settled: string[]; tail: string } {
  const done = children.slice(0, count);
  const settled = settle(md, container, parsed, done);
  const last = done[done.length - 1];
  if (last !== undefined) container.resume = place.offset(last.endLine);
  return {
    settled,
    tail: children
      .slice(count)
      .map((child) => render(md, parsed, child.first, child.end))
      .join(''),
  };
}

/** The step a container takes once `count` children are settled: it ended, or it goes on with the rest open. */
function stepOf(
  md: MarkdownIt,
  container: OpenContainer,
  parsed: ParsedMarkdown,
  place: LinePlace,
  children: readonly Child[],
  finished: boolean,
  count: number,
): ContainerStep {
  const { settled, tail } = advance(md, container, parsed, place, children, finished ? children.length : count);
  return finished ? { kind: 'finished', children: settled } : { kind: 'open', settled, tail };
}

/** Leading spaces of a line; a tab makes it unknown (-1), as markdown-it expands tabs by column. */
function indentOf(line: string): number {
  const indent = /^ */.exec(line)?.[0].length ?? 0;
  return line.charAt(indent) === '\t' ? -1 : indent;
}

/**
 * Where the stand-in item's content starts. An item whose marker is indented this far or more would continue the
 * stand-in rather than follow it (the real item before it may indent its content further), so it is not settled.
 */
function contentIndent(dummy: string): number {
  return dummy.indexOf('x');
}

/** Whether a list's paragraphs are hidden (tight) or not; undefined when it has none to tell. */
function listTightness(tokens: readonly Token[], segment: MarkdownSegment): boolean | undefined {
  const level = (tokens[segment.first]?.level ?? 0) + 2;
  for (let i = segment.first; i < segment.end; i += 1) {
    const token = tokens[i] as Token;
    if (token.type === 'paragraph_open' && token.level === level) return token.hidden;
  }
  return undefined;
}

/**
 * Starts rendering the open block `segment` (a table or list at the end of `parsed`) a child at a time, once it
 * has children that are finished; undefined when it is not such a block or could not be continued exactly.
 */
export function openContainer(
  md: MarkdownIt,
  parsed: ParsedMarkdown,
  segment: MarkdownSegment,
  place: LinePlace,
): { container: OpenContainer; settled: readonly string[]; tail: string } | undefined {
  const tokens = parsed.tokens;
  const open = tokens[segment.first] as Token;
  const common = { start: place.offset(segment.startLine), type: open.type, marker: open.markup, autocompleted: 0, children: [] };
  if (open.type === 'table_open') {
    const bodyOpen = tokens.findIndex((token, i) => i > segment.first && i < segment.end && token.type === 'tbody_open');
    const rows = childrenOf(tokens, segment, 'tr').filter((row) => row.startLine >= segment.startLine + 2);
    const done = rows.filter((row) => place.complete(row.startLine));
    if (bodyOpen < 0 || done.length === 0) return undefined;
    const [header, delimiter] = [parsed.lines[segment.startLine] ?? '', parsed.lines[segment.startLine + 1] ?? ''];
    const container: OpenContainer = {
      ...common,
      kind: 'table',
      head: render(md, parsed, segment.first, bodyOpen + 1),
      foot: render(md, parsed, segment.end - 2, segment.end),
      context: `${header}\n${delimiter}\n`,
      contextLines: 2,
      resume: common.start,
      labels: new Set(citedLabels(md, header)),
    };
    const columns = tokens.slice(segment.first, bodyOpen).filter((token) => token.type === 'th_open').length;
    container.autocompleted = done.reduce((sum, row) => sum + columns - rowCells(parsed.lines[row.startLine] ?? ''), 0);
    return { container, ...advance(md, container, parsed, place, rows, done.length) };
  }
  if (open.type !== 'bullet_list_open' && open.type !== 'ordered_list_open') return undefined;
  const items = childrenOf(tokens, segment, 'list_item').filter((item) => (tokens[item.first]?.level ?? 0) === open.level + 1);
  const done = finishedItems(items, place);
  const next = items[done];
  const tight = listTightness(tokens, segment);
  const dummy = open.type === 'ordered_list_open' ? `1${open.markup} x` : `${open.markup} x`;
  if (done === 0 || next === undefined || tight === undefined) return undefined;
  const indent = indentOf(parsed.lines[next.startLine] ?? '');
  if (indent < 0 || indent >= contentIndent(dummy) || hasDefinition(parsed, segment.startLine, next.startLine)) return undefined;
  const container: OpenContainer = {
    ...common,
    kind: 'list',
    head: render(md, parsed, segment.first, segment.first + 1),
    foot: render(md, parsed, segment.end - 1, segment.end),
    // A loose list stays loose: a blank line after the stand-in item makes the rest parse as loose too.
    context: tight ? `${dummy}\n` : `${dummy}\n\n`,
    contextLines: tight ? 1 : 2,
    resume: common.start,
    labels: new Set(),
  };
  return { container, ...advance(md, container, parsed, place, items, done) };
}

/** Takes `parsed` (the container's context, then the text from its `resume`) one step further. */
export function continueContainer(md: MarkdownIt, container: OpenContainer, parsed: ParsedMarkdown, place: LinePlace): ContainerStep {
  const segment = parsed.segments[0];
  const open = segment === undefined ? undefined : parsed.tokens[segment.first];
  if (segment === undefined || open === undefined || segment.startLine !== 0 || open.type !== container.type || open.markup !== container.marker)
    return { kind: 'fail' };
  const finished = parsed.segments.length > 1;
  if (container.kind === 'table') {
    const rows = childrenOf(parsed.tokens, segment, 'tr').filter((row) => row.startLine >= container.contextLines);
    // Neither this parse nor the whole block's may reach the cap on filled-in cells, or they could end apart.
    const counted = [...rows.map((row) => row.startLine), segment.endLine].map((line) => parsed.lines[line]);
    const columns = parsed.tokens.slice(segment.first, segment.end).filter((token) => token.type === 'th_open').length;
    const cells = counted.reduce((sum, line) => sum + (line === undefined ? 0 : Math.abs(columns - rowCells(line))), 0);
    if (Math.abs(container.autocompleted) + cells > MAX_AUTOCOMPLETED_CELLS) return { kind: 'fail' };
    const done = finished ? rows : rows.filter((row) => place.complete(row.startLine));
    container.autocompleted += done.reduce((sum, row) => sum + columns - rowCells(parsed.lines[row.startLine] ?? ''), 0);
    return stepOf(md, container, parsed, place, rows, finished, done.length);
  }
  const items = childrenOf(parsed.tokens, segment, 'list_item').filter((item) => (parsed.tokens[item.first]?.level ?? 0) === open.level + 1);
  const real = items.slice(1);
  const last = real[real.length - 1];
  const tight = container.contextLines === 1;
  if (items[0]?.startLine !== 0 || real[0]?.startLine !== container.contextLines || last === undefined || listTightness(parsed.tokens, segment) !== tight)
    return { kind: 'fail' };
  const done = real.slice(0, finished ? real.length : finishedItems(real, place));
  const next = real[done.length];
  if (hasDefinition(parsed, container.contextLines, next === undefined ? segment.endLine : next.startLine)) return { kind: 'fail' };
  if (next !== undefined && done.length > 0) {
    const indent = indentOf(parsed.lines[next.startLine] ?? '');
    if (indent < 0 || indent >= contentIndent(container.context)) return { kind: 'fail' };
  }
  return stepOf(md, container, parsed, place, real, finished, done.length);
}
