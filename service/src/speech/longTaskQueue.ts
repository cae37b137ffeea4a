// The long-text synthesis queue: one background worker takes tasks in submission order and synthesises them out of
// the request path, at background priority (real-time calls go first). Each state change is persisted before it is
// visible; audio is written to a .part file and renamed when whole. A task left `created` or `running` by a stop or a
// crash is queued again when the queue starts.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Mp3Encoder } from './mp3Encoder';
import { SpeechError } from './speechError';
import { synthesize } from './synthesizer';
import { WavFileWriter } from './wavEncoding';
import type { SpeechOptions } from './speechOptions';
import type { SynthesisSlots } from './synthesisSlots';
import type { TaskRecord, TaskStore } from './taskStore';
import type { TtsParams } from './ttsParams';

/** Finished tasks kept (with their audio) before the oldest are forgotten: tasks.json holds every task's text. */
const FINISHED_TASKS_KEPT = 200;

export class LongTaskQueue {
  private readonly pending: string[] = [];
  private readonly stopping = new AbortController();
  private worker: Promise<void> | undefined;

  constructor(
    private readonly store: TaskStore,
    private readonly audioDir: string,
    private readonly slots: SynthesisSlots,
    private readonly options: SpeechOptions,
    private readonly log: (line: string) => void,
  ) {
    mkdirSync(audioDir, { recursive: true });
  }

  /** Queues the tasks a previous run left unfinished and starts the worker. */
  resume(): void {
    for (const task of this.store.unfinished()) {
      if (task.status === 'running') this.store.put({ ...task, status: 'created', updatedAt: this.options.now() });
      this.pending.push(task.taskId);
    }
    if (this.pending.length > 0) this.log(`speech: resuming ${this.pending.length} long synthesis task(s)`);
    this.kick();
  }

  submit(params: TtsParams, requestId: string, appkeyHash: string): TaskRecord {
    const now = this.options.now();
    const task: TaskRecord = { taskId: randomUUID(), requestId, appkeyHash, status: 'created', params, createdAt: now, updatedAt: now };
    this.store.put(task);
    this.pending.push(task.taskId);
    this.kick();
    return task;
  }

  /** Stops the worker now (a running espeak-ng is killed); the task it was on stays queued on disk. */
  async close(): Promise<void> {
    this.stopping.abort(new Error('the speech service is stopping'));
    await this.worker;
  }

  private kick(): void {
    if (this.worker !== undefined || this.stopping.signal.aborted) return;
    this.worker = this.drain()
      .catch((error: unknown) => this.log(`speech: the long-task worker stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.worker = undefined;
        if (this.pending.length > 0 && !this.stopping.signal.aborted) this.kick();
      });
  }

  private async drain(): Promise<void> {
    // Leave the request that queued the task first: its answer shows `created`.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.stopping.signal.aborted) {
      const taskId = this.pending.shift();
      if (taskId === undefined) return;
      const task = this.store.get(taskId);
      if (task !== undefined && task.status === 'created') await this.run(task);
      for (const old of this.store.pruneFinished(FINISHED_TASKS_KEPT)) {
        if (old.audioFile !== undefined) rmSync(path.join(this.audioDir, old.audioFile), { force: true });
      }
    }
  }

  private async run(task: TaskRecord): Promise<void> {
    const started = this.options.now();
    this.store.put({ ...task, status: 'running', updatedAt: started });
    const fileName = `${task.taskId}.${task.params.format}`;
    const partFile = path.join(this.audioDir, `${fileName}.part`);
    const signal = this.stopping.signal;
    const run = { slots: this.slots, priority: 'background' as const, signal, espeakCommand: this.options.espeakCommand };
    try {
      if (task.params.format === 'mp3') {
        const encoder = Mp3Encoder.start(this.options.lameCommand, task.params.sampleRate, partFile);
        try {
          await synthesize(task.params, encoder, run);
          await encoder.finish();
        } finally {
          encoder.abort();
        }
      } else {
        const writer = await WavFileWriter.create(partFile, task.params.sampleRate);
        try {
          await synthesize(task.params, writer, run);
        } catch (error) {
          await writer.abort();
          throw error;
        }
        await writer.finish();
      }
      renameSync(partFile, path.join(this.audioDir, fileName));
      this.store.put({ ...task, status: 'complete', audioFile: fileName, updatedAt: this.options.now() });
      this.log(`speech: task ${task.taskId} complete (${[...task.params.text].length} characters, ${this.options.now() - started} ms)`);
    } catch (error) {
      rmSync(partFile, { force: true });
      if (signal.aborted) return; // stopped, not failed: the record stays `running` and resumes on the next start
      const message = error instanceof SpeechError ? error.message : `synthesis failed: ${error instanceof Error ? error.message : String(error)}`;
      this.store.put({ ...task, status: 'failed', message, updatedAt: this.options.now() });
      this.log(`speech: task ${task.taskId} failed: ${message}`);
    }
  }
}
