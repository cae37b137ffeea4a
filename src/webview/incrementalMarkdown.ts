// Incremental Markdown rendering (DOM-free). The answer is cut into top-level segments, blocks and reference
// definitions; a finished segment is rendered once and settled, and only the open (last) one is parsed and rendered
// again on each update. A growing table or list settles its finished rows or items as well (markdownContainers.ts),
// so an update costs what its open row or item does. A definition arriving late renders again the settled blocks
// that may cite it (markdownReferences.ts). Settled HTML followed by the open block's equals `md.render(text)`.
import type MarkdownIt from 'markdown-it';
import { normalizeMarkdown, ownReferences, parseMarkdown, type MarkdownSegment, type ParsedMarkdown } from './markdownBlocks';
import { continueContainer, openContainer, type ContainerKind, type ContainerStep, type LinePlace, type OpenContainer } from './markdownContainers';
import { ReferenceBook } from './markdownReferences';

/** A block that finished in this update. */
export type SettledPatch =
  | { readonly kind: 'block'; readonly html: string }
  /** The open container of the previous patch ended: these children complete it, and it stays as it is. */
  | { readonly kind: 'finish'; readonly children: readonly string[] };

/** The open block. */
export type OpenPatch =
  | { readonly kind: 'whole'; readonly html: string }
  | {
      readonly kind: 'children';
      readonly container: ContainerKind;
      /** The open container of the previous patch: its settled children stay, `settled` follow them. */
      readonly continues: boolean;
      readonly head: string;
      readonly foot: string;
      /** Children that just finished: appended once, never touched again. */
      readonly settled: readonly string[];
      /** The children still open, replacing the previous ones. */
      readonly tail: string;
    };

export interface MarkdownPatch {
  /** Drop everything rendered so far (the text was replaced, not extended). */
  readonly reset: boolean;
  /** Settled blocks rendered again, by their index among the settled blocks: a reference they may cite changed. */
  readonly replaced: readonly { readonly index: number; readonly html: string }[];
  readonly settled: readonly SettledPatch[];
  readonly open: OpenPatch;
}

/** The references a piece of settled text defines (markdown-it's block parse collects them). */
function definitionsIn(md: MarkdownIt, source: string): Record<string, unknown> {
  const env: { references?: Record<string, unknown> } = {};
  md.block.parse(source, md, env, []);
  return env.references ?? {};
}

export class IncrementalMarkdown {
  private text = '';
  /** Where the open segment starts; everything before it is settled. */
  private settledOffset = 0;
  /** Source of each settled block, to render it again when a reference it may cite changes. */
  private sources: string[] = [];
  private book: ReferenceBook;
  private container: OpenContainer | undefined;

  constructor(private readonly md: MarkdownIt) {
    this.book = new ReferenceBook(md);
  }

  /** Characters of the text given last that are settled: a later text that goes on from it renders only the rest. */
  get settledChars(): number {
    return this.settledOffset;
  }

  /** Renders `src` (the whole text so far); `final` once the stream has ended, so a still-open code block gets highlighted. */
  update(src: string, final: boolean): MarkdownPatch {
    const text = normalizeMarkdown(src);
    const reset = !text.startsWith(this.text);
    if (reset) {
      this.settledOffset = 0;
      this.sources = [];
      this.book = new ReferenceBook(this.md);
      this.container = undefined;
    }
    this.text = text;
    const settledBefore = this.sources.length;
    const settled: SettledPatch[] = [];
    const settledLabels: string[] = [];
    const previous = this.container;
    let [parsed, place] =
      previous === undefined ? this.parsePlain() : this.parse(previous.context + text.slice(previous.resume), previous.resume - previous.context.length);
    const step: ContainerStep = previous === undefined ? { kind: 'fail' } : continueContainer(this.md, previous, parsed, place);
    if (previous !== undefined && step.kind === 'fail') [parsed, place] = this.parsePlain();
    this.container = undefined;
    const segments = parsed.segments;
    let first = 0;
    if (previous !== undefined && step.kind === 'finished') {
      settled.push(this.finishContainer(previous, step.children, parsed, place, segments[0] as MarkdownSegment));
      first = 1;
    }
    let definition = 0;
    for (const segment of segments.slice(first, -1)) {
      // Definitions are in line order: a cursor finds those inside each segment.
      while ((parsed.definitions[definition]?.endLine ?? Infinity) <= segment.startLine) definition += 1;
      const defines = (parsed.definitions[definition]?.startLine ?? Infinity) < segment.endLine;
      settled.push(...this.settle(segment, parsed, place, defines, settledLabels));
    }
    const last = segments[segments.length - 1];
    let open: OpenPatch;
    if (previous !== undefined && step.kind === 'open') {
      this.container = previous;
      open = { kind: 'children', container: previous.kind, continues: true, head: previous.head, foot: previous.foot, settled: step.settled, tail: step.tail };
      if (final) open = this.verified(previous, step.settled, step.tail, parsed);
    } else if (last !== undefined) {
      this.settledOffset = place.offset(last.startLine);
      open = this.openBlock(last, parsed, place, final);
    } else open = { kind: 'whole', html: '' };
    const changed = this.book.changed(ownReferences(parsed), settledLabels);
    const replaced = this.book
      .citingAny(changed)
      .filter((index) => index < settledBefore)
      .map((index) => ({ index, html: this.renderWhole(this.sources[index] ?? '', parsed) }));
    // A container carried over whose settled rows may cite a changed label is rendered whole again, and given up.
    if (open.kind === 'children' && open.continues && this.container !== undefined && [...changed].some((label) => this.container?.labels.has(label))) {
      open = { kind: 'whole', html: this.renderWhole(text.slice(this.container.start), parsed) };
      this.container = undefined;
    }
    return { reset, replaced, settled, open };
  }

