// Two VS Code windows share the history folder and may change the same conversation between one's read and its
// write. Saving then merges instead of overwriting: a three-way merge against the version this window last read
// or wrote (the base), so a turn the other window added is kept, a turn this window removed (Edit, Regenerate
// drop the later turns) stays removed, and where both changed the same turn this window's version wins.
import { conversationSchema, type Conversation, type Turn } from './conversationModel';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `ours` with what `theirs` changed since `base`; `base` undefined means neither had the conversation before. */
export function mergeConversation(base: Conversation | undefined, ours: Conversation, theirs: Conversation): Conversation {
  const baseTurns = new Map((base?.turns ?? []).map((t) => [t.id, t]));
  const theirTurns = new Map(theirs.turns.map((t) => [t.id, t]));
  const ourIds = new Set(ours.turns.map((t) => t.id));
  const kept = ours.turns.map((turn) => {
    const theirTurn = theirTurns.get(turn.id);
    // Unchanged here but changed there (the other window finished its answer): take theirs.
    return theirTurn !== undefined && same(turn, baseTurns.get(turn.id)) ? theirTurn : turn;
  });
  const added = theirs.turns.filter((t) => !ourIds.has(t.id) && !baseTurns.has(t.id));
  const turns: Turn[] = added.length === 0 ? kept : [...kept, ...added].sort((a, b) => a.createdAt - b.createdAt);
  const fields = (c: Conversation | undefined): unknown => (c === undefined ? undefined : [c.title, c.titleEdited, c.persona, c.model, c.params]);
  const header = base !== undefined && same(fields(ours), fields(base)) ? theirs : ours;
  return {
    ...ours,
    title: header.title,
    titleEdited: header.titleEdited,
    persona: header.persona,
    model: header.model,
    params: header.params,
    turns,
    updatedAt: Math.max(ours.updatedAt, theirs.updatedAt),
  };
}

/**
 * The merge to write when the conversation file (`onDisk`, its text) holds another window's change since `base`;
 * undefined when ours can be written as it is (no file, an unreadable one, no change there, nothing to take).
 */
export function mergeWithFile(base: Conversation | undefined, ours: Conversation, onDisk: string | undefined): Conversation | undefined {
  let theirs: Conversation;
  try {
    if (onDisk === undefined) return undefined;
    const parsed = conversationSchema.safeParse(JSON.parse(onDisk));
    if (!parsed.success) return undefined; // left for the next load to set aside
    theirs = parsed.data;
  } catch {
    return undefined;
  }
  if (same(theirs, base) || same(theirs, ours)) return undefined;
  const merged = mergeConversation(base, ours, theirs);
  return same(merged, ours) ? undefined : merged;
}
