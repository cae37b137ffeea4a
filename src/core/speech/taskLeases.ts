// Which window follows a long-text synthesis task. Every window of VS Code shares globalState and resumes the
// pending tasks it finds there after a reload; without a lease, two windows would poll the same task and both write
// its file. A window takes a task's lease for a short time and renews it while it polls; a lease that has expired
// (its window closed or crashed) may be taken by another. globalState has no compare-and-set, so this is a guard
// against the common case (several windows open at a reload), not a lock.

export interface Lease {
  readonly owner: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

export type Leases = Readonly<Record<string, Lease>>;

/** The window holding the task's lease now, or undefined when none does. */
export function leaseHolder(leases: Leases, taskId: string, now: number): string | undefined {
  const lease = leases[taskId];
  return lease !== undefined && lease.expiresAt > now ? lease.owner : undefined;
}

/** The leases with this task's taken (or renewed) by `owner`; undefined while another window holds it. */
export function takeLease(leases: Leases, taskId: string, owner: string, now: number, ttlMs: number): Leases | undefined {
  const holder = leaseHolder(leases, taskId, now);
  if (holder !== undefined && holder !== owner) return undefined;
  return { ...pruned(leases, now), [taskId]: { owner, expiresAt: now + ttlMs } };
}

/** The leases without this task's, when `owner` holds it (a lease another window took over is left alone). */
export function releaseLease(leases: Leases, taskId: string, owner: string): Leases {
  if (leases[taskId]?.owner !== owner) return leases;
  return Object.fromEntries(Object.entries(leases).filter(([id]) => id !== taskId));
}

/** Expired leases are dropped as a side effect of taking one, so the record cannot grow without bound. */
function pruned(leases: Leases, now: number): Record<string, Lease> {
  return Object.fromEntries(Object.entries(leases).filter(([, lease]) => lease.expiresAt > now));
}
