// Which errors pause completions, and for how long. A completion is asked for again at every pause in typing, so an
// error that the next request would meet too (the service's rate limit, an exhausted balance, a key or model the
// account may not use) stops them for a while instead of being met again at every keystroke. Other errors (the
// network, a server error, a timeout) lose that one completion only.
import type { ServiceError } from '../http/serviceError';

export type PauseReason = 'rateLimited' | 'quota' | 'access';

export interface PauseDurations {
  /** Busy (503 服务繁忙 or 429) without a Retry-After. */
  readonly rateLimitedMs: number;
  readonly quotaMs: number;
  readonly accessMs: number;
  /** The bounds of a Retry-After. */
  readonly minRetryAfterMs: number;
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_PAUSE_DURATIONS: PauseDurations = {
  rateLimitedMs: 30_000,
  quotaMs: 10 * 60_000,
  accessMs: 10 * 60_000,
  minRetryAfterMs: 5_000,
  maxRetryAfterMs: 10 * 60_000,
};

export interface Pause {
  readonly reason: PauseReason;
  readonly ms: number;
}

/** The pause an error calls for, or undefined when completions go on. */
export function pauseFor(error: ServiceError, durations: PauseDurations = DEFAULT_PAUSE_DURATIONS): Pause | undefined {
  switch (error.kind) {
    case 'busy': {
      const asked = error.retryAfterMs;
      const ms = asked === undefined ? durations.rateLimitedMs : Math.min(Math.max(asked, durations.minRetryAfterMs), durations.maxRetryAfterMs);
      return { reason: 'rateLimited', ms };
    }
    case 'insufficientBalance':
      return { reason: 'quota', ms: durations.quotaMs };
    case 'keyMissing':
    case 'keyUnknown':
    case 'keyDisabled':
    case 'realNameRequired':
    case 'keyNoModelPermission':
    case 'userNoModelPermission':
    case 'addressRefused':
      return { reason: 'access', ms: durations.accessMs };
    default:
      return undefined;
  }
}
