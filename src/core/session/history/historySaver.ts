// Writes the conversations to the shared history folder as the session's state changes: what the user changed and a
// question placed at once, an answer's events at most once every `intervalMs` while it streams, its end at once, and a
// last time, synchronously, as the window closes. What came from disk (the load, a conversation read, another
// window's change, one let go) is not written back. A failed save is reported on `onDidSave` (the conversations stay
// in memory, so the next save can still keep them), and so is each save that succeeds.
import type { ConversationStore } from '../../conversations/conversationStore';
import { Emitter, type Subscription } from '../../emitter';
import type { ChangeReason, ObservedState } from '../sessionState';

/** The changes written at once; an answer's other events wait for the interval. */
const writtenAtOnce: ReadonlySet<ChangeReason> = new Set<ChangeReason>(['edit', 'question', 'answerEnd']);

export type SaveOutcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

export class HistorySaver {
  private lastSave = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private latest: Promise<void> = Promise.resolve();
  private readonly outcomes = new Emitter<SaveOutcome>();
  private readonly subscription: Subscription;

  /** Every save's outcome (the history's notices follow it). */
  readonly onDidSave = this.outcomes.event;

  constructor(
    private readonly state: ObservedState,
    private readonly store: ConversationStore,
    private readonly intervalMs: number,
  ) {
    this.subscription = state.onDidChange(({ before, after, reason }) => {
      if (before.conversations === after.conversations) return;
      if (reason === 'answer') this.soon();
      else if (writtenAtOnce.has(reason)) void this.now();
    });
  }

  /** Resolves once everything asked to be written so far is on disk (a failure is reported, not thrown). */
  written(): Promise<void> {
    return this.latest;
  }

  /** The last save, as the window closes: synchronous, so it is on disk before the extension host goes. */
  dispose(): void {
    this.subscription.dispose();
    this.disposed = true;
    this.cancelTimer();
    try {
      this.store.saveSync(this.state.current.conversations);
    } catch (error) {
      this.outcomes.fire({ ok: false, error });
    }
    this.outcomes.dispose();
  }

  /** Saves within `intervalMs` of the last save (one save for many deltas). */
  private soon(): void {
    if (this.timer !== undefined || this.disposed) return;
    const wait = Math.max(0, this.intervalMs - (Date.now() - this.lastSave));
    this.timer = setTimeout(() => void this.now(), wait);
  }

  private now(): Promise<void> {
    if (this.disposed) return this.latest;
    this.cancelTimer();
    this.lastSave = Date.now();
    this.latest = this.store.save(this.state.current.conversations).then(
      () => this.outcomes.fire({ ok: true }),
      (error: unknown) => this.outcomes.fire({ ok: false, error }),
    );
    return this.latest;
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
