// A wait that an AbortSignal ends at once (as a 'cancelled' ServiceError).
import { cancelledError } from './serviceError';

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError(signal.reason));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A wait of `ms` that the signal ends at once; `sleep` in production, a recording fake in tests. */
export type Sleeper = (ms: number, signal?: AbortSignal) => Promise<void>;
