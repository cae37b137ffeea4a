// The chat session's state, held in one place: the conversations, the context waiting for the next question, the
// notices, and the turns this window is answering with the automatic retry each waits for. It changes only through
// `update(reason, change)`, and every change is announced with the state before and after it and why it happened.
// The session's parts subscribe rather than being called back: the saver writes what changed, the pruning lets idle
// conversations go, the runs stop answers whose turn is gone, the view's feed sends what the view shows. A change
// made while one is being announced is announced after it, so every subscriber hears the changes in their order.
import type { StoredContext } from '../conversations/conversationModel';
import * as ops from '../conversations/conversationsState';
import type { Event, Subscription } from '../emitter';
import type { RetryView } from '../../shared/protocol';
import { Notices } from './notices';

export interface SessionState {
  readonly conversations: ops.ConversationsState;
  /** The context chips waiting to go with the next question (Add Selection to Chat, the current file). */
  readonly waitingContext: readonly StoredContext[];
  readonly notices: Notices;
  /** The turns this window is answering now. */
  readonly answering: ReadonlySet<string>;
  /** The automatic retry an answering turn waits for, until its answer starts. */
  readonly retries: ReadonlyMap<string, RetryView>;
}

/** Why the state changed: what the saver writes, what the view is sent and what the pruning looks at follow from it. */
export type ChangeReason =
  /** The history read at start-up, and its open conversation settled. */
  | 'load'
  /** The user changed the conversations (New, Open, Rename, Delete, the model, the parameters, the persona) or was refused. */
  | 'edit'
  /** A turn placed and claimed: a question, Regenerate, Retry, Edit. */
  | 'question'
  /** An event of an answer applied to its turn. */
  | 'answer'
  /** The end of an answer applied to its turn. */
  | 'answerEnd'
  /** A run let its turn go. */
  | 'released'
  /** A conversation read from disk into memory. */
  | 'opened'
  /** A conversation whose file is gone or unreadable left the list. */
  | 'forgotten'
  /** Another window wrote or deleted conversations (or the start-up check found that one had). */
  | 'external'
  /** Conversations nobody needs in memory now keep only their summary. */
  | 'pruned'
  /** The context waiting for the next question changed. */
  | 'context'
  /** A notice set, cleared or dismissed. */
  | 'notice'
  /** The window closes: the answers under way are kept, marked interrupted. */
  | 'closing';

export interface StateChange {
  readonly before: SessionState;
  readonly after: SessionState;
  readonly reason: ChangeReason;
}

/** The state as those outside its owner see it: read, and followed. */
export interface ObservedState {
  readonly current: SessionState;
  readonly onDidChange: Event<StateChange>;
}

/** The log the chat writes to (the front end's, which masks secrets). */
export interface ChatLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Masks every known secret in a text meant for a person or a log. */
  redact(text: string): string;
}

export class ChatState implements ObservedState {
  private value: SessionState = {
    conversations: { version: 1, conversations: [] },
    waitingContext: [],
    notices: Notices.none,
    answering: new Set(),
    retries: new Map(),
  };
  private readonly listeners = new Set<(change: StateChange) => void>();
  private readonly waiting: StateChange[] = [];
  private announcing = false;

  /** `failed`: a subscriber threw; the others still hear of the change, and the change stands. */
  constructor(private readonly failed: (error: unknown) => void) {}

  get current(): SessionState {
    return this.value;
  }

  readonly onDidChange: Event<StateChange> = (listener): Subscription => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  /** Replaces the state with what `change` makes of it, and announces it; a change that returns the same state is none. */
  update(reason: ChangeReason, change: (state: SessionState) => SessionState): void {
    const before = this.value;
    const after = change(before);
    if (after === before) return;
    this.value = after;
    this.waiting.push({ before, after, reason });
    if (this.announcing) return;
    this.announcing = true;
    try {
      for (let next = this.waiting.shift(); next !== undefined; next = this.waiting.shift()) {
        for (const listener of [...this.listeners]) {
          try {
            listener(next);
          } catch (error) {
            this.failed(error);
          }
        }
      }
    } finally {
      this.announcing = false;
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** The state with these notices (the same state when they are the same). */
export function withNotices(state: SessionState, notices: Notices): SessionState {
  return notices === state.notices ? state : { ...state, notices };
}

/** A conversation gone (deleted here or in another window), with its notices. */
export function withoutConversation(state: SessionState, id: string): SessionState {
  return { ...state, conversations: ops.deleteConversation(state.conversations, id), notices: state.notices.forget(id) };
}

/** The open conversation with its turns; undefined while none is (at start-up, or while the next one is read). */
export function openConversation(state: SessionState): ReturnType<typeof ops.activeConversation> {
  const { conversations } = state;
  return ops.isLoaded(conversations, conversations.activeId) ? ops.activeConversation(conversations) : undefined;
}
