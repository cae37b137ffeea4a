// The list of turns: keyed reconciliation (a streaming delta touches one turn), scroll pinned to the bottom unless
// the user scrolled up (then "jump to latest"), a polite announcement when an answer finishes, and delegated
// handling of links and code-block buttons inside rendered answers.
import type { ConversationView } from '../shared/protocol';
import { codeLanguage, codeText } from './codeBlocks';
import { showCopied } from './copyFeedback';
import { button, h } from './element';
import { formatString } from '../shared/formatString';
import { isLive, TurnView } from './turnView';
import type { ViewContext } from './viewContext';

/** How close to the bottom (px) still counts as "at the bottom". */
const pinSlack = 24;
const announcementLength = 400;

export class TranscriptView {
  readonly element: HTMLElement;
  readonly liveRegion = h('div', { className: 'visually-hidden', testId: 'live-region', attrs: { 'aria-live': 'polite', role: 'status' } });
  private readonly list = h('div', { className: 'turns' });
  private readonly omitted = h('div', { className: 'omitted-turns', testId: 'omitted-turns' });
  private readonly empty = h('div', { className: 'empty' });
  private readonly jump: HTMLButtonElement;
  private readonly views = new Map<string, TurnView>();
  private conversationId = '';
  /** Whether an answer was being written at the last render: every turn's Edit depends on it. */
  private anyLive = false;
  private pinned = true;
  /** Where the last scroll to the bottom left the view: scrolling up from there is the reader's. */
  private pinnedTop = 0;

  constructor(private readonly context: ViewContext) {
    // A log, reachable with Tab so it can be read and scrolled from the keyboard. It is not itself live: the one
    // polite live region below announces each finished answer once, where a live log would read it a second time.
    const attrs = { role: 'log', 'aria-live': 'off', tabindex: '0' };
    this.element = h('section', { className: 'transcript', testId: 'transcript', attrs }, this.empty, this.list);
    this.jump = button('', () => this.scrollToEnd(), { className: 'jump-to-latest', testId: 'jump-to-latest' });
    this.jump.hidden = true;
    // Only the reader scrolling up unpins: a scroll event the layout causes (an image's thumbnail loading, the
    // browser's scroll anchoring) never moves the view up from where it was put.
    this.element.addEventListener('scroll', () => {
      if (this.atBottom()) {
        this.pinned = true;
        this.jump.hidden = true;
      } else if (this.element.scrollTop < this.pinnedTop - pinSlack) {
        this.pinned = false;
      }
    });
    // Content that grows without a render of ours (a thumbnail decoded late, a code block's font) stays pinned.
    new ResizeObserver(() => {
      if (this.pinned) this.toBottom();
    }).observe(this.list);
    this.element.addEventListener('click', (event) => this.onClick(event));
    this.element.addEventListener('auxclick', (event) => {
      if (event.target instanceof Element && event.target.closest('a') !== null) event.preventDefault();
    });
  }

  get jumpButton(): HTMLButtonElement {
    return this.jump;
  }

  /** Reconciles every turn of `active`; `only` limits the work to one turn (a streaming delta). */
  render(active: ConversationView, only?: string): void {
    const s = this.context.strings();
    this.jump.textContent = s.jumpToLatest;
    this.element.setAttribute('aria-label', active.title === '' ? s.title : active.title);
    if (active.id !== this.conversationId) {
      for (const view of this.views.values()) view.dispose();
      this.views.clear();
      this.list.replaceChildren();
      this.conversationId = active.id;
      this.pinned = true;
    }
    const anyLive = active.turns.some(isLive);
    this.element.setAttribute('aria-busy', String(anyLive));
    const lastIndex = active.turns.length - 1;
    // One turn changed: only it is updated, unless the answer being written has ended (or started), which gives
    // every other question back its Edit (or takes it away).
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
    this.omitted.hidden = active.omittedTurns <= 0;
    this.omitted.textContent = formatString(s.omittedTurns, active.omittedTurns);
    this.empty.hidden = active.turns.length > 0;
    this.empty.textContent = s.emptyConversation;
    const seen = new Set<string>();
    const elements: HTMLElement[] = [];
    active.turns.forEach((turn, index) => {
      seen.add(turn.id);
      let view = this.views.get(turn.id);
      if (view === undefined) {
        view = new TurnView(this.context);
        this.views.set(turn.id, view);
      }
      this.updateTurn(view, turn, index === lastIndex, anyLive);
      elements.push(view.element);
    });
    for (const [id, view] of this.views) {
      if (!seen.has(id)) {
        view.dispose();
        view.element.remove();
        this.views.delete(id);
      }
    }
    // The marker sits where the request's history starts: after the turns it leaves out, before the first it sends.
    if (active.omittedTurns > 0 && active.omittedTurns < elements.length) elements.splice(active.omittedTurns, 0, this.omitted);
    else this.omitted.remove();
    // Moving a node that holds focus loses it: reorder only when the order really changed.
    const current = Array.from(this.list.children);
    if (current.length !== elements.length || elements.some((el, i) => current[i] !== el)) this.list.replaceChildren(...elements);
    this.afterRender();
  }

  private updateTurn(view: TurnView, turn: ConversationView['turns'][number], isLast: boolean, anyLive: boolean): void {
    const wasLive = view.element.dataset.status === 'pending' || view.element.dataset.status === 'streaming';
    view.update(turn, isLast, anyLive);
    if (wasLive && turn.status === 'done') {
      const text = view.answerText.replace(/\s+/g, ' ').trim().slice(0, announcementLength);
      this.liveRegion.textContent = formatString(this.context.strings().answerAnnouncement, text);
    }
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

  private onClick(event: MouseEvent): void {
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest('a');
    if (link !== null && this.element.contains(link)) {
      // Model output never navigates the webview: the host decides what to do with the link.
      event.preventDefault();
      const href = link.getAttribute('href');
      if (href !== null && href !== '') this.context.post({ type: 'openLink', href });
      return;
    }
    const control = event.target.closest<HTMLElement>('[data-code-action]');
    const pre = control?.closest('.code-block')?.querySelector('pre');
    if (control === null || pre === null || pre === undefined) return;
    const code = codeText(pre);
    switch (control.dataset.codeAction) {
      case 'copy':
        this.context.post({ type: 'copyText', text: code });
        showCopied(control, this.context.strings().copied, this.context.strings().copy);
        break;
      case 'insert':
        this.context.post({ type: 'insertCode', code });
        break;
      case 'open':
        this.context.post({ type: 'openCode', code, language: codeLanguage(pre).slice(0, 64) });
        break;
      default:
        // Not one of the code block's buttons: nothing to do.
        break;
    }
  }
}
