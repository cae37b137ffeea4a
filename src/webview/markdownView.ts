// Keeps one element showing a streaming Markdown text: frozen blocks are appended once; only the open tail's
// nodes are replaced on each render (see incrementalMarkdown.ts).
import type MarkdownIt from 'markdown-it';
import type { WebviewStrings } from '../shared/protocol';
import { decorateCodeBlocks } from './codeBlocks';
import { IncrementalMarkdown } from './incrementalMarkdown';
import { sanitizeToFragment } from './sanitizeHtml';

export class MarkdownView {
  private readonly model: IncrementalMarkdown;
  private tailNodes: ChildNode[] = [];
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
    if (patch.reset) this.element.replaceChildren();
    for (const node of this.tailNodes) node.remove();
    for (const html of patch.frozen) this.element.append(this.fragment(html));
    const tail = this.fragment(patch.tail);
    this.tailNodes = Array.from(tail.childNodes);
    this.element.append(tail);
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
