// What a turn is made of and what its request needs beyond the conversation: a new turn from the features'
// input, the data URLs of its images (read back from the history folder), the images of the last earlier turn
// that had any (a follow-up question can still see them), and the retrieval tool a knowledge turn was asked with.
import { randomUUID } from 'node:crypto';
import { retrievalOptionsSchema, type RetrievalOptions } from '../../core/chat/chatRequest';
import type { StoredContext, StoredImage, Turn } from '../../core/conversations/conversationModel';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { dataUrl } from '../../core/images/imageIntake';
import type { Logger } from '../logger';

export interface NewTurn {
  readonly kind: Turn['kind'];
  readonly question: string;
  readonly images?: readonly StoredImage[];
  readonly context?: readonly StoredContext[];
  readonly model?: string;
  /** The knowledge-base tool; kept in the turn (`extra.retrieval`) so Retry and Regenerate use it after a reload. */
  readonly retrieval?: RetrievalOptions;
  readonly extra?: Record<string, unknown>;
}

export function newTurn(input: NewTurn, model: string): Turn {
  return {
    id: randomUUID(),
    kind: input.kind,
    question: input.question,
    images: [...(input.images ?? [])],
    context: [...(input.context ?? [])],
    answer: '',
    reasoning: '',
    status: 'pending',
    model,
    extra: input.retrieval === undefined ? input.extra : { ...input.extra, retrieval: input.retrieval },
    createdAt: Date.now(),
  };
}

export async function imageUrls(store: ConversationStore, turn: Turn): Promise<string[]> {
  return Promise.all(turn.images.map(async (image) => image.url ?? dataUrl(image.mime, await store.readImage(image.file ?? ''))));
}

/** The images of the most recent earlier turn that had any, keyed by that turn's id; none when unreadable. */
export async function lastEarlierImages(store: ConversationStore, logger: Logger, earlier: readonly Turn[]): Promise<Map<string, string[]>> {
  const withImages = [...earlier].reverse().find((t) => t.images.length > 0);
  if (withImages === undefined) return new Map();
  try {
    return new Map([[withImages.id, await imageUrls(store, withImages)]]);
  } catch (error) {
    logger.warn(`An earlier image could not be read again: ${error instanceof Error ? error.message : String(error)}`);
    return new Map();
  }
}

/** The retrieval tool a knowledge turn was asked with, read back from the stored turn. */
export function retrievalRequestOf(turn: Turn): { retrieval: RetrievalOptions } | undefined {
  const parsed = retrievalOptionsSchema.safeParse(turn.extra?.['retrieval']);
  return parsed.success ? { retrieval: parsed.data } : undefined;
}
