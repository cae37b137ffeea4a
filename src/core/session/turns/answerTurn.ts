// A stored turn's way to the service, as events of its answer: the address checked, the turn's conversation made
// into the request plan's neutral messages (the history within its limits, the context, earlier images for a vision
// model, earlier descriptions as text), the plan prepared (which model, the images described for a language model or
// the refusal, the persona, the wire form), a request over the model's limit refused, and the request run through
// the backend (requests/answerRun.ts). A description made now is an event, so the turn keeps it; one the turn kept
// is handed to the plan and not asked for again.
import type { StoredChatParams, StoredImage } from '../../conversations/conversationModel';
import type { StoredError } from '../../answerRecords/answerRecords';
import type { ConversationStore } from '../../conversations/conversationStore';
import { buildMessages } from '../../conversations/historySelection';
import type { ChatRequest } from '../../chat/chatRequest';
import { outcomeOf, runAnswer, type AnswerEvent } from '../../requests/answerRun';
import { prepareRequest, type ChatBackend } from '../../requests/prepareRequest';
import { descriptionKey, takesImages, type PlanImage, type PlanInput } from '../../requests/requestPlan';
import { dataUrlOf } from '../../../shared/imageFormats';
import { historyLimits, type ChatSettings } from '../chatSettings';
import type { ChatLog } from '../sessionState';
import { contextProblem } from './contextBudget';
import type { FoundTurn } from './runningTurns';

export interface TurnAsking {
  /** The settings as the history may keep them (an invalid address already masked). */
  readonly settings: ChatSettings;
  readonly store: ConversationStore;
  readonly backend: ChatBackend;
  readonly log: ChatLog;
  readonly maxAttempts: number;
}

/** A turn's events: its run through the service, or at once its error when it cannot be asked. */
export async function* answerTurn(found: FoundTurn, signal: AbortSignal, asking: TurnAsking): AsyncGenerator<AnswerEvent> {
  const { settings, log, backend } = asking;
  const redact = (text: string): string => log.redact(text);
  if (settings.baseUrl === '') {
    yield { type: 'end', outcome: { status: 'error', error: noAddressError(settings) } };
    return;
  }
  let input: PlanInput;
  try {
    input = turnPlanInput(found, settings, await turnImages(found, settings, asking));
  } catch (error) {
    log.error(`Turn ${found.turn.id} could not be prepared`, error);
    yield { type: 'end', outcome: { status: 'error', error: { kind: 'unexpected', message: redact(error instanceof Error ? error.message : String(error)) } } };
    return;
  }
  let request: ChatRequest;
  try {
    const prepared = await prepareRequest(input, { settings, backend, signal });
    if (prepared.kind === 'refused') {
      const { model } = prepared.refusal;
      yield { type: 'end', outcome: { status: 'error', error: { kind: 'imagesNeedVision', message: `${model} does not take images.`, value: model } } };
      return;
    }
    for (const made of prepared.made) yield { type: 'imageDescription', model: made.visionModel, text: made.text };
    request = prepared.request;
  } catch (error) {
    yield { type: 'end', outcome: outcomeOf(error, redact) };
    return;
  }
  const tooLong = contextProblem(request, settings.lmMaxInputTokens);
  if (tooLong !== undefined) {
    yield { type: 'end', outcome: { status: 'error', error: tooLong } };
    return;
  }
  yield* runAnswer({ backend, request, maxAttempts: asking.maxAttempts, signal, redact });
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

/** The conversation's parameters belong to its model: a turn sent to another model (an image turn) goes without. */
function wireParams(params: StoredChatParams): NonNullable<PlanInput['params']> {
  return {
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.topP === undefined ? {} : { top_p: params.topP }),
    ...(params.maxTokens === undefined ? {} : { max_tokens: params.maxTokens }),
    ...(params.repetitionPenalty === undefined ? {} : { repetition_penalty: params.repetitionPenalty }),
  };
}

function noAddressError(settings: ChatSettings): StoredError {
  return settings.baseUrlProblem === undefined
    ? { kind: 'noBaseUrl', message: 'maas.baseUrl is not set.' }
    : { kind: 'invalidBaseUrl', message: `maas.baseUrl is not an http(s) address: ${settings.baseUrlProblem}`, value: settings.baseUrlProblem };
}
