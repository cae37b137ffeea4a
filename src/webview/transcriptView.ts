// The list of turns: keyed reconciliation (a streaming delta touches one turn), scroll pinned to the bottom unless
// the user scrolled up (then "jump to latest"), and a polite announcement when an answer finishes; clicks on links
// and code-block buttons inside answers are delegated (answerClicks.ts). A long conversation is rendered from its
// newest turn back: enough to fill the view at once, older turns when the reader nears them (a sentinel above the
// turns) and a few screens ahead in idle time, each inserted above without moving what is on screen.
import * as l10n from '@vscode/l10n';
import type { ConversationView } from '../shared/protocol';
import { handleAnswerClicks } from './answerClicks';
import { button, h, setAttribute } from './element';
import { keepInPlace } from './scrollAnchor';
import { isLive } from '../shared/turnStatus';
import { TurnView } from './turnView';
import type { ViewContext } from './viewContext';

/** How close to the bottom (px) still counts as "at the bottom". */
const pinSlack = 24;
const announcementLength = 400;
/** Turns rendered at once when a conversation opens, however short; older ones follow until the view is full. */
const firstTurns = 2;
/** Rendered content kept above the view, in view heights: on opening (so the view is full), and in idle time. */
const openAbove = 0.5;
const idleAbove = 2;
/** At most this many older turns in one synchronous step (turns of no height would otherwise never fill the view). */
const maxStep = 50;
/** An idle slice renders another turn only with this much (ms) of the idle period left. */
const idleSliceMs = 4;

type Turn = ConversationView['turns'][number];

export class TranscriptView {
  readonly element: HTMLElement;
  readonly liveRegion = h('div', { className: 'visually-hidden', testId: 'live-region', attrs: { 'aria-live': 'polite', role: 'status' } });
  private readonly list = h('div', { className: 'turns' });
  private readonly omitted = h('div', { className: 'omitted-turns', testId: 'omitted-turns' });
  private readonly empty = h('div', { className: 'empty' });
  /** Above the rendered turns while older ones are not: the sentinel, and a control for keyboard and screen readers. */
  private readonly earlier: HTMLButtonElement;
  private readonly jump: HTMLButtonElement;
  private readonly views = new Map<string, TurnView>();
  private conversationId = '';
  private active: ConversationView | undefined;
  /** Index of the oldest rendered turn: turns from here to the newest are rendered, none before. */
  private from = 0;
  private oldestId: string | undefined;
  private idle: number | undefined;
  /** Whether an answer was being written at the last render: every turn's Edit depends on it. */
  private anyLive = false;
  private pinnedToEnd = true;
  /**
   * Whether the view follows the end of the conversation. While it does, the browser's scroll anchoring is off
   * (`data-pinned`, chat.css): re-rendering an open table or list above its anchor node would otherwise move the view
   * up by the anchor's shift, a scroll no reader made, and unpin it.
   */
  private get pinned(): boolean {
    return this.pinnedToEnd;
  }
  private set pinned(value: boolean) {
    this.pinnedToEnd = value;
    this.element.toggleAttribute('data-pinned', value);
  }
  /** Where the last scroll to the bottom left the view: scrolling up from there is the reader's. */
  private pinnedTop = 0;

