// The conversations: new, select, rename in place, delete after an in-view confirmation, export. A panel over the
// top of the view, closed by default so the transcript keeps the room: the history button of the view's title bar
// (MaaS: Show Conversations) opens and closes it, Escape or choosing a conversation closes it. Row actions show on
// hover or keyboard focus. A year of daily use is a thousand conversations: rows are built only while the panel is
// open, a page around the open conversation at first, more as the list scrolls or the keyboard walks past either
// end (arrows, Home/End, Tab); each row says its place in the whole list to screen readers.
import * as l10n from '@vscode/l10n';
import { actionTitles } from '../shared/chatWords';
import type { ConversationSummaryView } from '../shared/protocol';
import { button, h, iconButton, setIcon } from './element';
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

export class ConversationList {
  readonly element: HTMLElement;
  private readonly heading = h('h2', { attrs: { id: 'conversations-heading' } });
  private readonly list = h('ul', { className: 'conversation-list', testId: 'conversation-list', attrs: { 'aria-labelledby': 'conversations-heading' } });
  private readonly newButton: HTMLButtonElement;
  private readonly closeButton: HTMLButtonElement;
  /**
   * The conversation whose title is being edited, what has been typed so far (kept through rebuilds), and whether the
   * field is yet to take the focus (once, when the edit begins: a rebuild must not pull the focus from elsewhere).
   */
  private renaming: { id: string; draft: string; focus: boolean } | undefined;
  private confirming: string | undefined;
  private conversations: readonly ConversationSummaryView[] = [];
  private activeId = '';
  /**
   * The list the rows were built from, and which of it is built. It lags `conversations` (another array) when the
   * latest list came while the panel was closed or a rename was being typed: no page is added to stale rows then.
   */
  private built: readonly ConversationSummaryView[] = [];
  private range: RowRange = { start: 0, end: 0 };
  /** Made on first use: the language never changes while the view lives. */
  private when: Intl.DateTimeFormat | undefined;

