// A stored turn's way to the service: the checks that end it before anything is sent (no address, a request over
// the model's limit), the description of its images for a language model (imageTurn.ts), the request built from
// its conversation, and the run through the backend (turnRunner.ts). Every outcome is an event of the turn.
import type { StoredError } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import { isVisionModel, type ChatSettings } from './chatSettings';
import { contextProblem } from './contextBudget';
import { describeTurnImages } from './imageTurn';
import { imageUrls, lastEarlierImages, type ChatLog } from './turnInputs';
import type { FoundTurn } from './turnRuns';
import { requestForTurn } from './turnRunner';
import { runAnswer, type AnswerEvent } from '../requests/answerRun';
import type { ChatBackend } from '../requests/prepareRequest';
import type { ChatRequest } from '../chat/chatRequest';

export interface TurnAsking {
  /** The settings as the history may keep them (an invalid address already masked). */
  readonly settings: ChatSettings;
  readonly store: ConversationStore;
  readonly backend: () => ChatBackend;
  readonly log: ChatLog;
  readonly maxAttempts: number;
}

/** A turn's events: its run through the service, or at once its error when it cannot be asked. */
export async function* turnEvents(found: FoundTurn, signal: AbortSignal, asking: TurnAsking): AsyncGenerator<AnswerEvent> {
  const { settings, store, log } = asking;
  if (settings.baseUrl === '') {
    yield { type: 'end', outcome: { status: 'error', error: noAddressError(settings) } };
    return;
  }
  const vision = isVisionModel(settings, found.turn.model);
  let imageDescription = found.turn.imageDescription;
  if (!vision && found.turn.images.length > 0 && imageDescription === undefined) {
    const described = yield* describeTurnImages({ settings, turn: found.turn, store, backend: asking.backend(), signal, redact: (text) => log.redact(text) });
    if (described === undefined) return;
    imageDescription = described;
  }
  let request: ChatRequest;
  try {
    request = requestForTurn({
      conversation: found.conversation,
      turn: found.turn,
      persona: found.conversation.persona.trim() !== '' ? found.conversation.persona : settings.persona,
      limits: { maxTurns: settings.historyMaxTurns, maxCharacters: settings.historyMaxCharacters },
      imageUrls: vision ? await imageUrls(store, found.turn) : [],
      // A follow-up about an earlier image sends it again; a question that brings its own images is about those.
      earlierImageUrls:
        vision && found.turn.images.length === 0 ? await lastEarlierImages(store, log, found.conversation.turns.slice(0, found.index)) : new Map(),
      ...(imageDescription === undefined ? {} : { imageDescription }),
    });
  } catch (error) {
    log.error(`Turn ${found.turn.id} could not be prepared`, error);
    yield {
      type: 'end',
      outcome: { status: 'error', error: { kind: 'unexpected', message: log.redact(error instanceof Error ? error.message : String(error)) } },
    };
    return;
  }
  const tooLong = contextProblem(request, settings.lmMaxInputTokens);
  if (tooLong !== undefined) {
    yield { type: 'end', outcome: { status: 'error', error: tooLong } };
    return;
  }
  yield* runAnswer({ backend: asking.backend(), request, maxAttempts: asking.maxAttempts, signal, redact: (text) => log.redact(text) });
}

function noAddressError(settings: ChatSettings): StoredError {
  return settings.baseUrlProblem === undefined
    ? { kind: 'noBaseUrl', message: 'maas.baseUrl is not set.' }
    : { kind: 'invalidBaseUrl', message: `maas.baseUrl is not an http(s) address: ${settings.baseUrlProblem}`, value: settings.baseUrlProblem };
}
