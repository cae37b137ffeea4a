// One row of the conversation panel: the conversation to open (its title, and for a search result the matches
// highlighted and a snippet of its first match in the turns), its actions (rename in place, export, delete after a
// confirmation in the row), and the rename field or the confirmation while one is under way. Highlights are text nodes
// and <mark> elements made from the host's offsets: conversation text never becomes markup.
import * as l10n from '@vscode/l10n';
import type { ConversationSummaryView, SearchMatchView, TextRangeView } from '../shared/protocol';
import { button, h, iconButton } from './element';
import type { ViewContext } from './viewContext';

/** What a row needs of the panel: the rename or the confirmation under way, and the panel's own reactions. */
export interface RowHost {
  readonly context: ViewContext;
  readonly activeId: string;
  renaming: { id: string; draft: string; focus: boolean } | undefined;
  confirming: string | undefined;
  /** Builds the rows again (after a rename or a confirmation began or ended). */
  rerender(): void;
  /** Opens a conversation (the panel closes). */
  choose(id: string): void;
}

export type RowConversation = ConversationSummaryView | SearchMatchView;

/** `text` as nodes, the stretches `marks` names (in order, not overlapping) inside <mark>. */
export function highlighted(text: string, marks: readonly TextRangeView[]): (string | HTMLElement)[] {
  const parts: (string | HTMLElement)[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(h('mark', { text: text.slice(start, end) }));
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export function conversationRow(host: RowHost, conversation: RowConversation, place: { index: number; of: number }, when: Intl.DateTimeFormat): HTMLLIElement {
  const active = conversation.id === host.activeId;
  const state = host.renaming?.id === conversation.id ? ' renaming' : host.confirming === conversation.id ? ' confirming' : '';
  const attrs = { 'aria-posinset': String(place.index + 1), 'aria-setsize': String(place.of) };
  const item = h('li', { className: `conversation${active ? ' active' : ''}${state}`, testId: 'conversation-item', attrs });
  item.dataset.conversationId = conversation.id;
  const renaming = host.renaming;
  if (renaming?.id === conversation.id) {
    item.append(...renameRow(host, conversation, renaming));
    return item;
  }
  if (host.confirming === conversation.id) {
    item.append(
      h('span', { className: 'confirm-text', text: l10n.t('Delete "{0}"?', conversation.title) }),
      button(
        l10n.t('Delete'),
        () => {
          host.confirming = undefined;
          host.context.post({ type: 'deleteConversation', conversationId: conversation.id });
        },
        // The primary button, as in VS Code's own confirmations (a red fill has no theme colour that keeps its text readable).
        { testId: 'confirm-delete' },
      ),
      button(l10n.t('Cancel'), () => ((host.confirming = undefined), host.rerender()), { className: 'secondary' }),
    );
    return item;
  }
  const select = button('', () => host.choose(conversation.id), { className: 'conversation-select', testId: 'conversation-select' });
  if (active) select.setAttribute('aria-current', 'true');
  const match = 'titleMarks' in conversation ? conversation : undefined;
  select.append(h('span', { className: 'conversation-title', testId: 'conversation-title' }, ...highlighted(conversation.title, match?.titleMarks ?? [])));
  if (match?.snippet !== undefined) {
    select.append(h('span', { className: 'conversation-snippet', testId: 'conversation-snippet' }, ...highlighted(match.snippet.text, match.snippet.marks)));
  }
  select.append(h('span', { className: 'conversation-meta', text: `${when.format(conversation.updatedAt)} · ${l10n.t('{0} turns', conversation.turnCount)}` }));
  const actions = h(
    'span',
    { className: 'conversation-actions' },
    iconButton(
      'edit',
      `${l10n.t('Rename')}: ${conversation.title}`,
      () => ((host.renaming = { id: conversation.id, draft: conversation.title, focus: true }), host.rerender()),
      { testId: 'rename-conversation' },
    ),
    iconButton(
      'export',
      `${l10n.t('Export as Markdown')}: ${conversation.title}`,
      () => host.context.post({ type: 'exportConversation', conversationId: conversation.id }),
      { testId: 'export-conversation' },
    ),
    iconButton('trash', `${l10n.t('Delete')}: ${conversation.title}`, () => ((host.confirming = conversation.id), host.rerender()), {
      testId: 'delete-conversation',
    }),
  );
  item.append(select, actions);
  return item;
}

function renameRow(host: RowHost, conversation: RowConversation, renaming: { id: string; draft: string; focus: boolean }): HTMLElement[] {
  const input = h('input', {
    className: 'rename-input',
    testId: 'rename-input',
    attrs: { type: 'text', 'aria-label': l10n.t('Rename'), maxlength: '200' },
  });
  input.value = renaming.draft;
  input.addEventListener('input', () => (renaming.draft = input.value));
  const save = (): void => {
    const title = input.value.trim();
    host.renaming = undefined;
    if (title !== '' && title !== conversation.title) host.context.post({ type: 'renameConversation', conversationId: conversation.id, title });
    host.rerender();
  };
  input.addEventListener('keydown', (event) => {
    // Handled here: the Enter must not go on to click the row's button, which has focus once the field is gone.
    if (event.key === 'Enter' && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      save();
    }
    if (event.key === 'Escape') {
      // Ends the rename only: the panel's own Escape (clear the search, close) waits for the next press.
      event.stopPropagation();
      host.renaming = undefined;
      host.rerender();
    }
  });
  if (renaming.focus) {
    renaming.focus = false;
    queueMicrotask(() => input.focus());
  }
  return [
    input,
    button(l10n.t('Save and re-run'), save, { className: 'secondary' }),
    button(l10n.t('Cancel'), () => ((host.renaming = undefined), host.rerender()), { className: 'secondary' }),
  ];
}