  constructor(
    private readonly context: ViewContext,
    open: boolean,
    private readonly onToggle: (open: boolean) => void,
    /** Where focus goes when the panel closes (the question box). */
    private readonly focusAfterClose: () => void,
  ) {
    this.newButton = button('', () => context.post({ type: 'newConversation' }), { className: 'icon-button', testId: 'new-conversation' });
    this.closeButton = button('', () => this.setOpen(false, true), { className: 'icon-button', testId: 'close-conversations' });
    this.element = h(
      'section',
      { className: 'conversations', testId: 'conversations', attrs: { 'aria-labelledby': 'conversations-heading' } },
      h('div', { className: 'conversations-header' }, this.heading, this.newButton, this.closeButton),
      this.list,
    );
    this.element.hidden = !open;
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !(event.target instanceof HTMLInputElement)) this.setOpen(false, true);
    });
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
    // On opening, a page of rows around the open conversation, however many were built while it was last open.
    if (open) this.build(this.aroundActive());
    this.onToggle(open);
    if (!moveFocus) return;
    if (open) (this.list.querySelector<HTMLElement>('[aria-current="true"]') ?? this.list.querySelector<HTMLElement>('button') ?? this.newButton).focus();
    else this.focusAfterClose();
  }

  render(conversations: readonly ConversationSummaryView[], activeId: string, force = false): void {
    this.conversations = conversations;
    this.activeId = activeId;
    this.heading.textContent = l10n.t('Conversations');
    setIcon(this.newButton, 'add', actionTitles(l10n).newConversation);
    setIcon(this.closeButton, 'close', l10n.t('Close'));
    // Nothing is built for a closed panel; and an open rename field is kept as it is: a snapshot must not throw
    // away what the user is typing.
    const typing = document.activeElement instanceof HTMLInputElement && this.list.contains(document.activeElement);
    if (!this.open || (typing && !force)) return;
    this.build(this.keptRange());
  }

  private rerender(): void {
    this.render(this.conversations, this.activeId, true);
  }

  private rangeAround(index: number): RowRange {
    const start = Math.max(0, Math.min(index - rowsAbove, this.conversations.length - pageRows));
    return { start, end: Math.min(this.conversations.length, start + pageRows) };
  }

  private aroundActive(): RowRange {
    return this.rangeAround(this.conversations.findIndex((conversation) => conversation.id === this.activeId));
  }

  /** The same rows as before in a new list: from the same first conversation to the same last one (or either end). */
  private keptRange(): RowRange {
    const position = (row: Element | null): number => this.conversations.findIndex((conversation) => conversation.id === rowId(row));
    const start = this.range.start === 0 ? 0 : position(this.list.firstElementChild);
    const end = this.range.end === this.built.length ? this.conversations.length : position(this.list.lastElementChild) + 1;
    if (this.built.length === 0 || start < 0 || end <= start) return this.aroundActive();
    return { start, end };
  }

  /** Builds the rows of `range` from the latest list; the control that had focus (or its row) keeps it. */
  private build(range: RowRange): void {
    const focused = document.activeElement instanceof HTMLElement && this.list.contains(document.activeElement) ? document.activeElement : undefined;
    const focusedRow = focused === undefined ? undefined : rowId(focused.closest('.conversation'));
    this.built = this.conversations;
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
    return this.built.slice(start, end).map((conversation, offset) => this.item(conversation, start + offset, when));
  }

  private item(conversation: ConversationSummaryView, index: number, when: Intl.DateTimeFormat): HTMLLIElement {
    const active = conversation.id === this.activeId;
    const state = this.renaming?.id === conversation.id ? ' renaming' : this.confirming === conversation.id ? ' confirming' : '';
    const place = { 'aria-posinset': String(index + 1), 'aria-setsize': String(this.built.length) };
    const item = h('li', { className: `conversation${active ? ' active' : ''}${state}`, testId: 'conversation-item', attrs: place });
    item.dataset.conversationId = conversation.id;
    const renaming = this.renaming;
    if (renaming?.id === conversation.id) {
      const input = h('input', {
        className: 'rename-input',
        testId: 'rename-input',
        attrs: { type: 'text', 'aria-label': l10n.t('Rename'), maxlength: '200' },
      });
      input.value = renaming.draft;
      input.addEventListener('input', () => (renaming.draft = input.value));
      const save = (): void => {
        const title = input.value.trim();
        this.renaming = undefined;
        if (title !== '' && title !== conversation.title) this.context.post({ type: 'renameConversation', conversationId: conversation.id, title });
        this.rerender();
      };
      input.addEventListener('keydown', (event) => {
        // Handled here: the Enter must not go on to click the row's button, which has focus once the field is gone.
        if (event.key === 'Enter' && !event.isComposing && event.keyCode !== 229) {
          event.preventDefault();
          save();
        }
        if (event.key === 'Escape') {
          this.renaming = undefined;
          this.rerender();
        }
      });
      item.append(
        input,
        button(l10n.t('Save and re-run'), save, { className: 'secondary' }),
        button(l10n.t('Cancel'), () => ((this.renaming = undefined), this.rerender()), { className: 'secondary' }),
      );
      if (renaming.focus) {
        renaming.focus = false;
        queueMicrotask(() => input.focus());
      }
      return item;
    }
    if (this.confirming === conversation.id) {
      item.append(
        h('span', { className: 'confirm-text', text: l10n.t('Delete "{0}"?', conversation.title) }),
        button(
          l10n.t('Delete'),
          () => {
            this.confirming = undefined;
            this.context.post({ type: 'deleteConversation', conversationId: conversation.id });
          },
          // The primary button, as in VS Code's own confirmations (a red fill has no theme colour that keeps its text readable).
          { testId: 'confirm-delete' },
        ),
        button(l10n.t('Cancel'), () => ((this.confirming = undefined), this.rerender()), { className: 'secondary' }),
      );
      return item;
    }
    const select = button('', () => (this.context.post({ type: 'selectConversation', conversationId: conversation.id }), this.setOpen(false, true)), {
      className: 'conversation-select',
      testId: 'conversation-select',
    });
    if (active) select.setAttribute('aria-current', 'true');
    select.append(
      h('span', { className: 'conversation-title', text: conversation.title }),
      h('span', { className: 'conversation-meta', text: `${when.format(conversation.updatedAt)} · ${l10n.t('{0} turns', conversation.turnCount)}` }),
    );
    const actions = h(
      'span',
      { className: 'conversation-actions' },
      iconButton(
        'edit',
        `${l10n.t('Rename')}: ${conversation.title}`,
        () => ((this.renaming = { id: conversation.id, draft: conversation.title, focus: true }), this.rerender()),
        { testId: 'rename-conversation' },
      ),
      iconButton(
        'export',
        `${l10n.t('Export as Markdown')}: ${conversation.title}`,
        () => this.context.post({ type: 'exportConversation', conversationId: conversation.id }),
        {
          testId: 'export-conversation',
        },
      ),
      iconButton('trash', `${l10n.t('Delete')}: ${conversation.title}`, () => ((this.confirming = conversation.id), this.rerender()), {
        testId: 'delete-conversation',
      }),
    );
    item.append(select, actions);
    return item;
  }
}

function rowId(row: Element | null): string | undefined {
  return row instanceof HTMLElement ? row.dataset.conversationId : undefined;
}
