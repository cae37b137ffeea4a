// The turns this window answers. A turn is claimed in the same change that places it (so a save, or another
// window's change arriving meanwhile, knows it is live), its answer's events are read one by one, each is applied to
// the turn in the session's state and announced on `onDidProgress`, and the run lets the turn go at its end. Stop
// aborts a run; a re-run of the same turn (Regenerate while it streams) replaces it, and the replaced run writes
// nothing more; a run whose turn leaves the state (its conversation deleted here or in another window, a re-run that
// drops it) is aborted. `onDidProgress` is the one way to follow a turn's stream: the chat view's feed and the voice
// that reads answers aloud subscribe to it.
import { Emitter, type Event, type Subscription } from '../../emitter';
import type { Turn } from '../../conversations/conversationModel';
import * as ops from '../../conversations/conversationsState';
import { assertNever } from '../../../shared/protocol';
import { interruptedIfLive } from '../../../shared/turnStatus';
import type { AnswerEvent } from './turnEvent';
import type { ChatState, SessionState } from '../sessionState';

/** One event of a running turn, once applied: the turn as it was before the event and as it is now. */
export interface TurnProgress {
  readonly conversationId: string;
  readonly event: AnswerEvent;
  readonly before: Turn;
  readonly turn: Turn;
}

/** A turn with its conversation and its place in it. */
export type FoundTurn = NonNullable<ReturnType<typeof ops.findTurn>>;

export interface RunningTurnsDeps {
  readonly state: ChatState;
  /** A turn's answer, the last of its events its `end` (answerTurn.ts). */
  readonly answer: (found: FoundTurn, signal: AbortSignal) => AsyncIterable<AnswerEvent>;
  /** A subscriber failed on an event; the answer goes on. */
  readonly failed: (error: unknown) => void;
}

export class RunningTurns {
  private readonly runs = new Map<string, AbortController>();
  private readonly progress = new Emitter<TurnProgress>();
  private readonly subscription: Subscription;

  /** Every event of every turn this window answers, in order, after the turn in the state took it. */
  readonly onDidProgress: Event<TurnProgress> = this.progress.event;

  constructor(private readonly deps: RunningTurnsDeps) {
    this.subscription = deps.state.onDidChange(({ after, reason }) => {
      if (reason === 'answer' || reason === 'answerEnd') return;
      for (const [turnId, abort] of this.runs) if (ops.findTurn(after.conversations, turnId) === undefined) abort.abort();
    });
  }

  /**
   * Places a turn (`place`: the change that puts it in the conversations) and claims it in one change, then answers
   * it. A run of the same turn under way is replaced.
   */
  answer(conversationId: string, turnId: string, place: (state: SessionState) => SessionState): void {
    this.runs.get(turnId)?.abort();
    const abort = new AbortController();
    this.runs.set(turnId, abort);
    this.deps.state.update('question', (s) => {
      const placed = place(s);
      return { ...placed, answering: new Set([...placed.answering, turnId]), retries: without(placed.retries, turnId) };
    });
    void this.run(conversationId, turnId, abort);
  }

  /** Stops this window's run of the turn; false when this window is not answering it. */
  stop(turnId: string): boolean {
    const running = this.runs.get(turnId);
    running?.abort();
    return running !== undefined;
  }

  /** The window closes mid-answer: every run is aborted, and what its turn received is kept, marked interrupted. */
  dispose(): void {
    this.subscription.dispose();
    const now = Date.now();
    const running = [...this.runs.keys()];
    for (const abort of this.runs.values()) abort.abort();
    this.runs.clear();
    this.deps.state.update('closing', (s) => {
      let conversations = s.conversations;
      for (const turnId of running) {
        const found = ops.findTurn(conversations, turnId);
        if (found !== undefined) conversations = ops.updateTurn(conversations, found.conversation.id, turnId, (t) => interruptedIfLive(t, now));
      }
      return conversations === s.conversations ? s : { ...s, conversations };
    });
    this.progress.dispose();
  }

  private async run(conversationId: string, turnId: string, abort: AbortController): Promise<void> {
    // A run that a re-run of the same turn replaced (Regenerate while streaming) no longer writes the turn.
    const current = (): boolean => this.runs.get(turnId) === abort;
    try {
      const found = ops.findTurn(this.deps.state.current.conversations, turnId);
      if (found === undefined) return;
      let turn: Turn = found.turn;
      for await (const event of this.deps.answer(found, abort.signal)) {
        if (!current()) continue;
        const before = turn;
        turn = applyTurnEvent(turn, event, Date.now());
        const applied = turn;
        this.deps.state.update(event.type === 'end' ? 'answerEnd' : 'answer', (s) => {
          const retries =
            event.type === 'retry' ? new Map([...s.retries, [turnId, event.retry]]) : applied.status !== 'pending' ? without(s.retries, turnId) : s.retries;
          const conversations =
            applied === before || ops.findTurn(s.conversations, turnId) === undefined
              ? s.conversations
              : ops.updateTurn(s.conversations, conversationId, turnId, () => applied);
          return conversations === s.conversations && retries === s.retries ? s : { ...s, conversations, retries };
        });
        this.announce({ conversationId, event, before, turn });
      }
    } finally {
      if (current()) {
        this.runs.delete(turnId);
        this.deps.state.update('released', (s) => ({ ...s, answering: withoutTurn(s.answering, turnId), retries: without(s.retries, turnId) }));
      }
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

/** A turn after an event of its answer. */
function applyTurnEvent(turn: Turn, event: AnswerEvent, now: number): Turn {
  switch (event.type) {
    case 'delta':
      return { ...turn, status: 'streaming', answer: turn.answer + event.answer, reasoning: turn.reasoning + event.reasoning };
    case 'references':
      return turn.knowledge === undefined ? turn : { ...turn, knowledge: { ...turn.knowledge, references: [...event.references] } };
    case 'usage':
      return { ...turn, usage: event.usage };
    case 'finish':
      return { ...turn, finishReason: event.reason };
    case 'end':
      return event.outcome.status === 'done' || event.outcome.status === 'stopped'
        ? { ...turn, status: event.outcome.status, completedAt: now }
        : { ...turn, status: event.outcome.status, error: event.outcome.error, completedAt: now };
    case 'imageDescription':
      return { ...turn, imageDescription: { model: event.model, text: event.text } };
    case 'retry':
    case 'failover':
    case 'connected':
    case 'toolCall':
      return turn;
    default:
      return assertNever(event, 'turn event');
  }
}

function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

function withoutTurn(set: ReadonlySet<string>, turnId: string): ReadonlySet<string> {
  const copy = new Set(set);
  copy.delete(turnId);
  return copy;
}
