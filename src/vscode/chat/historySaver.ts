// Writes the conversations to the shared history folder: at once on every turn change, at most once every
// `intervalMs` while an answer streams, and synchronously when the window closes. A failed save is logged and
// told to the user; the conversations stay in memory, so the next save can still keep them.
import * as vscode from 'vscode';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { ConversationsState } from '../../core/conversations/conversationsState';
import type { Logger } from '../logger';

export class HistorySaver {
  private lastSave = 0;
  private timer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly store: ConversationStore,
    private readonly state: () => ConversationsState,
    private readonly logger: Logger,
    private readonly reportFailure: (text: string) => void,
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
    } catch (error) {
      this.logger.error('Saving the chat history failed', error);
      const reason = this.logger.redact(error instanceof Error ? error.message : String(error));
      this.reportFailure(vscode.l10n.t('Saving the chat history failed: {0}', reason));
    }
  }

  /** The last save, as the window closes: synchronous, so it is on disk before the extension host goes. */
  final(state: ConversationsState): void {
    this.disposed = true;
    this.cancelTimer();
    try {
      this.store.saveSync(state);
    } catch (error) {
      this.logger.error('Saving the chat history on shutdown failed', error);
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
