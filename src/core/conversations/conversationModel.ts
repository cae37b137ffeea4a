// The persisted form of conversations: what the chat store writes to disk and validates when it reads it back.
// The store file is a trust boundary (it may be hand-edited, truncated or from another version), so zod.
import * as z from '../../shared/zod';
import {
  chatParamsSchema,
  contextKindSchema,
  finishReasonSchema,
  knowledgeModeSchema,
  turnKindSchema,
  turnStatusSchema,
  usageSchema,
} from '../../shared/protocolSchemas';
import { retrievalOptionsSchema } from '../chat/chatRequest';
import { storedErrorSchema, storedReferenceSchema } from '../answerRecords/answerRecords';
import { interruptedIfLive, isLive } from '../../shared/turnStatus';

const storedImageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  mime: z.string(),
  width: z.int().check(z.nonnegative()),
  height: z.int().check(z.nonnegative()),
  bytes: z.int().check(z.nonnegative()),
  thumbnail: z.string(),
  /** File name of the full image inside the store's image folder; absent for an https URL. */
  file: z.optional(z.string()),
  /** An https address the image was given by. */
  url: z.optional(z.string()),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

const storedContextSchema = z.object({
  id: z.string().check(z.minLength(1)),
  kind: contextKindSchema,
  label: z.string(),
  languageId: z.string(),
  text: z.string(),
});
export type StoredContext = z.infer<typeof storedContextSchema>;

const knowledgeBaseRefSchema = z.object({ id: z.int(), name: z.string() });

/** How a knowledge-base turn was asked (kept so Retry and Regenerate ask the same way after a reload) and what it cited. */
const turnKnowledgeSchema = z.object({
  mode: knowledgeModeSchema,
  bases: z.array(knowledgeBaseRefSchema),
  retrieval: retrievalOptionsSchema,
  references: z.catch(z.optional(z.array(storedReferenceSchema)), undefined),
});
export type TurnKnowledge = z.infer<typeof turnKnowledgeSchema>;

const turnObjectSchema = z.object({
  id: z.string().check(z.minLength(1)),
  kind: turnKindSchema,
  question: z.string(),
  images: z._default(z.array(storedImageSchema), []),
  context: z._default(z.array(storedContextSchema), []),
  answer: z._default(z.string(), ''),
  reasoning: z._default(z.string(), ''),
  /** The vision model's description of the images, made for a language model (maas.images.withTextModel). */
  imageDescription: z.catch(z.optional(z.object({ model: z.string(), text: z.string() })), undefined),
  status: turnStatusSchema,
  finishReason: z.optional(finishReasonSchema),
  model: z.string(),
  usage: z.optional(usageSchema),
  error: z.optional(storedErrorSchema),
  /** Only on knowledge turns; a malformed one is dropped, never the turn. */
  knowledge: z.catch(z.optional(turnKnowledgeSchema), undefined),
  createdAt: z.number(),
  completedAt: z.optional(z.number()),
});

/**
 * Turns as versions up to 0.1 wrote them kept a knowledge turn's data in an untyped `extra` record
 * (`extra.knowledge` {mode, bases}, `extra.retrieval`, `extra.references`): read into `knowledge`, never written.
 */
function migrateTurn(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || !('extra' in raw)) return raw;
  const { extra, ...turn } = raw as { extra?: unknown; knowledge?: unknown };
  if (turn.knowledge !== undefined || extra === null || typeof extra !== 'object') return turn;
  const old = extra as { knowledge?: { mode?: unknown; bases?: unknown }; retrieval?: { knowledge_ids?: unknown; chat_mode?: unknown }; references?: unknown };
  if (old.retrieval === undefined && old.knowledge === undefined) return turn;
  const ids = Array.isArray(old.retrieval?.knowledge_ids) ? (old.retrieval.knowledge_ids as unknown[]) : [];
  return {
    ...turn,
    knowledge: {
      mode: old.knowledge?.mode ?? (old.retrieval?.chat_mode === 2 ? 'strict' : 'divergent'),
      bases: old.knowledge?.bases ?? ids.map((id) => ({ id, name: `#${String(id)}` })),
      retrieval: old.retrieval ?? { knowledge_ids: Array.isArray(old.knowledge?.bases) ? (old.knowledge.bases as { id?: unknown }[]).map((b) => b.id) : [] },
      ...(old.references === undefined ? {} : { references: old.references }),
    },
  };
}

export const turnSchema = z.pipe(z.transform(migrateTurn), turnObjectSchema);
export type Turn = z.infer<typeof turnObjectSchema>;

/** Stored parameters: the protocol's, with unknown keys (from another version) dropped rather than refused. */
const storedChatParamsSchema = z.object(chatParamsSchema.shape);
export type StoredChatParams = z.infer<typeof storedChatParamsSchema>;

/**
 * The file-name rule: a conversation's id is its file's name (`<id>.json`). An id read from anywhere (`index.json`,
 * `list.json`, a message) is checked against it before a path is built from it, so a crafted id such as `../../x`
 * never names a file outside the history folder (reading one that does not parse would rename it).
 */
const CONVERSATION_ID = /^[A-Za-z0-9-]{1,100}$/;
export const isConversationId = (id: string): boolean => CONVERSATION_ID.test(id);

export const conversationSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  /** True once the user renamed it: the title no longer follows the first question. */
  titleEdited: z._default(z.boolean(), false),
  persona: z._default(z.string(), ''),
  model: z.string(),
  params: z._default(storedChatParamsSchema, {}),
  turns: z.array(turnSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A conversation as the list shows it, without its turns: what the history's list file (historyList.ts) keeps for
 * every conversation, so that start-up does not read the whole history.
 */
export interface ConversationSummary {
  readonly id: string;
  readonly title: string;
  readonly model: string;
  readonly updatedAt: number;
  readonly turnCount: number;
}

export function summaryOf(conversation: Conversation): ConversationSummary {
  const { id, title, model, updatedAt } = conversation;
  return { id, title, model, updatedAt, turnCount: conversation.turns.length };
}

/** Whether two summaries show the same (the list file then needs no new write for it). */
export function sameSummary(a: ConversationSummary | undefined, b: ConversationSummary): boolean {
  return a !== undefined && a.id === b.id && a.title === b.title && a.model === b.model && a.updatedAt === b.updatedAt && a.turnCount === b.turnCount;
}

/**
 * The conversations a window holds: those whose turns are in memory (the open one, one answering, one just
 * changed) and every other one by its summary, its turns left on disk until it is opened.
 */
export interface ConversationStoreData {
  readonly version: 1;
  readonly activeId?: string;
  /** Loaded: every turn in memory. */
  readonly conversations: Conversation[];
  /** Not loaded: the list's summary only. Never both here and in `conversations`. */
  readonly unloaded?: ConversationSummary[];
}

/** A title from the first question: its first line, whitespace folded, at most 60 characters. */
export function titleFromQuestion(question: string): string {
  const line =
    question
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const folded = line.replace(/\s+/g, ' ');
  return folded.length > 60 ? `${folded.slice(0, 59)}…` : folded;
}

/** Turns that were streaming when the extension stopped (a reload, a crash) are kept and marked interrupted. */
export function markUnfinishedInterrupted(conversation: Conversation): Conversation {
  if (!conversation.turns.some((turn) => isLive(turn.status))) return conversation;
  return { ...conversation, turns: conversation.turns.map((turn) => interruptedIfLive(turn)) };
}
