// Keeps one element showing a streaming Markdown text, applying the patches of incrementalMarkdown.ts. Settled
// blocks go into groups of GROUP_BLOCKS (plain <div class="md-group"> wrappers, which change no margin or layout):
// the element then has a few dozen children however long the answer is, so the browser's layout and paint of each
// render skip the unchanged groups whole instead of walking every settled block, and a render at the end of a long
// answer costs what one at its start does. The open block sits in the group it will settle in, so settling it
// moves nothing; an open table or list keeps its element, its finished rows or items are appended to it once and
// only its open ones are replaced. The grouping depends on the blocks only, so streamed and one-shot renders give
// the same DOM.
//
// What stays open can still be large (one paragraph of 40,000 characters, a table of a thousand rows the browser
// lays out and paints again), and rendering it costs what its size does. So a render while the text streams comes
// no sooner than THROTTLE_FACTOR times the last one's own cost after it, measured from its start to the end of the
// browser's style, layout and paint of it: rendering takes at most about a thirteenth of the main thread whatever the
// block's size, and a cheap one (a millisecond or two) is rendered on every delta. The factor comes from the chat
// view's budget while an answer streams (bench/webview.bench.ts: at most 15 % of the main thread busy): a render of
// ordinary Markdown already costs a few milliseconds, and what the measured cost leaves out (delivering the messages,
// the frame's own bookkeeping) needs room under that budget too. Text that arrives meanwhile waits for that moment,
// rendered by a timer in a task of its own (never in the frame of another render); the final render is never held
// back. A render when the last two cost more than OWN_TASK_MS (the open block is that large) runs in a task of its own,
// the final one too, a timer's turn after the frame that asked for it; so does a final render of an open block of more
// than OWN_TASK_CHARS, which may cost far more than the streaming ones did (a code block is highlighted only then).
// The browser's style, layout and paint of such a render come in the next frame's task, and no single task of the
// main thread carries both halves.
import type MarkdownIt from 'markdown-it';
import { decorateCodeBlocks } from './codeBlocks';
import { IncrementalMarkdown, type OpenPatch, type SettledPatch } from './incrementalMarkdown';
import type { ContainerKind } from './markdownContainers';
import { sanitizeToFragment } from './sanitizeHtml';

/** Settled blocks per group. */
const GROUP_BLOCKS = 32;
/** A streaming render waits this many times what the previous one cost. */
const THROTTLE_FACTOR = 12;
/** A render when the last two each cost more than this, ms, runs out of the frame: a long task, as the browser names one. */
const OWN_TASK_MS = 50;
/** A final render of an open block this long, in characters, runs out of the frame (highlighting and laying out
 * 10,000 characters of code takes tens of milliseconds). */
const OWN_TASK_CHARS = 10_000;
/** Fired (bubbling) on the element after a render out of the view's frame, for what is put back after renders. */
export const RENDERED_OUT_OF_FRAME = 'maas-markdown-rendered';

/** Markup that holds children of each container kind where the HTML parser accepts them. */
const wrappers: Record<ContainerKind, readonly [string, string]> = { table: ['<table><tbody>', '</tbody></table>'], list: ['<ul>', '</ul>'] };

interface OpenNodes {
  readonly nodes: readonly ChildNode[];
  /** An open table or list: the element its children go into, and the children still open. */
  readonly container?: { readonly parent: Element; tail: ChildNode[] };
}

interface Rendering {
  readonly text: string;
  readonly final: boolean;
}

export class MarkdownView {
  private readonly model: IncrementalMarkdown;
  /** The nodes of each settled block, to replace them when the block is rendered again. */
  private blocks: ChildNode[][] = [];
  private open: OpenNodes = { nodes: [] };
  private group: HTMLElement | undefined;
  private groupBlocks = 0;
  private latest: Rendering | undefined;
  private rendered: Rendering | undefined;
  /** No streaming render before this time (performance.now()). */
  private notBefore = 0;
  /** What the last render cost, all of it, ms. */
  private lastCost = 0;
  /** The cheaper of the last two renders' costs, ms: one slow frame (a page's first layout) does not raise it. */
  private steadyCost = 0;
  /** Called once the text last given is in the page. */
  private waiting: (() => void)[] = [];
  /** The timer of a render waiting for its time. */
  private catchUp: number | undefined;

