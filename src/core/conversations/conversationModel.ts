// The persisted form of conversations: what the chat store writes to disk and validates when it reads it back.
// The store file is a trust boundary (it may be hand-edited, truncated or from another version), so zod.
import * as z from 'zod';

export const turnStatusSchema = z.enum(['pending', 'streaming', 'done', 'stopped', 'interrupted', 'error']);
export const finishReasonSchema = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'unknown']);

export const storedImageSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  mime: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  thumbnail: z.string(),
  /** File name of the full image inside the store's image folder; absent for an https URL. */
  file: z.string().optional(),
  /** An https address the image was given by. */
  url: z.string().optional(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const storedContextSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['selection', 'file']),
  label: z.string(),
  languageId: z.string(),
  text: z.string(),
});
export type StoredContext = z.infer<typeof storedContextSchema>;

export const storedErrorSchema = z.object({
  kind: z.string(),
  status: z.number().optional(),
  serverMessage: z.string().optional(),
  message: z.string(),
  /** False when the server's message matched no known error (the kind is a guess from the HTTP status). */
  matched: z.boolean().optional(),
});
export type StoredError = z.infer<typeof storedErrorSchema>;

export const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });

export const turnSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['chat', 'knowledge', 'image']),
  question: z.string(),
  images: z.array(storedImageSchema).default([]),
  context: z.array(storedContextSchema).default([]),
  answer: z.string().default(''),
  reasoning: z.string().default(''),
  status: turnStatusSchema,
  finishReason: finishReasonSchema.optional(),
  model: z.string(),
  usage: usageSchema.optional(),
  error: storedErrorSchema.optional(),
  /** Free-form data of a turn kind (knowledge-base options and references, say). */
  extra: z.record(z.string(), z.unknown()).optional(),
  createdAt: z.number(),
  completedAt: z.number().optional(),
});
export type Turn = z.infer<typeof turnSchema>;

export const chatParamsSchema = z.object({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  maxTokens: z.number().int().optional(),
  repetitionPenalty: z.number().optional(),
});
export type StoredChatParams = z.infer<typeof chatParamsSchema>;

export const conversationSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  /** True once the user renamed it: the title no longer follows the first question. */
  titleEdited: z.boolean().default(false),
  persona: z.string().default(''),
  model: z.string(),
  params: chatParamsSchema.default({}),
  turns: z.array(turnSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationStoreSchema = z.object({
  version: z.literal(1),
  activeId: z.string().optional(),
  conversations: z.array(conversationSchema),
});
export type ConversationStoreData = z.infer<typeof conversationStoreSchema>;

/** A title from the first question: its first line, whitespace folded, at most 60 characters. */
export function titleFromQuestion(question: string): string {
  const line = question.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  const folded = line.replace(/\s+/g, ' ');
  return folded.length > 60 ? `${folded.slice(0, 59)}…` : folded;
}

/** Turns that were streaming when the extension stopped (a reload, a crash) are kept and marked interrupted. */
export function markUnfinishedInterrupted(data: ConversationStoreData): ConversationStoreData {
  return {
    ...data,
    conversations: data.conversations.map((conversation) => ({
      ...conversation,
      turns: conversation.turns.map((turn) =>
        turn.status === 'pending' || turn.status === 'streaming' ? { ...turn, status: 'interrupted' as const } : turn,
      ),
    })),
  };
}
