// The completion engine's time: the debounce and the pause wait on it. Production waits on Node's timers; the tests
// pass a clock they move by hand, so that no test waits for time.

export interface CompletionClock {
  now(): number;
  /** Resolves true after `ms`, or false as soon as `signal` aborts (at once when it already has). */
  wait(ms: number, signal: AbortSignal): Promise<boolean>;
}

export const systemClock: CompletionClock = {
  now: () => Date.now(),
  wait: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const onAbort = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};
