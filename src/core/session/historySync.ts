// Keeps the session's conversations in step with the history folder that every VS Code window shares: the start-up
// load, the background check of the history's list against the folder, the conversations other windows write or
// delete (the store's watcher), and the files set aside and saves failed that the user is told about.
import { summaryOf } from '../conversations/conversationModel';
import type { ConversationStore, SetAsideFile, StoreChange } from '../conversations/conversationStore';
import * as ops from '../conversations/conversationsState';
import type { Subscription } from '../emitter';
import type { Localiser } from '../localiser';
import type { Notices } from './notices';
import type { OpenConversations, StateCell } from './openConversations';
import type { ChatLog } from './turnInputs';
import type { TurnRuns } from './turnRuns';

export interface HistorySyncDeps {
  readonly state: StateCell;
  readonly store: ConversationStore;
  readonly open: OpenConversations;
  readonly runs: Pick<TurnRuns, 'isRunning' | 'stopAll'>;
  readonly notices: Notices;
  /** Sends the notices shown now. */
  readonly showNotices: () => void;
  /** Sends the view a new snapshot. */
  readonly refresh: () => Promise<void>;
  /** The model of a conversation started because none is left. */
  readonly chatModel: () => string;
  /** Whether the session is gone (the window closed): nothing arriving later is taken. */
  readonly closed: () => boolean;
  readonly l10n: Localiser;
  readonly log: ChatLog;
}

export class HistorySync {
  private watcher: Subscription | undefined;
  private checked: Promise<void> = Promise.resolve();
  private saveFailed = false;

  constructor(private readonly deps: HistorySyncDeps) {}

  /** Reads the list and the open conversation; then, in the background, follows the folder. */
  async load(): Promise<void> {
    const { deps } = this;
    const { data, setAside, listRebuilt } = await deps.store.load();
    if (listRebuilt !== undefined) deps.log.info(`The chat history's list was ${listRebuilt}: rebuilt from the conversation files.`);
    deps.state.set(data);
    await deps.open.settleActive(deps.chatModel());
    for (const file of setAside) this.reportSetAside(file);
    // Once the view can show the list: following other windows' writes, and the check of the list against the folder
    // (files another window, an older version or an edit changed since the list was written are read again). A
    // write in between is not missed: the check compares every file with the list.
    this.checked = new Promise((resolve) => setImmediate(resolve)).then(() => {
      if (deps.closed()) return undefined;
      this.followOtherWindows();
      return this.checkHistory();
    });
  }

  /** Resolves once the background check of the history's list against its folder has ended. */
  whenChecked(): Promise<void> {
    return this.checked;
  }

  reportSetAside(file: SetAsideFile): void {
    this.deps.log.error(`A chat history file could not be read and was set aside as ${file.movedTo}: ${file.reason}`);
    this.deps.notices.set(
      'historySetAside',
      'error',
      this.deps.l10n.t(
        'A chat history file could not be read and was kept aside as {0}; the other conversations are intact and nothing was deleted.',
        file.movedTo,
      ),
      { action: 'showLogs' },
    );
  }

  /** A save failed: the conversations stay in memory, and the user is told until a save succeeds. */
  saveFailedWith(error: unknown): void {
    this.saveFailed = true;
    this.deps.log.error('Saving the chat history failed', error);
    const reason = this.deps.log.redact(error instanceof Error ? error.message : String(error));
    this.deps.notices.set('historySave', 'error', this.deps.l10n.t('Saving the chat history failed: {0}', reason), { action: 'showLogs' });
    this.deps.showNotices();
  }

  saveSucceeded(): void {
    if (!this.saveFailed) return;
    this.saveFailed = false;
    if (this.deps.notices.clear('historySave')) this.deps.showNotices();
  }

  dispose(): void {
    this.watcher?.dispose();
  }

  private followOtherWindows(): void {
    try {
      this.watcher = this.deps.store.watch(
        (change) => this.takeExternal(change),
        (error) => this.deps.log.warn(`Following the chat history of other windows stopped: ${error.message}`),
      );
    } catch (error) {
      this.deps.log.warn(`The chat history of other windows cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async checkHistory(): Promise<void> {
    try {
      const { changes, setAside } = await this.deps.store.check();
      if (this.deps.closed()) return;
      for (const change of changes) this.takeExternal(change, false);
      for (const file of setAside) this.reportSetAside(file);
      if (changes.length > 0 || setAside.length > 0) await this.deps.refresh();
    } catch (error) {
      this.deps.log.warn(`The chat history's list could not be checked against its folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Another window saved or deleted a conversation (all windows share the history folder), or a save here merged
   * with its version, or the start-up check found a file that changed: show it here too. Answers this window is
   * writing keep this window's version of their turn; the other window's turns are taken too, so the next save
   * does not overwrite them. A conversation this window does not hold in memory only has its summary replaced.
   */
  private takeExternal(change: StoreChange, render = true): void {
    const { deps } = this;
    if (deps.closed()) return;
    const state = deps.state.get();
    const id = change.kind === 'changed' ? change.conversation.id : change.id;
    const conversation = state.conversations.find((c) => c.id === id);
    deps.log.info(`Conversation ${id} was ${change.kind === 'changed' ? 'changed' : 'deleted'} by another window (or merged with its version).`);
    if (change.kind === 'changed') {
      if (conversation === undefined) {
        deps.state.set(ops.upsertSummary(state, summaryOf(change.conversation)));
      } else {
        const live = conversation.turns.filter((t) => deps.runs.isRunning(t.id));
        deps.state.set(ops.upsertConversation(state, ops.withLiveTurns(change.conversation, live)));
      }
    } else {
      if (!ops.hasConversation(state, id)) return;
      deps.runs.stopAll(conversation?.turns.map((t) => t.id) ?? []);
      deps.notices.forget(id);
      const next = ops.deleteConversation(state, id);
      deps.state.set(next);
      if (!ops.isLoaded(next, next.activeId)) {
        void deps.open.settleActive(deps.chatModel()).then(() => deps.refresh());
        return;
      }
    }
    if (render) void deps.refresh();
  }
}