  constructor(
    readonly element: HTMLElement,
    md: MarkdownIt,
    /** Extra work on each rendered fragment (citation chips), after sanitising. */
    private readonly decorate?: (fragment: DocumentFragment) => void,
  ) {
    this.model = new IncrementalMarkdown(md);
  }

  render(text: string, final: boolean): void {
    if (text === this.latest?.text && final === this.latest.final) return;
    this.latest = { text, final };
    const wait = final ? 0 : this.notBefore - performance.now();
    if (wait > 0) this.catchUp ??= window.setTimeout(() => this.apply(false), wait);
    else if (this.steadyCost <= OWN_TASK_MS && !(final && text.length - this.model.settledChars > OWN_TASK_CHARS)) this.apply(true);
    else {
      this.cancelCatchUp();
      this.catchUp = window.setTimeout(() => this.apply(false), 0);
    }
  }

  /** Whether the text last given to render is still to be put in the page (a render waiting for its time). */
  get pending(): boolean {
    return this.catchUp !== undefined;
  }

  /** Calls `then` once the text last given to render is in the page: at once when it already is. */
  whenRendered(then: () => void): void {
    if (this.catchUp === undefined) then();
    else this.waiting.push(then);
  }

  /** Stops a render waiting for its time (the view is going away). */
  dispose(): void {
    this.cancelCatchUp();
    this.waiting = [];
  }

  private cancelCatchUp(): void {
    clearTimeout(this.catchUp);
    this.catchUp = undefined;
  }

  /** `inFrame`: called in an animation frame (the view's render), not by the timer of a held-back render. */
  private apply(inFrame: boolean): void {
    this.cancelCatchUp();
    this.renderLatest(inFrame);
    const waiting = this.waiting;
    this.waiting = [];
    for (const then of waiting) then();
  }

  private renderLatest(inFrame: boolean): void {
    const latest = this.latest;
    if (latest === undefined || (latest.text === this.rendered?.text && latest.final === this.rendered.final)) return;
    this.rendered = latest;
    const started = performance.now();
    const patch = this.model.update(latest.text, latest.final);
    if (patch.reset) {
      this.element.replaceChildren();
      this.blocks = [];
      this.open = { nodes: [] };
      this.group = undefined;
    }
    for (const { index, html } of patch.replaced) this.replaceBlock(index, html);
    this.settle(patch.settled);
    this.renderOpen(patch.open);
    if (this.group !== undefined && this.group.firstChild === null) {
      this.group.remove();
      this.group = undefined;
    }
    // Until the browser's part is known, the script's part holds the next render back.
    const script = performance.now() - started;
    this.holdBack(script, false);
    // In an animation frame, the browser's style, layout and paint of the change follow in the same task, and a timer
    // set now fires after them: what the render cost, all of it. Out of one, that work comes with the next frame.
    if (inFrame) window.setTimeout(() => this.holdBack(performance.now() - started, true), 0);
    else {
      this.element.dispatchEvent(new Event(RENDERED_OUT_OF_FRAME, { bubbles: true }));
      requestAnimationFrame(() => {
        const frame = performance.now();
        window.setTimeout(() => this.holdBack(script + performance.now() - frame, true), 0);
      });
    }
  }

  /**
   * Holds the next streaming render back by what rendering costs: the cheaper of this render and the one before, so
   * one slow frame (code compiled on first use, a garbage collection) holds nothing back; a block that is slow to
   * render is slow twice in a row.
   */
  private holdBack(cost: number, complete: boolean): void {
    this.notBefore = performance.now() + Math.min(cost, this.lastCost) * THROTTLE_FACTOR;
    if (!complete) return;
    this.steadyCost = Math.min(cost, this.lastCost);
    this.lastCost = cost;
  }

  private replaceBlock(index: number, html: string): void {
    const old = this.blocks[index];
    const anchor = old?.[0];
    if (old === undefined || anchor === undefined) return;
    const fragment = this.fragment(html);
    const nodes = Array.from(fragment.childNodes);
    anchor.parentNode?.insertBefore(fragment, anchor);
    for (const node of old) node.remove();
    this.blocks[index] = nodes;
  }

