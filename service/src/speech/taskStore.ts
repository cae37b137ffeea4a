// The long-synthesis task records, kept in <dataDir>/speech/tasks.json and rewritten atomically on every change so
// that tasks survive a restart. Records hold a hash of the appkey, never the appkey or token.
import * as z from 'zod';
import { readJsonOrSetAside, writeJsonAtomic } from '../../../packages/files/atomicJsonFile';
import { AUDIO_FORMATS } from './ttsParams';

export const TASK_STATUSES = ['created', 'running', 'complete', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const taskSchema = z.object({
  taskId: z.string(),
  requestId: z.string(),
  appkeyHash: z.string(),
  status: z.enum(TASK_STATUSES),
  params: z.object({
    text: z.string(),
    format: z.enum(AUDIO_FORMATS),
    sampleRate: z.number().int(),
    voice: z.string(),
    volume: z.number().int(),
    speed: z.number().int(),
    pitch: z.number().int(),
    enableTs: z.boolean(),
  }),
  /** File name under <dataDir>/speech/audio/ once complete. */
  audioFile: z.string().optional(),
  message: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TaskRecord = z.infer<typeof taskSchema>;

const fileSchema = z.object({ version: z.literal(1), tasks: z.array(taskSchema) });

export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();

  private constructor(private readonly file: string) {}

  static open(file: string, log: (line: string) => void): TaskStore {
    const store = new TaskStore(file);
    const stored = readJsonOrSetAside(file, (value) => fileSchema.parse(value));
    if (stored.kind === 'corrupt')
      log(`WARNING: speech task file ${file} is corrupt (${stored.reason.replace(/\s+/g, ' ')}); moved it to ${stored.movedTo} and started without its tasks`);
    if (stored.kind === 'ok') for (const task of stored.value.tasks) store.tasks.set(task.taskId, task);
    return store;
  }

  get(taskId: string): TaskRecord | undefined {
    return this.tasks.get(taskId);
  }

  /** Tasks not finished, oldest first: the queue to resume after a restart. */
  unfinished(): TaskRecord[] {
    return [...this.tasks.values()].filter((task) => task.status === 'created' || task.status === 'running').sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Forgets all but the newest `keep` finished tasks; returns the forgotten ones (their audio is the caller's). */
  pruneFinished(keep: number): TaskRecord[] {
    const finished = [...this.tasks.values()]
      .filter((task) => task.status === 'complete' || task.status === 'failed')
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const dropped = finished.slice(keep);
    if (dropped.length === 0) return [];
    for (const task of dropped) this.tasks.delete(task.taskId);
    this.save();
    return dropped;
  }

  put(task: TaskRecord): void {
    this.tasks.set(task.taskId, task);
    this.save();
  }

  private save(): void {
    writeJsonAtomic(this.file, { version: 1, tasks: [...this.tasks.values()] });
  }
}
