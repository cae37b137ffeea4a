// Keeps the session's conversations in step with the history folder that every VS Code window shares: the start-up
// load, the background check of the history's list against the folder (after its permissions are narrowed to the
// owner, what an earlier version wrote included), the conversations other windows write or
// delete (the store's watcher), and what the user is told about files set aside and saves that failed (following
// the saver's outcomes).
import { summaryOf } from '../../conversations/conversationModel';
import type { ConversationStore, StoreChange } from '../../conversations/conversationStore';
import * as ops from '../../conversations/conversationsState';
import type { Subscription } from '../../emitter';
import type { Localiser } from '../../../shared/localiser';
import { withNotices, withoutConversation, type ChatLog, type ChatState, type SessionState } from '../sessionState';
import type { HistorySaver } from './historySaver';
import { reportSetAside, type OpenConversations } from './openConversations';

export interface HistorySyncDeps {
  readonly state: ChatState;
  readonly store: ConversationStore;
  readonly open: OpenConversations;
  readonly saver: Pick<HistorySaver, 'onDidSave'>;
  /** The model of a conversation started because none is left. */
  readonly chatModel: () => string;
  readonly l10n: Localiser;
  readonly log: ChatLog;
}

export class HistorySync {
  private watcher: Subscription | undefined;
  private readonly saves: Subscription;
  private saveFailed = false;
  private disposed = false;

  constructor(private readonly deps: HistorySyncDeps) {
    this.saves = deps.saver.onDidSave((outcome) => (outcome.ok ? this.saveSucceeded() : this.saveFailedWith(outcome.error)));
  }

  /**
   * Reads the list and the open conversation. Then, in the background, follows the folder: the returned promise is
   * the load's; the check and the watcher start once the view can show the list.
   */
  async load(): Promise<void> {
    const { deps } = this;
    const { data, setAside, listRebuilt } = await deps.store.load();
    if (listRebuilt !== undefined) deps.log.info(`The chat history's list was ${listRebuilt}: rebuilt from the conversation files.`);
    deps.state.update('load', (s) => ({
      ...s,
      conversations: data,
      notices: setAside.reduce((notices, file) => reportSetAside(notices, file, deps), s.notices),
    }));
    await deps.open.settleActive(deps.chatModel(), 'load');
    // Following other windows' writes, and the check of the list against the folder (files another window, an older
    // version or an edit changed since the list was written are read again). A write in between is not missed: the
    // check compares every file with the list.
    void new Promise((resolve) => setImmediate(resolve)).then(() => {
      if (this.disposed) return undefined;
      this.followOtherWindows();
      return this.checkHistory();
    });
  }

  dispose(): void {
    this.disposed = true;
    this.watcher?.dispose();
    this.saves.dispose();
  }

  /** A save failed: the conversations stay in memory, and the user is told until a save succeeds. */
  private saveFailedWith(error: unknown): void {
    this.saveFailed = true;
    this.deps.log.error('Saving the chat history failed', error);
    const reason = this.deps.log.redact(error instanceof Error ? error.message : String(error));
    const text = this.deps.l10n.t('Saving the chat history failed: {0}', reason);
    this.deps.state.update('notice', (s) => ({ ...s, notices: s.notices.set('historySave', 'error', text, { action: 'showLogs' }) }));
  }

  private saveSucceeded(): void {
    if (!this.saveFailed) return;
    this.saveFailed = false;
    this.deps.state.update('notice', (s) => withNotices(s, s.notices.clear('historySave')));
  }

  private followOtherWindows(): void {
    try {
      this.watcher = this.deps.store.watch(
        (change) => this.takeExternal([change]),
        (error) => this.deps.log.warn(`Following the chat history of other windows stopped: ${error.message}`),
      );
    } catch (error) {
      this.deps.log.warn(`The chat history of other windows cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async checkHistory(): Promise<void> {
    try {
      const { changes, setAside, permissions } = await this.deps.store.check();
      if (permissions.files + permissions.folders > 0) {
        this.deps.log.info(`The chat history is now readable by you only: ${permissions.files} files and ${permissions.folders} folders narrowed.`);
      }
      if (permissions.failed.length > 0) {
        this.deps.log.warn(`These chat history files could not be made readable by you only: ${permissions.failed.slice(0, 5).join(', ')}`);
      }
      if (this.disposed) return;
      this.takeExternal(changes, (notices) => setAside.reduce((shown, file) => reportSetAside(shown, file, this.deps), notices));
    } catch (error) {
      this.deps.log.warn(`The chat history's list could not be checked against its folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Other windows saved or deleted conversations (all windows share the history folder), or a save here merged with
   * another's version, or the start-up check found files that changed: they show here too, in one change.
   */
  private takeExternal(changes: readonly StoreChange[], notices: (shown: SessionState['notices']) => SessionState['notices'] = (shown) => shown): void {
    if (this.disposed) return;
    for (const change of changes) {
      const id = change.kind === 'changed' ? change.conversation.id : change.id;
      this.deps.log.info(`Conversation ${id} was ${change.kind === 'changed' ? 'changed' : 'deleted'} by another window (or merged with its version).`);
    }
    this.deps.state.update('external', (s) => {
      const taken = changes.reduce(takeChange, s);
      const shown = notices(s.notices);
      return shown === s.notices ? taken : { ...taken, notices: shown };
    });
    if (!ops.isLoaded(this.deps.state.current.conversations, this.deps.state.current.conversations.activeId)) {
      void this.deps.open.settleActive(this.deps.chatModel(), 'external');
    }
  }
}

/**
 * Another window's change taken: answers this window is writing keep this window's version of their turn, and the
 * other window's turns are taken too, so the next save does not overwrite them. A conversation this window does not
 * hold in memory only has its summary replaced; a deleted one goes, with its notices (its answers here stop).
 */
function takeChange(state: SessionState, change: StoreChange): SessionState {
  if (change.kind === 'removed') return ops.hasConversation(state.conversations, change.id) ? withoutConversation(state, change.id) : state;
  const held = state.conversations.conversations.find((c) => c.id === change.conversation.id);
  if (held === undefined) return { ...state, conversations: ops.upsertSummary(state.conversations, summaryOf(change.conversation)) };
  const live = held.turns.filter((t) => state.answering.has(t.id));
  return { ...state, conversations: ops.upsertConversation(state.conversations, ops.withLiveTurns(change.conversation, live)) };
}
