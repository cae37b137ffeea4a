// Long-text synthesis tasks being followed, kept in globalState with their target file so that polling resumes
// after a window reload. Each is followed under a cancellable progress notification that shows the task status;
// the audio is downloaded (without credentials, docs/wire.md) and written to the target. A task that finished or
// failed while no window was open is handled like one that finishes now: the audio is fetched, or the failure shown
// and the task forgotten. One window follows a task at a time, through a lease in globalState (taskLeases.ts).
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../../../packages/files/atomicWrite';
import * as vscode from 'vscode';
import * as z from '../../shared/zod';
import type { MaasClient } from '../../core/maasClient';
import { isServiceError } from '../../core/http/serviceError';
import { leaseHolder, releaseLease, takeLease, type Leases } from '../../core/speech/taskLeases';
import type { TaskStatus } from '../../core/speech/speechPayloads';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import { speechErrorText } from '../errors/speechMessages';
import { StateKey } from '../stateKeys';
import { withAbortSignal } from '../withAbortSignal';

const STATE_KEY = StateKey.longTasks;
const LEASE_KEY = StateKey.longTaskLeases;

const entrySchema = z.object({ taskId: z.string().check(z.minLength(1)), target: z.string().check(z.minLength(1)), title: z.string() });
export type LongTaskEntry = z.infer<typeof entrySchema>;
const leasesSchema = z.record(z.string(), z.object({ owner: z.string(), expiresAt: z.number() }));

export interface LongTaskTrackerOptions {
  /** How long a lease lasts without renewal; it is renewed at a third of that while the task is polled. */
  readonly leaseMs?: number;
  /** This window's id in the leases; a fresh one per activation by default. */
  readonly windowId?: string;
}

export class LongTaskTracker implements vscode.Disposable {
  readonly windowId: string;
  private readonly leaseMs: number;
  private readonly following = new Map<string, AbortController>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  /** The window is closing or reloading: the tasks it follows stay pending for the next window. */
  private disposed = false;

  constructor(
    private readonly state: vscode.Memento,
    private readonly client: () => MaasClient,
    private readonly prompter: Prompter,
    private readonly logger: Logger,
    options: LongTaskTrackerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.windowId = options.windowId ?? randomUUID();
  }

  pending(): LongTaskEntry[] {
    const parsed = z.array(entrySchema).safeParse(this.state.get(STATE_KEY));
    return parsed.success ? parsed.data : [];
  }

  leases(): Leases {
    const parsed = leasesSchema.safeParse(this.state.get(LEASE_KEY));
    return parsed.success ? parsed.data : {};
  }

