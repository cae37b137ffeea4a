// Waiting for a long-text speech task (spec 4.6-4.7, docs/wire.md): poll with a growing delay (1 s, half as long
// again each poll, up to 10 s) under an overall limit; `complete` with an audio address ends the wait, `failed`
// throws, and every other state (`created`, `running`, or one the spec does not name, such as a queued state) polls
// on. The clock and the sleeper are injected, so tests see the delays without waiting for them.
import { ServiceError } from '../http/serviceError';
import type { Sleeper } from '../http/sleep';
import type { LongTask } from './speechPayloads';

export interface WaitOptions {
  readonly signal?: AbortSignal;
  readonly onStatus?: (task: LongTask) => void;
  /** Overall limit of the wait; default 10 minutes. */
  readonly timeoutMs?: number;
  /** First poll delay (default 1 s), growing by half each poll up to maxDelayMs (default 10 s). */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
}

export interface WaitClock {
  readonly sleep: Sleeper;
  readonly now: () => number;
}

export async function waitForLongTask(taskId: string, query: (taskId: string) => Promise<LongTask>, options: WaitOptions, clock: WaitClock): Promise<LongTask> {
  const deadline = clock.now() + (options.timeoutMs ?? 600_000);
  let delay = options.initialDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 10_000;
  for (;;) {
    const task = await query(taskId);
    options.onStatus?.(task);
    if (task.status === 'complete' && task.audioAddress !== '') return task;
    if (task.status === 'failed') {
      throw new ServiceError('speech', `Speech synthesis task failed: ${task.message || 'no reason given'}`, {
        speechProblem: 'synthesisFailed',
        serverMessage: task.message,
      });
    }
    const left = deadline - clock.now();
    if (left <= 0) throw new ServiceError('timeout', `Speech synthesis task ${taskId} did not finish in time (last status: ${task.serviceStatus}).`);
    await clock.sleep(Math.min(delay, left), options.signal);
    delay = Math.min(maxDelay, delay * 1.5);
  }
}
