// Keeps one element showing a streaming Markdown text: frozen blocks are appended once; only the open tail's
// nodes are replaced on each render (see incrementalMarkdown.ts). Frozen blocks go into groups of GROUP_BLOCKS
// (plain <div class="md-group"> wrappers, which change no margin or layout): the element then has a few dozen
// children however long the answer is, so the browser's layout and paint of each render skip the unchanged
// groups whole instead of walking every settled block, and a render at the end of a long answer costs what one at
// its start does. The grouping depends on the blocks only, so streamed and one-shot renders give the same DOM.
import type MarkdownIt from 'markdown-it';
import type { WebviewStrings } from '../shared/protocol';
import { decorateCodeBlocks } from './codeBlocks';
import { IncrementalMarkdown } from './incrementalMarkdown';
import { sanitizeToFragment } from './sanitizeHtml';

/** Settled blocks per group. */
const GROUP_BLOCKS = 32;

export class MarkdownView {
  private readonly model: IncrementalMarkdown;
  private tailNodes: ChildNode[] = [];
  private group: HTMLElement | undefined;
  private groupBlocks = 0;
  private lastText: string | null = null;
  private lastFinal = false;

  constructor(
    readonly element: HTMLElement,
    md: MarkdownIt,
    private readonly strings: () => WebviewStrings,
    /** Extra work on each rendered fragment (citation chips), after sanitising. */
    private readonly decorate?: (fragment: DocumentFragment) => void,
  ) {
    this.model = new IncrementalMarkdown(md);
  }

  render(text: string, final: boolean): void {
    if (text === this.lastText && final === this.lastFinal) return;
    this.lastText = text;
    this.lastFinal = final;
    const patch = this.model.update(text, final);
    if (patch.reset) {
      this.element.replaceChildren();
      this.group = undefined;
    }
    for (const node of this.tailNodes) node.remove();
    this.settle(patch.frozen);
    const tail = this.fragment(patch.tail);
    this.tailNodes = Array.from(tail.childNodes);
    this.element.append(tail);
  }

  /**
   * Appends frozen blocks to the last group, starting a new group when that one is full. The blocks bound for one
   * group are sanitised and decorated in one go (a burst of deltas can freeze hundreds at once).
   */
  private settle(blocks: readonly string[]): void {
    let next = 0;
    while (next < blocks.length) {
      if (this.group === undefined || this.groupBlocks >= GROUP_BLOCKS) {
        this.group = document.createElement('div');
        this.group.className = 'md-group';
        this.groupBlocks = 0;
        // Before the tail, which is appended after the groups.
        this.element.append(this.group);
      }
      const take = Math.min(GROUP_BLOCKS - this.groupBlocks, blocks.length - next);
      this.group.append(this.fragment(blocks.slice(next, next + take).join('')));
      this.groupBlocks += take;
      next += take;
    }
  }

  private fragment(html: string): DocumentFragment {
    const fragment = sanitizeToFragment(html);
    decorateCodeBlocks(fragment, this.strings());
    this.decorate?.(fragment);
    return fragment;
  }
}

/** Renders `text` in one go: what a fresh snapshot shows, and the baseline of the benchmark. */
export function renderMarkdownOnce(element: HTMLElement, md: MarkdownIt, strings: WebviewStrings, text: string): void {
  const fragment = sanitizeToFragment(md.render(text, { highlight: true }));
  decorateCodeBlocks(fragment, strings);
  element.replaceChildren(fragment);
}
