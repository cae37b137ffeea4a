// The turns this window answers. A turn is claimed before its first save (so a save, or another window's change
// arriving meanwhile, knows it is live), its events are read one by one, each is applied to the turn in the
// session's state and announced, and the run lets the turn go once its final state is saved. Stop aborts a run; a
// re-run of the same turn (Regenerate while it streams) replaces it, and the replaced run writes nothing more.
// `onDidProgress` is the one way to follow a turn's stream: the chat view's deltas and notices subscribe to it
// (turnFollower.ts), and so can anything else that wants an answer as it arrives.
import type { Event } from '../emitter';
import { Emitter } from '../emitter';
import type { Turn } from '../conversations/conversationModel';
import * as ops from '../conversations/conversationsState';
import type { RetryView } from '../../shared/protocol';
import type { StateCell } from './openConversations';
import { applyTurnEvent } from './turnRunner';
import type { AnswerEvent } from '../requests/answerRun';

/** One event of a running turn, once applied: the turn as it was before the event and as it is now. */
export interface TurnProgress {
  readonly conversationId: string;
  readonly event: AnswerEvent;
  readonly before: Turn;
  readonly turn: Turn;
}

/** A turn with its conversation and its place in it. */
export type FoundTurn = NonNullable<ReturnType<typeof ops.findTurn>>;

export interface TurnRunsDeps {
  readonly state: StateCell;
  /** A turn's events, the last of them its `end` (turnEvents.ts). */
  readonly events: (found: FoundTurn, signal: AbortSignal) => AsyncIterable<AnswerEvent>;
  /** Writes the conversations now: a run's end is on disk before the run lets its turn go. */
  readonly save: () => Promise<void>;
  /** A run let its turn go (its conversation may leave memory now). */
  readonly released: () => void;
  /** A subscriber failed on an event; the answer goes on. */
  readonly failed: (error: unknown) => void;
}

export class TurnRuns {
  private readonly runs = new Map<string, AbortController>();
  private readonly retryViews = new Map<string, RetryView>();
  private readonly progress = new Emitter<TurnProgress>();

  /** Every event of every turn this window answers, in order, after the turn in the state took it. */
  readonly onDidProgress: Event<TurnProgress> = this.progress.event;

  constructor(private readonly deps: TurnRunsDeps) {}

  /** Whether this window is answering that turn now. */
  isRunning(turnId: string): boolean {
    return this.runs.has(turnId);
  }

  /** The automatic retries waiting now, by turn: shown in place until the answer starts. */
  get retries(): ReadonlyMap<string, RetryView> {
    return this.retryViews;
  }

  /** Marks a turn as answered here, before it is first saved; `start` then runs it. */
  claim(turnId: string): void {
    this.retryViews.delete(turnId);
    this.runs.set(turnId, new AbortController());
  }

  start(conversationId: string, turnId: string): void {
    void this.run(conversationId, turnId);
  }

  /** Stops this window's run of the turn; false when this window is not answering it. */
  stop(turnId: string): boolean {
    const running = this.runs.get(turnId);
    running?.abort();
    return running !== undefined;
  }

  stopAll(turnIds: readonly string[]): void {
    for (const id of turnIds) this.runs.get(id)?.abort();
  }

  /** The window closes mid-answer: every run is aborted, and what its turn received is kept, marked interrupted. */
  dispose(): void {
    const now = Date.now();
    let state = this.deps.state.get();
    for (const [turnId, abort] of this.runs) {
      abort.abort();
      const found = ops.findTurn(state, turnId);
      if (found === undefined || (found.turn.status !== 'pending' && found.turn.status !== 'streaming')) continue;
      state = ops.updateTurn(state, found.conversation.id, turnId, (t) => ({ ...t, status: 'interrupted', completedAt: now }));
    }
    this.deps.state.set(state);
    this.progress.dispose();
  }

  private async run(conversationId: string, turnId: string): Promise<void> {
    const abort = this.runs.get(turnId) ?? new AbortController();
    this.runs.set(turnId, abort);
    // A run that a re-run of the same turn replaced (Regenerate while streaming) no longer writes the turn.
    const current = (): boolean => this.runs.get(turnId) === abort;
    try {
      const found = ops.findTurn(this.deps.state.get(), turnId);
      if (found === undefined) return;
      let turn: Turn = found.turn;
      for await (const event of this.deps.events(found, abort.signal)) {
        if (!current()) continue;
        const before = turn;
        turn = applyTurnEvent(turn, event, Date.now());
        this.deps.state.set(ops.updateTurn(this.deps.state.get(), conversationId, turnId, () => turn));
        if (event.type === 'retry') this.retryViews.set(turnId, event.retry);
        else if (turn.status !== 'pending') this.retryViews.delete(turnId);
        this.announce({ conversationId, event, before, turn });
      }
    } finally {
      this.retryViews.delete(turnId);
      await this.deps.save();
      if (current()) this.runs.delete(turnId);
      this.deps.released();
    }
  }

  private announce(progress: TurnProgress): void {
    try {
      this.progress.fire(progress);
    } catch (error) {
      this.deps.failed(error);
    }
  }
}
