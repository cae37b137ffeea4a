// Writes the conversations to the shared history folder: at once on every turn change, at most once every
// `intervalMs` while an answer streams, and synchronously when the window closes. A failed save is reported (the
// conversations stay in memory, so the next save can still keep them), and so is the next save that succeeds.
import type { ConversationStore } from '../conversations/conversationStore';
import type { ConversationsState } from '../conversations/conversationsState';

export interface SaveOutcome {
  /** A save failed: the reason, for the log and the user. */
  failed(error: unknown): void;
  /** A save succeeded (after a failure: the problem is over). */
  saved(): void;
}

export class HistorySaver {
  private lastSave = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly store: ConversationStore,
    private readonly state: () => ConversationsState,
    private readonly outcome: SaveOutcome,
    private readonly intervalMs: number,
  ) {}

  /** Saves within `intervalMs` of the last save (one save for many deltas). */
  soon(): void {
    if (this.timer !== undefined || this.disposed) return;
    const wait = Math.max(0, this.intervalMs - (Date.now() - this.lastSave));
    this.timer = setTimeout(() => void this.now(), wait);
  }

  async now(): Promise<void> {
    if (this.disposed) return;
    this.cancelTimer();
    this.lastSave = Date.now();
    try {
      await this.store.save(this.state());
      this.outcome.saved();
    } catch (error) {
      this.outcome.failed(error);
    }
  }

  /** The last save, as the window closes: synchronous, so it is on disk before the extension host goes. */
  final(state: ConversationsState): void {
    this.disposed = true;
    this.cancelTimer();
    try {
      this.store.saveSync(state);
    } catch (error) {
      this.outcome.failed(error);
    }
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
