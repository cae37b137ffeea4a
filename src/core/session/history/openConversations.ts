// Which conversations a chat session holds with their turns: the open one, any being answered here, any changed and
// not saved yet. Every other one is a summary of the history's list; its turns are read from disk when they are
// needed (opened, renamed, exported, deleted) and let go once the conversation is none of the above, so memory
// follows what is open, not the size of the history. The letting go follows the state: after a user's change (once
// its save is asked for) and after a run lets its turn go.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../../conversations/conversationModel';
import type { ConversationStore, SetAsideFile } from '../../conversations/conversationStore';
import * as ops from '../../conversations/conversationsState';
import type { Subscription } from '../../emitter';
import type { Localiser } from '../../../shared/localiser';
import type { Notices } from '../notices';
import type { ChangeReason, ChatLog, ChatState } from '../sessionState';

/** The changes after which a conversation may no longer be needed in memory. */
const pruneAfter: ReadonlySet<ChangeReason> = new Set<ChangeReason>(['edit', 'released']);

export interface OpenConversationsDeps {
  readonly state: ChatState;
  readonly store: ConversationStore;
  readonly l10n: Localiser;
  readonly log: ChatLog;
}

export class OpenConversations {
  private pruning = false;
  private readonly subscription: Subscription;

  constructor(private readonly deps: OpenConversationsDeps) {
    // After every subscriber heard of the change: the saver has asked for its write by then, so what it wrote is
    // known saved and may go.
    this.subscription = deps.state.onDidChange(({ reason }) => {
      if (!pruneAfter.has(reason) || this.pruning) return;
      this.pruning = true;
      queueMicrotask(() => {
        this.pruning = false;
        this.unloadIdle();
      });
    });
  }

  private get conversations(): ops.ConversationsState {
    return this.deps.state.current.conversations;
  }

  /** Makes sure the conversation's turns are in memory, reading them from disk; false when it cannot be read. */
  async ensureLoaded(id: string): Promise<boolean> {
    if (ops.isLoaded(this.conversations, id)) return true;
    if (!ops.hasConversation(this.conversations, id)) return false;
    const read = await this.deps.store.read(id);
    if (read.kind !== 'ok') {
      this.forgetUnreadable(id, read.kind === 'corrupt' ? read : undefined);
      return false;
    }
    // Another window may have deleted it meanwhile, or this one loaded it already: the state now decides.
    this.deps.state.update('opened', (s) =>
      ops.hasConversation(s.conversations, id) && !ops.isLoaded(s.conversations, id)
        ? { ...s, conversations: ops.withLoaded(s.conversations, read.conversation) }
        : s,
    );
    return ops.isLoaded(this.conversations, id);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  async read(id: string): Promise<Conversation | undefined> {
    const held = this.conversations.conversations.find((c) => c.id === id);
    if (held !== undefined || !ops.hasConversation(this.conversations, id)) return held;
    const read = await this.deps.store.read(id);
    if (read.kind !== 'ok') {
      this.forgetUnreadable(id, read.kind === 'corrupt' ? read : undefined);
      return undefined;
    }
    this.deps.store.release(id);
    return read.conversation;
  }

  /**
   * An open conversation, when the open one is not in memory (start-up) or gone (deleted here or in another
   * window): the newest of the list, read from disk, or a new one on `model` when the list is empty.
   */
  async settleActive(model: string, reason: ChangeReason): Promise<void> {
    while (!ops.isLoaded(this.conversations, this.conversations.activeId)) {
      const { activeId } = this.conversations;
      const wanted = activeId !== undefined && ops.hasConversation(this.conversations, activeId) ? activeId : undefined;
      const next = wanted ?? this.conversations.conversations[0]?.id ?? this.conversations.unloaded?.[0]?.id;
      if (next === undefined) break;
      if (await this.ensureLoaded(next)) this.deps.state.update(reason, (s) => ({ ...s, conversations: { ...s.conversations, activeId: next } }));
    }
    this.deps.state.update(reason, (s) => {
      const settled = ops.ensureActive(s.conversations, randomUUID(), model, Date.now());
      return settled.activeId === s.conversations.activeId && settled.conversations === s.conversations.conversations ? s : { ...s, conversations: settled };
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** Conversations that are not open, not being answered here and saved as they are keep only their summary. */
  private unloadIdle(): void {
    const { store } = this.deps;
    const { conversations, answering } = this.deps.state.current;
    const idle = new Set(
      conversations.conversations
        .filter((c) => c.id !== conversations.activeId && store.isSaved(c) && !c.turns.some((t) => answering.has(t.id)))
        .map((c) => c.id),
    );
    if (idle.size === 0) return;
    this.deps.state.update('pruned', (s) => ({ ...s, conversations: ops.unloadConversations(s.conversations, idle) }));
    for (const id of idle) store.release(id);
  }

  /** A conversation of the list whose file is gone or was set aside leaves the list (a set-aside file is reported). */
  private forgetUnreadable(id: string, setAside: SetAsideFile | undefined): void {
    if (setAside === undefined) this.deps.log.warn(`The chat history file of conversation ${id} is gone.`);
    this.deps.state.update('forgotten', (s) => ({
      ...s,
      conversations: ops.deleteConversation(s.conversations, id),
      notices: setAside === undefined ? s.notices : reportSetAside(s.notices, setAside, this.deps),
    }));
  }
}

/** An unreadable history file, set aside: logged, and the user told (one notice for the cause). */
export function reportSetAside(notices: Notices, file: SetAsideFile, words: { readonly l10n: Localiser; readonly log: ChatLog }): Notices {
  words.log.error(`A chat history file could not be read and was set aside as ${file.movedTo}: ${file.reason}`);
  const text = words.l10n.t(
    'A chat history file could not be read and was kept aside as {0}; the other conversations are intact and nothing was deleted.',
    file.movedTo,
  );
  return notices.set('historySetAside', 'error', text, { action: 'showLogs' });
}
