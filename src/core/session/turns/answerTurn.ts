// The chat view's surface over ask(): a stored turn's conversation made into the request plan's neutral messages (the
// history within its limits, the context, earlier images for a vision model, a description the turn kept), asked,
// and each of the question's events made into the turn event the session applies (turnEvent.ts). A description made
// now is an event, so the turn keeps it; one the turn kept is handed to the plan and not asked for again.
import type { StoredImage } from '../../conversations/conversationModel';
import type { ConversationStore } from '../../conversations/conversationStore';
import { buildMessages } from '../../conversations/historySelection';
import { ask, type AskEvent } from '../../requests/ask';
import type { ChatBackend } from '../../requests/chatBackend';
import { descriptionKey, takesImages, type PlanImage, type PlanInput } from '../../requests/requestPlan';
import { wireParams } from '../../../shared/chatParams';
import { assertNever } from '../../../shared/protocol';
import { dataUrlOf } from '../../../shared/imageFormats';
import { historyLimits, type ChatSettings } from '../chatSettings';
import type { ChatLog } from '../sessionState';
import type { FoundTurn } from './runningTurns';
import type { AnswerEvent } from './turnEvent';

export interface TurnAsking {
  /** The settings as the history may keep them (an invalid address already masked). */
  readonly settings: ChatSettings;
  readonly store: ConversationStore;
  readonly backend: ChatBackend;
  readonly log: ChatLog;
}

/** A turn's events: its question asked, or at once its error when it cannot be prepared. */
export async function* answerTurn(found: FoundTurn, signal: AbortSignal, asking: TurnAsking): AsyncGenerator<AnswerEvent> {
  const { settings, log, backend } = asking;
  const redact = (text: string): string => log.redact(text);
  let input: PlanInput;
  try {
    input = turnPlanInput(found, settings, await turnImages(found, settings, asking));
  } catch (error) {
    log.error(`Turn ${found.turn.id} could not be prepared`, error);
    yield { type: 'end', outcome: { status: 'error', error: { kind: 'unexpected', message: redact(error instanceof Error ? error.message : String(error)) } } };
    return;
  }
  const question = { input, settings, backend, signal, redact, maxInputTokens: settings.lmMaxInputTokens };
  for await (const event of ask(question)) {
    const turnEvent = turnEventOf(event);
    if (turnEvent !== undefined) yield turnEvent;
  }
}

/** What a question's event is to the turn the session keeps (undefined: nothing the turn keeps or the view shows). */
function turnEventOf(event: AskEvent): AnswerEvent | undefined {
  switch (event.type) {
    case 'text':
      return { type: 'delta', answer: event.text, reasoning: '' };
    case 'thinking':
      return { type: 'delta', answer: '', reasoning: event.text };
    case 'citations':
      return { type: 'references', references: event.references };
    case 'described':
      return event.made ? { type: 'imageDescription', model: event.visionModel, text: event.text } : undefined;
    case 'usage':
    case 'toolCall':
    case 'finish':
    case 'retry':
    case 'failover':
    case 'connected':
      return event;
    case 'describing':
    case 'routed':
      // The turn already holds the model that answers it (turnPlacement.ts), and shows it is waiting.
      return undefined;
    case 'refusal':
      return { type: 'end', outcome: { status: 'error', error: event.error } };
    case 'error':
      return { type: 'end', outcome: { status: event.interrupted ? 'interrupted' : 'error', error: event.error } };
    case 'stopped':
      return { type: 'end', outcome: { status: 'stopped' } };
    case 'done':
      return { type: 'end', outcome: { status: 'done' } };
    default:
      return assertNever(event, 'question event');
  }
}

/** The images a turn's request carries: its own, and for a vision model asked a follow-up, the last earlier ones. */
interface TurnImages {
  readonly own: readonly PlanImage[];
  readonly earlier: ReadonlyMap<string, readonly PlanImage[]>;
}

/** What the request plan is asked for a stored turn (pure). */
function turnPlanInput({ conversation, turn, index }: FoundTurn, settings: ChatSettings, images: TurnImages): PlanInput {
  const { messages } = buildMessages(
    conversation.turns.slice(0, index),
    { question: turn.question, context: turn.context, images: images.own, earlierImages: images.earlier },
    historyLimits(settings),
  );
  const described = turn.imageDescription;
  return {
    model: turn.model,
    messages,
    persona: { own: conversation.persona },
    ...(turn.model === conversation.model ? { params: wireParams(conversation.params) } : {}),
    ...(turn.knowledge === undefined ? {} : { retrieval: turn.knowledge.retrieval }),
    ...(described === undefined ? {} : { descriptions: new Map([[descriptionKey(described.model, images.own), described.text]]) }),
  };
}

/**
 * The turn's images read back from the history folder. A vision model asked a follow-up (a question without images
 * of its own) sees the images of the last earlier turn that had any again; a question that brings images is about
 * those.
 */
async function turnImages({ conversation, turn, index }: FoundTurn, settings: ChatSettings, asking: TurnAsking): Promise<TurnImages> {
  const own = await planImages(asking.store, turn.images);
  if (!takesImages(settings, turn.model) || turn.images.length > 0) return { own, earlier: new Map() };
  const withImages = conversation.turns
    .slice(0, index)
    .reverse()
    .find((t) => t.images.length > 0);
  if (withImages === undefined) return { own, earlier: new Map() };
  try {
    return { own, earlier: new Map([[withImages.id, await planImages(asking.store, withImages.images)]]) };
  } catch (error) {
    asking.log.warn(`An earlier image could not be read again: ${error instanceof Error ? error.message : String(error)}`);
    return { own, earlier: new Map() };
  }
}

/** Images as the plan takes them: a data: URL of the file kept in the history folder (or the image's own URL), keyed by that file. */
function planImages(store: Pick<ConversationStore, 'readImage'>, images: readonly StoredImage[]): Promise<PlanImage[]> {
  return Promise.all(
    images.map(async (image) => ({
      url: image.url ?? dataUrlOf(image.mime, (await store.readImage(image.file ?? '')).toString('base64')),
      key: image.file ?? image.url ?? image.id,
    })),
  );
}
