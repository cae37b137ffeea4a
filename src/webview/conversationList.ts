// The conversations: new, select, rename in place, delete after an in-view confirmation, export. A panel over the
// top of the view, closed by default so the transcript keeps the room: the history button of the view's title bar
// (MaaS: Show Conversations) opens and closes it, Escape or choosing a conversation closes it. Row actions show on
// hover or keyboard focus. A year of daily use is a thousand conversations: rows are built only while the panel is
// open, a page around the open conversation at first, more as the list scrolls or the keyboard walks past either
// end (arrows, Home/End, Tab); each row says its place in the whole list to screen readers. A search field at its top
// (conversationSearch.ts) shows the conversations whose title, questions or answers match instead: Ctrl/Cmd+F, or
// typing while the panel has focus, goes there; Down goes from it into the rows and Up from the first row back to
// it; Enter opens the first result; Escape clears the search, and then closes the panel.
import * as l10n from '@vscode/l10n';
import { actionTitles } from '../shared/chatWords';
import type { ConversationSummaryView, SearchResultsView } from '../shared/protocol';
import { conversationRow, type RowConversation, type RowHost } from './conversationRow';
import { ConversationSearch } from './conversationSearch';
import { button, h, setIcon } from './element';
import { keepInPlace } from './scrollAnchor';
import type { ViewContext } from './viewContext';

/** Rows built when the panel opens, and added at a time where the reader nears an end of those built. */
const pageRows = 50;
/** When the rows start around the open conversation, this many before it are built too. */
const rowsAbove = 10;

/** The rows built: conversations[start] up to, not including, conversations[end]. */
interface RowRange {
  readonly start: number;
  readonly end: number;
}

export class ConversationList implements RowHost {
  readonly element: HTMLElement;
  private readonly heading = h('h2', { attrs: { id: 'conversations-heading' } });
  private readonly list = h('ul', { className: 'conversation-list', testId: 'conversation-list', attrs: { 'aria-labelledby': 'conversations-heading' } });
  private readonly newButton: HTMLButtonElement;
  private readonly closeButton: HTMLButtonElement;
  private readonly search: ConversationSearch;
  /**
   * The conversation whose title is being edited, what has been typed so far (kept through rebuilds), and whether the
   * field is yet to take the focus (once, when the edit begins: a rebuild must not pull the focus from elsewhere).
   */
  renaming: { id: string; draft: string; focus: boolean } | undefined;
  confirming: string | undefined;
  private conversations: readonly ConversationSummaryView[] = [];
  activeId = '';
  /**
   * The list the rows were built from, and which of it is built. It lags `conversations` (another array) when the
   * latest list came while the panel was closed or a rename was being typed: no page is added to stale rows then.
   * While a search is shown it is the search's results, all of those received built.
   */
  private built: readonly RowConversation[] = [];
  private range: RowRange = { start: 0, end: 0 };
  /** Made on first use: the language never changes while the view lives. */
  private when: Intl.DateTimeFormat | undefined;
  /** The search kept in the field has been made again since the page loaded (once the host has sent the first snapshot). */
  private searchResumed = false;

