// Bounds the espeak-ng processes of one service (at most one or two at a time) and keeps the real-time path from
// starving behind the long-task queue: waiting real-time calls are served first, and background work may never hold
// the last free slot while more than one slot exists.
export type SynthesisPriority = 'interactive' | 'background';

interface Waiter {
  readonly priority: SynthesisPriority;
  readonly grant: (release: () => void) => void;
}

export class SynthesisSlots {
  private active = 0;
  private activeBackground = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity: number) {}

  /** Resolves with a release function once a slot is free; rejects if `signal` aborts first. */
  acquire(priority: SynthesisPriority, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        priority,
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.active < this.capacity) {
      const interactive = this.waiting.findIndex((waiter) => waiter.priority === 'interactive');
      const backgroundAllowed = this.capacity === 1 || this.activeBackground < this.capacity - 1;
      const background = backgroundAllowed ? this.waiting.findIndex((waiter) => waiter.priority === 'background') : -1;
      const index = interactive >= 0 ? interactive : background;
      if (index < 0) return;
      const [waiter] = this.waiting.splice(index, 1);
      if (waiter === undefined) return;
      this.active++;
      if (waiter.priority === 'background') this.activeBackground++;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.active--;
        if (waiter.priority === 'background') this.activeBackground--;
        this.dispatch();
      });
    }
  }
}