  /** Remembers a task, then follows it to its file; resolves with the file written, or undefined. */
  async follow(entry: LongTaskEntry): Promise<string | undefined> {
    if (!this.pending().some((e) => e.taskId === entry.taskId)) await this.state.update(STATE_KEY, [...this.pending(), entry]);
    if (this.following.has(entry.taskId) || this.disposed) return undefined;
    // Registered before the lease is awaited, so a window closing meanwhile stops it before it starts.
    const abort = new AbortController();
    this.following.set(entry.taskId, abort);
    let renew: NodeJS.Timeout | undefined;
    try {
      if (!(await this.takeLease(entry.taskId))) {
        this.logger.info(`Long-text synthesis task ${entry.taskId} is followed by another window.`);
        if (!this.disposed) this.retryWhenLeaseExpires(entry);
        return undefined;
      }
      if (abort.signal.aborted) {
        // Cancelled before it started: the user's Cancel forgets the task; a closing window leaves it pending.
        if (!this.disposed) await this.forget(entry.taskId);
        return undefined;
      }
      renew = setInterval(() => void this.takeLease(entry.taskId), Math.max(1_000, this.leaseMs / 3));
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Synthesising speech for {0}', entry.title), cancellable: true },
        // The notification's Cancel aborts the same controller as cancel() and dispose().
        (progress, token) => withAbortSignal(token, (signal) => this.fetchToFile(entry, signal, (message) => progress.report({ message })), abort),
      );
    } finally {
      clearInterval(renew);
      this.following.delete(entry.taskId);
      await this.state.update(LEASE_KEY, releaseLease(this.leases(), entry.taskId, this.windowId));
    }
  }

  /** Stops following a task, as the progress notification's Cancel does; the task is forgotten. */
  cancel(taskId: string): boolean {
    const abort = this.following.get(taskId);
    abort?.abort();
    return abort !== undefined;
  }

  /** Follows every task left unfinished by an earlier window (after a reload), except those another window holds. */
  resumeAll(): Promise<Array<string | undefined>> {
    return Promise.all(this.pending().map((entry) => this.follow(entry)));
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    for (const abort of this.following.values()) abort.abort();
  }

  private async fetchToFile(entry: LongTaskEntry, signal: AbortSignal, report: (message: string) => void): Promise<string | undefined> {
    try {
      report(statusText('created'));
      const client = this.client();
      const task = await client.waitForLongTask(entry.taskId, { signal, onStatus: (t) => report(statusText(t.status, t.serviceStatus)) });
      report(vscode.l10n.t('Downloading the audio…'));
      const audio = await client.downloadTaskAudio(task, { signal });
      await writeFileAtomic(entry.target, audio.audio);
      await this.forget(entry.taskId);
      this.logger.info(`Long-text synthesis task ${entry.taskId} written to ${entry.target} (${audio.audio.length} bytes).`);
      void this.announce(entry.target);
      return entry.target;
    } catch (error) {
      if (this.disposed) {
        // Not the user's Cancel: the window is going. The next window (after a reload, or another one) follows it.
        this.logger.info(`Long-text synthesis task ${entry.taskId} stays pending for the next window.`);
        return undefined;
      }
      await this.forget(entry.taskId);
      if (signal.aborted || (isServiceError(error) && error.kind === 'cancelled')) {
        this.logger.info(`Long-text synthesis task ${entry.taskId} was cancelled; ${entry.target} was not written.`);
        return undefined;
      }
      this.logger.warn(`Long-text synthesis task ${entry.taskId} failed: ${error instanceof Error ? error.message : String(error)}`);
      const text = speechErrorText(error, (t) => this.logger.redact(t));
      void this.prompter.showErrorMessage(vscode.l10n.t('Speech for {0} was not saved: {1}', entry.title, text));
      return undefined;
    }
  }

  private async takeLease(taskId: string): Promise<boolean> {
    const taken = takeLease(this.leases(), taskId, this.windowId, Date.now(), this.leaseMs);
    if (taken === undefined) return false;
    await this.state.update(LEASE_KEY, taken);
    return true;
  }

  /** When the other window's lease runs out (it closed or crashed) and the task is still pending, this one takes it. */
  private retryWhenLeaseExpires(entry: LongTaskEntry): void {
    const expiresAt = this.leases()[entry.taskId]?.expiresAt ?? Date.now();
    const timer = setTimeout(
      () => {
        this.retryTimers.delete(timer);
        if (leaseHolder(this.leases(), entry.taskId, Date.now()) === undefined && this.pending().some((e) => e.taskId === entry.taskId))
          void this.follow(entry);
        else if (this.pending().some((e) => e.taskId === entry.taskId)) this.retryWhenLeaseExpires(entry);
      },
      Math.max(0, expiresAt - Date.now()) + 500,
    );
    this.retryTimers.add(timer);
  }

  private async forget(taskId: string): Promise<void> {
    await this.state.update(
      STATE_KEY,
      this.pending().filter((e) => e.taskId !== taskId),
    );
  }

  private async announce(file: string): Promise<void> {
    const reveal = vscode.l10n.t('Open');
    const choice = await this.prompter.showInformationMessage(vscode.l10n.t('The audio was saved to {0}.', file), reveal);
    if (choice === reveal) await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
  }
}

/** What a task's state means to the user; `serviceStatus` is the service's own word, shown for a state the spec does not name. */
function statusText(status: TaskStatus, serviceStatus: string = status): string {
  switch (status) {
    case 'created':
      return vscode.l10n.t('Task created, waiting to start…');
    case 'running':
      return vscode.l10n.t('Synthesising…');
    case 'complete':
      return vscode.l10n.t('Finished.');
    case 'failed':
      return vscode.l10n.t('Failed.');
    case 'unknown':
      // A state the spec does not name (a queued state): polling goes on; the service's own word says where it is.
      return vscode.l10n.t('Waiting ({0})…', serviceStatus);
  }
}
