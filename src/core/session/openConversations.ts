// Which conversations a chat session holds with their turns: the open one, any being answered here, any changed and
// not saved yet. Every other one is a summary of the history's list; its turns are read from disk when they are
// needed (opened, renamed, exported, deleted) and let go once the conversation is none of the above, so memory
// follows what is open, not the size of the history.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../conversations/conversationModel';
import type { ConversationStore, SetAsideFile } from '../conversations/conversationStore';
import * as ops from '../conversations/conversationsState';

/** The session's state, read and replaced through here. */
export interface StateCell {
  get(): ops.ConversationsState;
  set(state: ops.ConversationsState): void;
}

export interface OpenConversationsDeps {
  readonly state: StateCell;
  readonly store: ConversationStore;
  /** Whether this window is answering that turn now (its conversation stays in memory). */
  readonly answering: (turnId: string) => boolean;
  /** A conversation file met unreadable was set aside: the user is told. */
  readonly setAside: (file: SetAsideFile) => void;
  readonly warn: (line: string) => void;
}

export class OpenConversations {
  constructor(private readonly deps: OpenConversationsDeps) {}

  private get state(): ops.ConversationsState {
    return this.deps.state.get();
  }

  private set state(state: ops.ConversationsState) {
    this.deps.state.set(state);
  }

  /** Makes sure the conversation's turns are in memory, reading them from disk; false when it cannot be read. */
  async ensureLoaded(id: string): Promise<boolean> {
    if (ops.isLoaded(this.state, id)) return true;
    if (!ops.hasConversation(this.state, id)) return false;
    const read = await this.deps.store.read(id);
    if (read.kind !== 'ok') {
      this.forgetUnreadable(id, read.kind === 'corrupt' ? read : undefined);
      return false;
    }
    // Another window may have deleted it meanwhile, or this one loaded it already: the state now decides.
    if (ops.hasConversation(this.state, id) && !ops.isLoaded(this.state, id)) this.state = ops.withLoaded(this.state, read.conversation);
    return ops.isLoaded(this.state, id);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  async read(id: string): Promise<Conversation | undefined> {
    const held = this.state.conversations.find((c) => c.id === id);
    if (held !== undefined || !ops.hasConversation(this.state, id)) return held;
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
  async settleActive(model: string): Promise<void> {
    while (!ops.isLoaded(this.state, this.state.activeId)) {
      const wanted = this.state.activeId !== undefined && ops.hasConversation(this.state, this.state.activeId) ? this.state.activeId : undefined;
      const next = wanted ?? this.state.conversations[0]?.id ?? this.state.unloaded?.[0]?.id;
      if (next === undefined) break;
      if (await this.ensureLoaded(next)) this.state = { ...this.state, activeId: next };
    }
    this.state = ops.ensureActive(this.state, randomUUID(), model, Date.now());
  }

  /** Conversations that are not open, not being answered here and saved as they are keep only their summary. */
  unloadIdle(): void {
    const { store, answering } = this.deps;
    const idle = new Set(
      this.state.conversations.filter((c) => c.id !== this.state.activeId && store.isSaved(c) && !c.turns.some((t) => answering(t.id))).map((c) => c.id),
    );
    if (idle.size === 0) return;
    this.state = ops.unloadConversations(this.state, idle);
    for (const id of idle) store.release(id);
  }

  /** A conversation of the list whose file is gone or was set aside leaves the list (a set-aside file is reported). */
  private forgetUnreadable(id: string, setAside: SetAsideFile | undefined): void {
    if (setAside !== undefined) this.deps.setAside(setAside);
    else this.deps.warn(`The chat history file of conversation ${id} is gone.`);
    this.state = ops.deleteConversation(this.state, id);
  }
}
