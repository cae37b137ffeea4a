// Incremental Markdown rendering (DOM-free): finished top-level blocks are rendered once and frozen; each update
// re-parses and re-renders only the open tail block, so streaming an answer costs about as much as rendering it
// once. The concatenation of every frozen block's HTML and the tail's HTML equals `md.render(text)`.
import type MarkdownIt from 'markdown-it';
import type { MarkdownEnv } from './markdownEngine';
import { normalizeMarkdown, splitMarkdownBlocks } from './markdownBlocks';

export interface MarkdownPatch {
  /** Drop everything rendered so far before applying `frozen` (the text was replaced, or a late reference definition changes earlier blocks). */
  readonly reset: boolean;
  /** HTML of blocks that just finished, to append once and never touch again. */
  readonly frozen: readonly string[];
  /** HTML of the open tail, replacing the previous tail. */
  readonly tail: string;
}

export class IncrementalMarkdown {
  private text = '';
  /** Offset in the normalised text where the open tail starts; everything before is frozen. */
  private frozenOffset = 0;
  private frozenSources: string[] = [];
  private frozenReferences: Record<string, unknown> = {};
  private referencesKey = '{}';

  constructor(private readonly md: MarkdownIt) {}

  /** Renders `src` (the whole text so far); `final` once the stream has ended, so a still-open code block gets highlighted. */
  update(src: string, final: boolean): MarkdownPatch {
    const text = normalizeMarkdown(src);
    let reset = false;
    if (!text.startsWith(this.text)) {
      this.text = '';
      this.frozenOffset = 0;
      this.frozenSources = [];
      this.frozenReferences = {};
      reset = true;
    }
    this.text = text;
    const tail = text.slice(this.frozenOffset);
    const split = splitMarkdownBlocks(this.md, tail);
    const frozen: string[] = [];
    const newlyFrozen: string[] = [];
    const last = split.blocks.length - 1;
    if (last > 0) {
      const lastBlock = split.blocks[last];
      const startLine = lastBlock === undefined ? 0 : lastBlock.startLine;
      const frozenPart = split.lines.slice(0, startLine).join('\n');
      // Reference definitions carry no token: collect those of the region being frozen from its own parse.
      this.frozenReferences = { ...splitMarkdownBlocks(this.md, frozenPart).references, ...this.frozenReferences };
      for (const block of split.blocks.slice(0, last)) newlyFrozen.push(block.text);
      this.frozenOffset += frozenPart.length + 1;
    }
    const tailText = last > 0 ? text.slice(this.frozenOffset) : tail;
    const tailSplit = last > 0 ? splitMarkdownBlocks(this.md, tailText) : split;
    const tailReferences = tailSplit.references;
    // First definition wins, as in one-shot rendering: earlier (frozen) definitions take precedence.
    const references = { ...tailReferences, ...this.frozenReferences };
    const key = JSON.stringify(references);
    if (key !== this.referencesKey && this.frozenSources.length > 0) reset = true;
    this.referencesKey = key;
    const env = (): MarkdownEnv => ({ references: { ...references } });
    if (reset) for (const source of this.frozenSources) frozen.push(this.md.render(source, env()));
    for (const source of newlyFrozen) {
      this.frozenSources.push(source);
      frozen.push(this.md.render(source, env()));
    }
    const tailBlock = tailSplit.blocks[0];
    const highlight = final || tailBlock === undefined || tailBlock.kind !== 'fence' || tailBlock.closedFence;
    return { reset, frozen, tail: this.md.render(tailText, { ...env(), highlight }) };
  }
}