  constructor(
    readonly context: ViewContext,
    open: boolean,
    private readonly onToggle: (open: boolean) => void,
    /** Where focus goes when the panel closes (the question box). */
    private readonly focusAfterClose: () => void,
    /** The search kept from before the view was hidden, and where to keep it. */
    search: { readonly query: string; readonly keep: (query: string) => void },
  ) {
    this.newButton = button('', () => context.post({ type: 'newConversation' }), { className: 'icon-button', testId: 'new-conversation' });
    this.closeButton = button('', () => this.setOpen(false, true), { className: 'icon-button', testId: 'close-conversations' });
    this.search = new ConversationSearch(context, search.query, {
      changed: () => this.showResults(),
      keep: search.keep,
      intoRows: () => this.list.querySelector<HTMLElement>('.conversation-select, input, button')?.focus(),
      choose: (id) => this.choose(id),
      close: () => this.setOpen(false, true),
    });
    this.element = h(
      'section',
      { className: 'conversations', testId: 'conversations', attrs: { 'aria-labelledby': 'conversations-heading' } },
      h('div', { className: 'conversations-header' }, this.heading, this.newButton, this.closeButton),
      this.search.field,
      this.search.status,
      this.list,
    );
    this.element.hidden = !open;
    this.element.addEventListener('keydown', (event) => this.search.panelKey(event));
    this.list.addEventListener('keydown', (event) => this.walk(event));
    this.list.addEventListener('scroll', () => this.fillEdges());
    // Tab and Shift+Tab walk row by row: a row reached at an end of those built brings the next page there.
    this.list.addEventListener('focusin', (event) => {
      const index = this.indexOf(event.target);
      if (index >= this.range.end - 1) this.addPage(true);
      if (index === this.range.start) this.addPage(false);
    });
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Opens (focusing the open conversation's row) or closes the panel. */
  setOpen(open: boolean, moveFocus: boolean): void {
    if (this.open === open) return;
    this.element.hidden = !open;
    // On opening, a page of rows around the open conversation, however many were built while it was last open; a
    // search kept in the field is made again (its results replace the rows when they come).
    if (open) {
      this.searchResumed = true;
      this.search.resume();
      this.build(this.aroundActive());
    } else this.search.end();
    this.onToggle(open);
    if (!moveFocus) return;
    if (!open) this.focusAfterClose();
    else if (this.search.query !== '') this.search.focus();
    else (this.list.querySelector<HTMLElement>('[aria-current="true"]') ?? this.list.querySelector<HTMLElement>('button') ?? this.newButton).focus();
  }

  /** The host's answer to the panel's search. */
  receiveResults(results: SearchResultsView): void {
    this.search.receive(results);
  }

  /** Opens a conversation from a row, closing the panel. */
  choose(id: string): void {
    this.context.post({ type: 'selectConversation', conversationId: id });
    this.setOpen(false, true);
  }

  render(conversations: readonly ConversationSummaryView[], activeId: string, force = false): void {
    this.conversations = conversations;
    this.activeId = activeId;
    this.heading.textContent = l10n.t('Conversations');
    setIcon(this.newButton, 'add', actionTitles(l10n).newConversation);
    setIcon(this.closeButton, 'close', l10n.t('Close'));
    this.search.render();
    if (this.open && !this.searchResumed) {
      // A page that opens with the panel open (the view was hidden): its kept search is made again, after its `ready`.
      this.searchResumed = true;
      this.search.resume();
    }
    // Nothing is built for a closed panel; and an open rename field is kept as it is: a snapshot must not throw
    // away what the user is typing.
    const typing = document.activeElement instanceof HTMLInputElement && this.list.contains(document.activeElement);
    if (!this.open || (typing && !force)) return;
    this.build(this.keptRange());
  }

  rerender(): void {
    this.render(this.conversations, this.activeId, true);
  }

  /** The search's results changed, or the search ended: the rows follow unless a rename is being typed. */
  private showResults(): void {
    if (!this.open || this.renaming !== undefined) return;
    this.build(this.search.matches === undefined ? this.aroundActive() : this.keptRange());
  }

  /** The rows to build from: the search's results while one is shown, else every conversation. */
  private get source(): readonly RowConversation[] {
    return this.search.matches ?? this.conversations;
  }

  private rangeAround(index: number): RowRange {
    const { length } = this.source;
    if (this.search.matches !== undefined) return { start: 0, end: length };
    const start = Math.max(0, Math.min(index - rowsAbove, length - pageRows));
    return { start, end: Math.min(length, start + pageRows) };
  }

  private aroundActive(): RowRange {
    return this.rangeAround(this.source.findIndex((conversation) => conversation.id === this.activeId));
  }

  /** The same rows as before in a new list: from the same first conversation to the same last one (or either end). */
  private keptRange(): RowRange {
    const source = this.source;
    if (this.search.matches !== undefined) return { start: 0, end: source.length };
    const position = (row: Element | null): number => source.findIndex((conversation) => conversation.id === rowId(row));
    const start = this.range.start === 0 ? 0 : position(this.list.firstElementChild);
    const end = this.range.end === this.built.length ? source.length : position(this.list.lastElementChild) + 1;
    if (this.built.length === 0 || start < 0 || end <= start) return this.aroundActive();
    return { start, end };
  }

  /** Builds the rows of `range` from the latest list; the control that had focus (or its row) keeps it. */
  private build(range: RowRange): void {
    const focused = document.activeElement instanceof HTMLElement && this.list.contains(document.activeElement) ? document.activeElement : undefined;
    const focusedRow = focused === undefined ? undefined : rowId(focused.closest('.conversation'));
    this.built = this.source;
    this.range = range;
    this.list.replaceChildren(...this.rows(range.start, range.end));
    if (focusedRow !== undefined) {
      const row = this.rowElement(focusedRow);
      const control = row?.querySelector<HTMLElement>(`[data-testid="${focused?.dataset.testid ?? ''}"]`) ?? row?.querySelector<HTMLElement>('input, button');
      control?.focus();
    }
    // Rows to scroll into above and below, once the panel has been painted (at the top, a wheel has nothing to scroll).
    requestIdleCallback(() => this.fillEdges(), { timeout: 500 });
  }

  /** Adds a page of rows just below those built, or just above them (keeping what the reader sees in place). */
  private addPage(below: boolean): void {
    const { start, end } = this.range;
    if (below && this.search.matches !== undefined) this.search.more();
    if (this.built !== this.conversations) return;
    if (below && end < this.built.length) {
      const last = Math.min(this.built.length, end + pageRows);
      this.list.append(...this.rows(end, last));
      this.range = { start, end: last };
    } else if (!below && start > 0) {
      const first = Math.max(0, start - pageRows);
      const restore = keepInPlace(this.list, this.list.firstElementChild);
      this.list.prepend(...this.rows(first, start));
      restore();
      this.range = { start: first, end };
    }
  }

  /** The reader within a list height of an end of the rows built: the next page there. */
  private fillEdges(): void {
    const { scrollTop, scrollHeight, clientHeight } = this.list;
    if (!this.open || clientHeight === 0) return;
    if (scrollHeight - scrollTop - clientHeight < clientHeight) this.addPage(true);
    if (scrollTop < clientHeight) this.addPage(false);
  }

  /** Arrow keys move between rows (as in VS Code's lists), Home and End go to the first and the last. */
  private walk(event: KeyboardEvent): void {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const index = this.indexOf(event.target);
    const moves: Partial<Record<string, number>> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: this.built.length - 1 };
    const target = moves[event.key];
    if (index < 0 || target === undefined) return;
    event.preventDefault();
    if (target < 0 && event.key === 'ArrowUp') this.search.field.focus();
    if (target >= this.built.length && this.search.matches !== undefined) this.search.more();
    if (target < 0 || target >= this.built.length) return;
    if (target === this.range.end) this.addPage(true);
    else if (target === this.range.start - 1) this.addPage(false);
    else if (target < this.range.start || target >= this.range.end) this.build(this.rangeAround(target));
    this.rowElement(this.built[target]?.id)?.querySelector<HTMLElement>('input, button')?.focus();
  }

  private indexOf(target: EventTarget | null): number {
    const id = target instanceof Element ? rowId(target.closest('.conversation')) : undefined;
    return id === undefined ? -1 : this.built.findIndex((conversation) => conversation.id === id);
  }

  private rowElement(id: string | undefined): HTMLElement | undefined {
    return Array.from(this.list.children).find((row): row is HTMLElement => rowId(row) === id);
  }

  private rows(start: number, end: number): HTMLLIElement[] {
    const when = (this.when ??= new Intl.DateTimeFormat(this.context.lang, { dateStyle: 'short', timeStyle: 'short' }));
    // A result says its place among every conversation that matches, the list's among all of them.
    const of = this.search.matches === undefined ? this.built.length : this.search.total;
    return this.built.slice(start, end).map((conversation, offset) => conversationRow(this, conversation, { index: start + offset, of }, when));
  }
}

function rowId(row: Element | null): string | undefined {
  return row instanceof HTMLElement ? row.dataset.conversationId : undefined;
}
