// The failover cool-down as the environment of the extension host may shorten it: the end-to-end scenarios start
// code-server with MAAS_TEST_FAILOVER_COOLDOWN_MS so that a test sees the client return to the primary address
// without waiting the cool-down of normal use (docs/client.md). No setting changes it; only whoever starts the
// extension host can, and only to a shorter cool-down.
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff';

export const FAILOVER_COOLDOWN_VARIABLE = 'MAAS_TEST_FAILOVER_COOLDOWN_MS';

export type CooldownOverride =
  | { readonly kind: 'none' }
  | { readonly kind: 'set'; readonly retry: Pick<RetryPolicy, 'failoverCooldownMs'> }
  | { readonly kind: 'invalid'; readonly message: string };

/** What the environment asks for: nothing, a shorter cool-down, or a value that is refused (with why, for the log). */
export function failoverCooldownOverride(env: NodeJS.ProcessEnv): CooldownOverride {
  const text = env[FAILOVER_COOLDOWN_VARIABLE];
  if (text === undefined || text.trim() === '') return { kind: 'none' };
  const max = DEFAULT_RETRY_POLICY.failoverCooldownMs;
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < 1 || value > max) {
    return {
      kind: 'invalid',
      message: `${FAILOVER_COOLDOWN_VARIABLE}=${JSON.stringify(text)} is not a whole number of milliseconds from 1 to ${max}; the failover cool-down stays ${max} ms.`,
    };
  }
  return { kind: 'set', retry: { failoverCooldownMs: value } };
}
