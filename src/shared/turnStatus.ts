// What a turn's status says, for the host and the view alike: whether its answer is still coming, and what a turn cut
// off while it was (a reload, a crash, the window closing) becomes.
import type { TurnStatus } from './protocol';

/** Whether a turn is still being answered: pending (nothing arrived yet) or streaming. */
export function isLive(status: string | undefined): boolean {
  return status === 'pending' || status === 'streaming';
}

/** A live turn keeps what arrived, marked interrupted (and when, if given); any other turn is returned as it is. */
export function interruptedIfLive<T extends { readonly status: TurnStatus; readonly completedAt?: number }>(turn: T, completedAt?: number): T {
  if (!isLive(turn.status)) return turn;
  // The same turn with two fields of its own type replaced: T's other fields are untouched.
  return { ...turn, status: 'interrupted', ...(completedAt === undefined ? {} : { completedAt }) } as T;
}