  private settle(settled: readonly SettledPatch[]): void {
    const [first] = settled;
    const container = this.open.container;
    if (first?.kind === 'finish' && container !== undefined) {
      for (const node of container.tail) node.remove();
      container.parent.append(...this.children(container.parent, first.children.join('')));
      this.blocks.push([...this.open.nodes]);
      this.groupBlocks += 1;
      this.open = { nodes: [] };
    }
    const blocks = settled.flatMap((patch) => (patch.kind === 'block' ? [patch.html] : []));
    if (blocks.length > 0) this.dropOpen();
    // The blocks bound for one group are sanitised in one go (a burst of deltas, or a snapshot, settles hundreds).
    for (let next = 0; next < blocks.length;) {
      const group = this.currentGroup();
      const take = Math.min(GROUP_BLOCKS - this.groupBlocks, blocks.length - next);
      const batch = blocks.slice(next, next + take);
      const fragment = this.fragment(batch.join(''));
      const nodes = blockNodes(fragment, take) ?? batch.map((html) => Array.from(this.fragment(html).childNodes));
      group.append(...nodes.flat());
      this.blocks.push(...nodes);
      this.groupBlocks += take;
      next += take;
    }
  }

  private renderOpen(open: OpenPatch): void {
    const container = this.open.container;
    if (open.kind === 'children' && open.continues && container !== undefined) {
      for (const node of container.tail) node.remove();
      container.parent.append(...this.children(container.parent, open.settled.join('')));
      container.tail = this.children(container.parent, open.tail);
      container.parent.append(...container.tail);
      return;
    }
    this.dropOpen();
    if (open.kind === 'whole') {
      const fragment = this.fragment(open.html);
      this.open = { nodes: Array.from(fragment.childNodes) };
      if (this.open.nodes.length > 0) this.place(fragment);
      return;
    }
    const fragment = this.fragment(open.head + open.foot);
    const parent = open.container === 'table' ? fragment.querySelector('tbody') : fragment.firstElementChild;
    const nodes = Array.from(fragment.childNodes);
    this.place(fragment);
    if (parent === null) {
      // Not the markup a container renders to (never expected): show the block whole instead.
      for (const node of nodes) node.remove();
      this.renderOpen({ kind: 'whole', html: open.head + open.settled.join('') + open.tail + open.foot });
      return;
    }
    const tail = this.children(parent, open.tail);
    parent.append(...this.children(parent, open.settled.join('')), ...tail);
    this.open = { nodes, container: { parent, tail } };
  }

  /** The nodes of children `html` (rows or items) rendered for `parent`, sanitised and decorated. */
  private children(parent: Element, html: string): ChildNode[] {
    if (html === '') return [];
    const [open, close] = wrappers[parent.tagName === 'TBODY' ? 'table' : 'list'];
    const fragment = this.fragment(open + html + close);
    const holder = fragment.querySelector('tbody') ?? fragment.firstElementChild;
    return holder === null ? [] : Array.from(holder.childNodes);
  }

  /** The group the next settled block belongs in, started when the last one is full. */
  private currentGroup(): HTMLElement {
    if (this.group === undefined || this.groupBlocks >= GROUP_BLOCKS) {
      this.group = document.createElement('div');
      this.group.className = 'md-group';
      this.groupBlocks = 0;
      this.element.append(this.group);
    }
    return this.group;
  }

  /** Puts the open block where it will settle. */
  private place(fragment: DocumentFragment): void {
    this.currentGroup().append(fragment);
  }

  private dropOpen(): void {
    for (const node of this.open.nodes) node.remove();
    this.open = { nodes: [] };
  }

  private fragment(html: string): DocumentFragment {
    const fragment = sanitizeToFragment(html);
    decorateCodeBlocks(fragment);
    this.decorate?.(fragment);
    return fragment;
  }
}

/**
 * The nodes of each of `count` blocks rendered together: markdown-it renders a top-level block as one element and a
 * line break, so each element starts a block. Undefined when the fragment does not split that way.
 */
function blockNodes(fragment: DocumentFragment, count: number): ChildNode[][] | undefined {
  const blocks: ChildNode[][] = [];
  for (const node of Array.from(fragment.childNodes)) {
    const last = blocks[blocks.length - 1];
    if (node.nodeType === Node.ELEMENT_NODE || last === undefined) blocks.push([node]);
    else last.push(node);
  }
  return blocks.length === count ? blocks : undefined;
}

/** Renders `text` in one go: the baseline of the benchmark. */
export function renderMarkdownOnce(element: HTMLElement, md: MarkdownIt, text: string): void {
  const fragment = sanitizeToFragment(md.render(text, { highlight: true }));
  decorateCodeBlocks(fragment);
  element.replaceChildren(fragment);
}
