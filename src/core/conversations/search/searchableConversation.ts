// What the history search reads of a conversation: its title and summary, and the text a reader sees of its turns,
// its questions and answers. Not the reasoning (the model's working, shown folded away, which would find
// conversations for words their reader never saw), not the images' descriptions or bytes, not the attached files'
// text (shown as chips by name), not the error details. A conversation file is read here without the history's
// side effects (no version held, nothing set aside: the history's own check does that) and checked with a schema of
// just these fields, so a file another version wrote still counts.
import * as z from '../../../shared/zod';
import { readText } from '../conversationFile';
import type { Conversation } from '../conversationModel';
import type { SearchableConversation } from './searchIndex';

const searchableFileSchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.number(),
  turns: z.array(z.object({ question: z.string(), answer: z._default(z.string(), '') })),
});

/** The searchable parts of a conversation held in memory. */
export function searchableOf(conversation: Conversation): SearchableConversation {
  const { id, title, updatedAt, turns } = conversation;
  return { id, title, updatedAt, turnCount: turns.length, texts: turns.flatMap((turn) => [turn.question, turn.answer]) };
}

/** The searchable parts of a conversation file; undefined when it is gone, or unreadable, or holds another id. */
export async function readSearchable(file: string, id: string): Promise<SearchableConversation | undefined> {
  let text: string;
  try {
    text = await readText(file);
  } catch {
    return undefined;
  }
  let parsed;
  try {
    parsed = searchableFileSchema.safeParse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (!parsed.success || parsed.data.id !== id) return undefined;
  const { title, updatedAt, turns } = parsed.data;
  return { id, title, updatedAt, turnCount: turns.length, texts: turns.flatMap((turn) => [turn.question, turn.answer]) };
}