  /** `source` rendered in one go with the references in force (its own definitions, if any, are settled ones). */
  private renderWhole(source: string, parsed: ParsedMarkdown): string {
    return this.md.render(source, { references: Object.create(parsed.env.references) as Record<string, unknown> });
  }

  private parsePlain(): [ParsedMarkdown, LinePlace] {
    return this.parse(this.text.slice(this.settledOffset), this.settledOffset);
  }

  private parse(text: string, base: number): [ParsedMarkdown, LinePlace] {
    const parsed = parseMarkdown(this.md, text, this.book.settled);
    const whole = this.text.length;
    const place: LinePlace = {
      offset: (line) => (line < parsed.lines.length ? base + (parsed.lineStarts[line] ?? 0) : whole),
      complete: (line) => line < parsed.lines.length - 1,
    };
    return [parsed, place];
  }

  /** Settles a finished segment: a block is rendered once; a definition's references join the settled ones. */
  private settle(segment: MarkdownSegment, parsed: ParsedMarkdown, place: LinePlace, defines: boolean, labels: string[]): SettledPatch[] {
    const source = parsed.lines.slice(segment.startLine, segment.endLine).join('\n');
    if (defines) labels.push(...this.book.settle(definitionsIn(this.md, source)));
    this.settledOffset = place.offset(segment.endLine);
    if (segment.kind === 'definition') return [];
    this.book.cite(this.sources.length, source);
    this.sources.push(source);
    return [{ kind: 'block', html: this.md.renderer.render(parsed.tokens.slice(segment.first, segment.end), this.md.options, parsed.env) }];
  }

  /** The open segment: a table or list with finished children becomes a container; anything else is rendered whole. */
  private openBlock(segment: MarkdownSegment, parsed: ParsedMarkdown, place: LinePlace, final: boolean): OpenPatch {
    if (segment.kind === 'definition') return { kind: 'whole', html: '' };
    const started = final ? undefined : openContainer(this.md, parsed, segment, place);
    if (started !== undefined) {
      const { container, settled, tail } = started;
      this.container = container;
      return { kind: 'children', container: container.kind, continues: false, head: container.head, foot: container.foot, settled, tail };
    }
    const highlight = final || segment.kind !== 'fence' || segment.closedFence;
    return { kind: 'whole', html: this.md.renderer.render(parsed.tokens.slice(segment.first, segment.end), this.md.options, { ...parsed.env, highlight }) };
  }

  /** The open container ended: it settles as it stands, unless the whole block renders otherwise (then as that). */
  private finishContainer(
    container: OpenContainer,
    children: readonly string[],
    parsed: ParsedMarkdown,
    place: LinePlace,
    segment: MarkdownSegment,
  ): SettledPatch {
    const source = this.text.slice(container.start, place.offset(segment.endLine));
    this.book.cite(this.sources.length, source);
    this.sources.push(source);
    const html = this.renderWhole(source, parsed);
    return html === container.head + container.children.join('') + container.foot ? { kind: 'finish', children } : { kind: 'block', html };
  }

  /** At the end of the stream, the open container is checked against a render of its whole text. */
  private verified(container: OpenContainer, settled: readonly string[], tail: string, parsed: ParsedMarkdown): OpenPatch {
    const html = this.renderWhole(this.text.slice(container.start), parsed);
    const assembled = container.head + container.children.join('') + tail + container.foot;
    if (html === assembled) return { kind: 'children', container: container.kind, continues: true, head: container.head, foot: container.foot, settled, tail };
    this.container = undefined;
    return { kind: 'whole', html };
  }
}
