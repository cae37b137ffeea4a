// The conversations: new, select, rename in place, delete after an in-view confirmation, export. Collapsible
// (a <details> whose open state the view remembers), so the transcript keeps the room in a narrow side bar.
import type { ConversationSummaryView } from '../shared/protocol';
import { button, h } from './element';
import { formatString } from '../shared/formatString';
import type { ViewContext } from './viewContext';

export class ConversationList {
  readonly element: HTMLDetailsElement;
  private readonly summary = h('summary', { testId: 'conversations-toggle' });
  private readonly list = h('ul', { className: 'conversation-list', testId: 'conversation-list' });
  private readonly newButton: HTMLButtonElement;
  private renaming: string | undefined;
  private confirming: string | undefined;
  private conversations: readonly ConversationSummaryView[] = [];
  private activeId = '';

  constructor(
    private readonly context: ViewContext,
    open: boolean,
    onToggle: (open: boolean) => void,
  ) {
    this.newButton = button('', () => context.post({ type: 'newConversation' }), { testId: 'new-conversation', className: 'secondary' });
    this.element = h('details', { className: 'conversations' }, this.summary, this.newButton, this.list);
    this.element.open = open;
    this.element.addEventListener('toggle', () => onToggle(this.element.open));
  }

  render(conversations: readonly ConversationSummaryView[], activeId: string, force = false): void {
    this.conversations = conversations;
    this.activeId = activeId;
    const s = this.context.strings();
    this.summary.textContent = s.conversations;
    this.newButton.textContent = s.newConversation;
    this.list.setAttribute('aria-label', s.conversations);
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
    const item = h('li', { className: active ? 'conversation active' : 'conversation', testId: 'conversation-item' });
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
    const select = button('', () => this.context.post({ type: 'selectConversation', conversationId: conversation.id }), {
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
      button(s.rename, () => ((this.renaming = conversation.id), this.rerender()), { className: 'icon-button', testId: 'rename-conversation' }),
      button(s.export, () => this.context.post({ type: 'exportConversation', conversationId: conversation.id }), {
        className: 'icon-button',
        testId: 'export-conversation',
      }),
      button(s.delete, () => ((this.confirming = conversation.id), this.rerender()), { className: 'icon-button', testId: 'delete-conversation' }),
    );
    item.append(select, actions);
    return item;
  }
}
