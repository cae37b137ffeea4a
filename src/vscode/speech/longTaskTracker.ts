// Long-text synthesis tasks being followed, kept in globalState with their target file so that polling resumes
// after a window reload. Each is followed under a cancellable progress notification that shows the task status;
// the audio is downloaded (without credentials, wire-notes) and written to the target.
import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import * as z from 'zod';
import type { MaasClient } from '../../core/maasClient';
import { isServiceError } from '../../core/serviceError';
import type { TaskStatus } from '../../core/speechPayloads';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import { speechErrorText } from './speechMessages';

const STATE_KEY = 'maas.speech.longTasks';

const entrySchema = z.object({ taskId: z.string().min(1), target: z.string().min(1), title: z.string() });
export type LongTaskEntry = z.infer<typeof entrySchema>;

export class LongTaskTracker {
  constructor(
    private readonly state: vscode.Memento,
    private readonly client: () => MaasClient,
    private readonly prompter: Prompter,
    private readonly logger: Logger,
  ) {}

  pending(): LongTaskEntry[] {
    const parsed = z.array(entrySchema).safeParse(this.state.get(STATE_KEY));
    return parsed.success ? parsed.data : [];
  }

  private async save(entries: readonly LongTaskEntry[]): Promise<void> {
    await this.state.update(STATE_KEY, entries);
  }

  /** Remembers a task, then follows it to its file; resolves with the file written, or undefined. */
  async follow(entry: LongTaskEntry): Promise<string | undefined> {
    if (!this.pending().some((e) => e.taskId === entry.taskId)) await this.save([...this.pending(), entry]);
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Synthesising speech for {0}', entry.title), cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const cancelling = token.onCancellationRequested(() => abort.abort());
        try {
          progress.report({ message: statusText('created') });
          const client = this.client();
          const task = await client.waitForLongTask(entry.taskId, { signal: abort.signal, onStatus: (t) => progress.report({ message: statusText(t.status) }) });
          progress.report({ message: vscode.l10n.t('Downloading the audio…') });
          const audio = await client.downloadTaskAudio(task, { signal: abort.signal });
          await writeFile(entry.target, audio.audio);
          await this.forget(entry.taskId);
          this.logger.info(`Long-text synthesis task ${entry.taskId} written to ${entry.target} (${audio.audio.length} bytes).`);
          void this.announce(entry.target);
          return entry.target;
        } catch (error) {
          await this.forget(entry.taskId);
          if (isServiceError(error) && error.kind === 'cancelled') return undefined;
          this.logger.warn(`Long-text synthesis task ${entry.taskId} failed: ${error instanceof Error ? error.message : String(error)}`);
          void this.prompter.showErrorMessage(speechErrorText(error, (text) => this.logger.redact(text)));
          return undefined;
        } finally {
          cancelling.dispose();
        }
      },
    );
  }

  /** Follows every task left unfinished by an earlier window (after a reload). */
  resumeAll(): Promise<Array<string | undefined>> {
    return Promise.all(this.pending().map((entry) => this.follow(entry)));
  }

  private async forget(taskId: string): Promise<void> {
    await this.save(this.pending().filter((e) => e.taskId !== taskId));
  }

  private async announce(file: string): Promise<void> {
    const reveal = vscode.l10n.t('Open');
    const choice = await this.prompter.showInformationMessage(vscode.l10n.t('The audio was saved to {0}.', file), reveal);
    if (choice === reveal) await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
  }
}

function statusText(status: TaskStatus): string {
  switch (status) {
    case 'created':
      return vscode.l10n.t('Task created, waiting to start…');
    case 'running':
      return vscode.l10n.t('Synthesising…');
    case 'complete':
      return vscode.l10n.t('Finished.');
    case 'failed':
      return vscode.l10n.t('Failed.');
  }
}
