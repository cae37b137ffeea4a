// The conversations: new, select, rename in place, delete after an in-view confirmation, export. A panel over the
// top of the view, closed by default so the transcript keeps the room: the history button of the view's title bar
// (MaaS: Show Conversations) opens and closes it, Escape or choosing a conversation closes it. Row actions show on
// hover or keyboard focus.
import type { ConversationSummaryView } from '../shared/protocol';
import { button, h, iconButton, setIcon } from './element';
import { formatString } from '../shared/formatString';
import type { ViewContext } from './viewContext';

export class ConversationList {
  readonly element: HTMLElement;
  private readonly heading = h('h2', { attrs: { id: 'conversations-heading' } });
  private readonly list = h('ul', { className: 'conversation-list', testId: 'conversation-list', attrs: { 'aria-labelledby': 'conversations-heading' } });
  private readonly newButton: HTMLButtonElement;
  private readonly closeButton: HTMLButtonElement;
  private renaming: string | undefined;
  private confirming: string | undefined;
  private conversations: readonly ConversationSummaryView[] = [];
  private activeId = '';

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
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Opens (focusing the open conversation's row) or closes the panel. */
  setOpen(open: boolean, moveFocus: boolean): void {
    if (this.open === open) return;
    this.element.hidden = !open;
    this.onToggle(open);
    if (!moveFocus) return;
    if (open) (this.list.querySelector<HTMLElement>('[aria-current="true"]') ?? this.list.querySelector<HTMLElement>('button') ?? this.newButton).focus();
    else this.focusAfterClose();
  }

  render(conversations: readonly ConversationSummaryView[], activeId: string, force = false): void {
    this.conversations = conversations;
    this.activeId = activeId;
    const s = this.context.strings();
    this.heading.textContent = s.conversations;
    setIcon(this.newButton, 'add', s.newConversation);
    setIcon(this.closeButton, 'close', s.close);
    // Keep an open rename field as it is: a snapshot must not throw away what the user is typing.
    const typing = document.activeElement instanceof HTMLInputElement && this.list.contains(document.activeElement);
    if (typing && !force) return;
    const when = new Intl.DateTimeFormat(this.context.lang, { dateStyle: 'short', timeStyle: 'short' });
    this.list.replaceChildren(...conversations.map((conversation) => this.item(conversation, conversation.id === activeId, when)));
  }

  private rerender(): void {
    this.render(this.conversations, this.activeId, true);
  }

  private item(conversation: ConversationSummaryView, active: boolean, when: Intl.DateTimeFormat): HTMLLIElement {
    const s = this.context.strings();
    const state = this.renaming === conversation.id ? ' renaming' : this.confirming === conversation.id ? ' confirming' : '';
    const item = h('li', { className: `conversation${active ? ' active' : ''}${state}`, testId: 'conversation-item' });
    item.dataset.conversationId = conversation.id;
    if (this.renaming === conversation.id) {
      const input = h('input', { className: 'rename-input', testId: 'rename-input', attrs: { type: 'text', 'aria-label': s.rename, maxlength: '200' } });
      input.value = conversation.title;
      const save = (): void => {
        const title = input.value.trim();
        this.renaming = undefined;
        if (title !== '' && title !== conversation.title) this.context.post({ type: 'renameConversation', conversationId: conversation.id, title });
        this.rerender();
      };
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && !event.isComposing && event.keyCode !== 229) save();
        if (event.key === 'Escape') {
          this.renaming = undefined;
          this.rerender();
        }
      });
      item.append(
        input,
        button(s.editSave, save, { className: 'secondary' }),
        button(s.cancel, () => ((this.renaming = undefined), this.rerender()), { className: 'secondary' }),
      );
      queueMicrotask(() => input.focus());
      return item;
    }
    if (this.confirming === conversation.id) {
      item.append(
        h('span', { className: 'confirm-text', text: formatString(s.confirmDelete, conversation.title) }),
        button(
          s.delete,
          () => {
            this.confirming = undefined;
            this.context.post({ type: 'deleteConversation', conversationId: conversation.id });
          },
          { className: 'danger', testId: 'confirm-delete' },
        ),
        button(s.cancel, () => ((this.confirming = undefined), this.rerender()), { className: 'secondary' }),
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
      h('span', { className: 'conversation-meta', text: `${when.format(conversation.updatedAt)} · ${formatString(s.turnCount, conversation.turnCount)}` }),
    );
    const actions = h(
      'span',
      { className: 'conversation-actions' },
      iconButton('edit', `${s.rename}: ${conversation.title}`, () => ((this.renaming = conversation.id), this.rerender()), { testId: 'rename-conversation' }),
      iconButton('export', `${s.export}: ${conversation.title}`, () => this.context.post({ type: 'exportConversation', conversationId: conversation.id }), {
        testId: 'export-conversation',
      }),
      iconButton('trash', `${s.delete}: ${conversation.title}`, () => ((this.confirming = conversation.id), this.rerender()), {
        testId: 'delete-conversation',
      }),
    );
    item.append(select, actions);
    return item;
  }
}