  constructor(private readonly context: ViewContext) {
    // A log, reachable with Tab so it can be read and scrolled from the keyboard. It is not itself live: the one
    // polite live region below announces each finished answer once, where a live log would read it a second time.
    const attrs = { role: 'log', 'aria-live': 'off', tabindex: '0' };
    // Pressed from the keyboard, the control keeps its place and the turns it brings come right after it, where a
    // screen reader reads on; its focus holds off the automatic rendering below, so the page stays still under it.
    this.earlier = button('', () => this.growBy(this.keyboardOnEarlier() ? this.earlier : this.list.firstElementChild), {
      className: 'link-button earlier-turns',
      testId: 'earlier-turns',
    });
    this.earlier.hidden = true;
    this.element = h('section', { className: 'transcript', testId: 'transcript', attrs }, this.empty, this.earlier, this.list);
    this.element.toggleAttribute('data-pinned', true);
    this.jump = button('', () => this.scrollToEnd(), { className: 'jump-to-latest', testId: 'jump-to-latest' });
    this.jump.hidden = true;
    // Only the reader scrolling up unpins: a scroll event the layout causes (an image's thumbnail loading) never moves
    // the view up from where it was put, and scroll anchoring, which would, is off while pinned.
    this.element.addEventListener('scroll', () => {
      if (this.atBottom()) {
        this.pinned = true;
        this.jump.hidden = true;
      } else if (this.element.scrollTop < this.pinnedTop - pinSlack) {
        this.pinned = false;
      }
      if (this.element.scrollTop < this.element.clientHeight * idleAbove) this.scheduleIdle();
    });
    // Content that grows without a render of ours (a thumbnail decoded late, a code block's font) stays pinned.
    new ResizeObserver(() => {
      if (this.pinned) this.toBottom();
    }).observe(this.list);
    // The reader (or a keyboard's Home, a screen reader's cursor) within a view height of the oldest rendered turn:
    // another view height of older turns, at once. Observed afresh after each step, so a step that left the sentinel
    // in range (short turns) is followed by another.
    const edge = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || this.keyboardOnEarlier()) return;
        this.growBy(this.list.firstElementChild);
        edge.unobserve(this.earlier);
        edge.observe(this.earlier);
      },
      { root: this.element, rootMargin: '100% 0px 0px 0px' },
    );
    edge.observe(this.earlier);
    this.earlier.addEventListener('focusout', () => {
      edge.unobserve(this.earlier);
      edge.observe(this.earlier);
      this.scheduleIdle();
    });
    handleAnswerClicks(this.element, context);
  }

  get jumpButton(): HTMLButtonElement {
    return this.jump;
  }

  /** Reconciles the rendered turns of `active`; `only` limits the work to one turn (a streaming delta). */
  render(active: ConversationView, only?: string): void {
    this.active = active;
    // Written only when they change: a streaming delta renders here every frame, and a write, even of the same value,
    // can make the browser lay the view out again.
    const jumpLabel = l10n.t('Jump to latest');
    if (this.jump.textContent !== jumpLabel) this.jump.textContent = jumpLabel;
    setAttribute(this.element, 'aria-label', active.title === '' ? l10n.t('MaaS Assistant') : active.title);
    const switched = active.id !== this.conversationId;
    if (switched) {
      for (const view of this.views.values()) view.dispose();
      this.views.clear();
      this.list.replaceChildren();
      this.conversationId = active.id;
      this.pinned = true;
      this.oldestId = undefined;
      this.from = Math.max(0, active.turns.length - firstTurns);
    }
    const anyLive = active.turns.some((turn) => isLive(turn.status));
    setAttribute(this.element, 'aria-busy', String(anyLive));
    const lastIndex = active.turns.length - 1;
    // One turn changed: only it is updated, unless the answer being written has ended (or started), which gives
    // every other question back its Edit (or takes it away). A turn not rendered yet gets its state when it is.
    const liveChanged = anyLive !== this.anyLive;
    this.anyLive = anyLive;
    if (only !== undefined && !liveChanged) {
      const index = active.turns.findIndex((turn) => turn.id === only);
      const turn = active.turns[index];
      const view = this.views.get(only);
      if (turn !== undefined && view !== undefined) this.updateTurn(view, turn, index === lastIndex, anyLive);
      this.afterRender();
      return;
    }
    // A delta leaves the turns where they were; a snapshot may have added or dropped some before the oldest shown.
    if (!switched) this.from = this.oldestIndex(active);
    this.omitted.hidden = active.omittedTurns <= 0;
    this.omitted.textContent = l10n.t('{0} earlier turns are left out of the request (history limits in settings).', active.omittedTurns);
    this.empty.hidden = active.turns.length > 0;
    this.empty.textContent = l10n.t('Ask anything about your code. Select code in the editor and use "MaaS: Add Selection to Chat" to include it.');
    const seen = new Set<string>();
    const elements: HTMLElement[] = [];
    for (let index = this.from; index <= lastIndex; index += 1) {
      const turn = active.turns[index] as Turn;
      seen.add(turn.id);
      elements.push(this.viewFor(turn, index === lastIndex, anyLive).element);
    }
    for (const [id, view] of this.views) {
      if (!seen.has(id)) {
        view.dispose();
        view.element.remove();
        this.views.delete(id);
      }
    }
    const marker = markerIndex(active);
    if (marker >= this.from) elements.splice(marker - this.from, 0, this.omitted);
    this.place(elements);
    this.oldestId = active.turns[this.from]?.id;
    this.afterRender();
    // A conversation just opened (or a snapshot that left less to show): older turns until the view is full.
    this.grow(() => this.element.scrollTop < this.element.clientHeight * openAbove);
    this.scheduleIdle();
  }

  /** The rendered part starts at the same turn as before, wherever the snapshot now has it. */
  private oldestIndex(active: ConversationView): number {
    const index = this.oldestId === undefined ? -1 : active.turns.findIndex((turn) => turn.id === this.oldestId);
    return index >= 0 ? index : Math.max(0, Math.min(this.from, active.turns.length - firstTurns));
  }

  private viewFor(turn: Turn, isLast: boolean, anyLive: boolean): TurnView {
    let view = this.views.get(turn.id);
    if (view === undefined) {
      view = new TurnView(this.context);
      this.views.set(turn.id, view);
    }
    this.updateTurn(view, turn, isLast, anyLive);
    return view;
  }

  /**
   * Puts `wanted` into the list in order by inserting what is new and removing what is gone, never moving the
   * turns that stay: moving a node that holds focus loses it. The marker is the one node whose place among the
   * turns changes, and it never holds focus, so it is taken out first and inserted where it now belongs.
   */
  private place(wanted: readonly HTMLElement[]): void {
    const keep = new Set<Element>(wanted);
    const children = this.list.children;
    for (const child of Array.from(children)) if (!keep.has(child)) child.remove();
    if (this.omitted.parentElement === this.list && children[wanted.indexOf(this.omitted)] !== this.omitted) this.omitted.remove();
    wanted.forEach((element, index) => {
      const at = children[index];
      if (at !== element) this.list.insertBefore(element, at ?? null);
    });
  }

  /**
   * Renders older turns, one at a time, while `more()` says so, inserting each above the oldest rendered one;
   * `reference` (by default the turn the reader sees above all others) stays where it is on screen.
   */
  private grow(more: () => boolean, reference = this.list.firstElementChild): void {
    const active = this.active;
    if (active === undefined) return;
    if (this.from > 0) {
      const restore = keepInPlace(this.element, reference);
      for (let step = 0; this.from > 0 && step < maxStep && more(); step += 1) {
        this.renderOlder(active);
        // Pinned to the bottom, the bottom is what stays in place.
        if (this.pinned) this.toBottom();
        else restore();
      }
    }
    this.showEarlier();
  }

  /** Another view height of older turns. */
  private growBy(reference: Element | null): void {
    const target = this.list.offsetHeight + this.element.clientHeight;
    this.grow(() => this.list.offsetHeight < target, reference);
  }

  /** The keyboard is on "Show earlier turns" (focused by Tab, not by a click: `:focus-visible`). */
  private keyboardOnEarlier(): boolean {
    return document.activeElement === this.earlier && this.earlier.matches(':focus-visible');
  }

  /** Renders the turn before the oldest rendered one, above it. */
  private renderOlder(active: ConversationView): void {
    const index = this.from - 1;
    const turn = active.turns[index] as Turn;
    const element = this.viewFor(turn, index === active.turns.length - 1, this.anyLive).element;
    // The marker sits before the first turn the request sends: this one, when all before it are left out.
    if (markerIndex(active) === index) this.list.prepend(this.omitted, element);
    else this.list.prepend(element);
    this.from = index;
    this.oldestId = turn.id;
  }

  private showEarlier(): void {
    const none = this.from === 0;
    // The control goes away under the keyboard's focus once everything is shown: focus stays in the transcript.
    if (none && document.activeElement === this.earlier) this.element.focus({ preventScroll: true });
    this.earlier.hidden = none;
    this.earlier.textContent = l10n.t('Show earlier turns ({0} more)', this.from);
  }

  private scheduleIdle(): void {
    if (this.idle !== undefined || this.from === 0) return;
    this.idle = requestIdleCallback((deadline) => {
      this.idle = undefined;
      if (this.keyboardOnEarlier()) return;
      const wanted = (): boolean => this.element.scrollTop < this.element.clientHeight * idleAbove;
      this.grow(() => wanted() && deadline.timeRemaining() >= idleSliceMs);
      if (wanted()) this.scheduleIdle();
    });
  }

  private updateTurn(view: TurnView, turn: Turn, isLast: boolean, anyLive: boolean): void {
    const wasLive = isLive(view.element.dataset.status);
    view.update(turn, isLast, anyLive);
    if (wasLive && turn.status === 'done')
      view.whenAnswerRendered(() => {
        const text = view.answerText.replace(/\s+/g, ' ').trim().slice(0, announcementLength);
        this.liveRegion.textContent = l10n.t('Answer: {0}', text);
      });
  }

  private atBottom(): boolean {
    return this.element.scrollTop + this.element.clientHeight >= this.element.scrollHeight - pinSlack;
  }

  private afterRender(): void {
    if (this.pinned) this.toBottom();
    else this.jump.hidden = this.atBottom();
  }

  scrollToEnd(): void {
    this.pinned = true;
    this.jump.hidden = true;
    this.toBottom();
  }

  private toBottom(): void {
    this.element.scrollTop = this.element.scrollHeight;
    this.pinnedTop = this.element.scrollTop;
  }
}

/** Where the "earlier turns left out" marker goes: before the first turn the request sends (-1: nowhere). */
function markerIndex(active: ConversationView): number {
  return active.omittedTurns > 0 && active.omittedTurns < active.turns.length ? active.omittedTurns : -1;
}
