// Retry policy and its exponential backoff with jitter.

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  readonly maxAttempts: number;
  /** Upper bound of all waits of one call added together; a wait that would exceed it ends the retries. */
  readonly maxTotalDelayMs: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** How long a base URL that failed stays avoided before the client tries it again. */
  readonly failoverCooldownMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  maxTotalDelayMs: 20_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  failoverCooldownMs: 30_000,
};

/**
 * Wait before retry number `retry` (1 = the first retry): base * 2^(retry-1), capped at maxDelayMs, with
 * "equal jitter" (between half and all of it) so that clients busy-rejected together do not return together.
 */
export function backoffDelay(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The wait before a retry: the server's Retry-After when given (it knows best), the backoff otherwise. */
export function retryDelay(retry: number, policy: RetryPolicy, retryAfterMs: number | undefined, random?: () => number): number {
  return retryAfterMs ?? backoffDelay(retry, policy, random);
}
