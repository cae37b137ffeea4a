// What a turn is made of and what its request needs beyond the conversation: a new turn from the features'
// input, the data URLs of its images (read back from the history folder), and the images of the last earlier turn
// that had any (a follow-up question can still see them).
import { randomUUID } from 'node:crypto';
import type { StoredContext, StoredImage, Turn, TurnKnowledge } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import { dataUrlOf } from '../../shared/imageFormats';

/** The log the chat writes to (the front end's, which masks secrets). */
export interface ChatLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Masks every known secret in a text meant for a person or a log. */
  redact(text: string): string;
}

export interface NewTurn {
  readonly kind: Turn['kind'];
  readonly question: string;
  readonly images?: readonly StoredImage[];
  readonly context?: readonly StoredContext[];
  /** The model to ask; the conversation's by default (an image turn asks the vision model). */
  readonly model?: string;
  /** How a knowledge turn asks (mode, bases, the retrieval tool); kept in the turn for Retry and Regenerate. */
  readonly knowledge?: Omit<TurnKnowledge, 'references'>;
}

export function newTurn(input: NewTurn, model: string, now: number): Turn {
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
    ...(input.knowledge === undefined ? {} : { knowledge: input.knowledge }),
    createdAt: now,
  };
}

export async function imageUrls(store: ConversationStore, turn: Turn): Promise<string[]> {
  return Promise.all(turn.images.map(async (image) => image.url ?? dataUrlOf(image.mime, (await store.readImage(image.file ?? '')).toString('base64'))));
}

/** The images of the most recent earlier turn that had any, keyed by that turn's id; none when unreadable. */
export async function lastEarlierImages(store: ConversationStore, log: ChatLog, earlier: readonly Turn[]): Promise<Map<string, string[]>> {
  const withImages = [...earlier].reverse().find((t) => t.images.length > 0);
  if (withImages === undefined) return new Map();
  try {
    return new Map([[withImages.id, await imageUrls(store, withImages)]]);
  } catch (error) {
    log.warn(`An earlier image could not be read again: ${error instanceof Error ? error.message : String(error)}`);
    return new Map();
  }
}
