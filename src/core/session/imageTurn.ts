// A question with images asked of a language model (maas.images.withTextModel): before the request, the vision model
// describes the images and the description goes with the question (and with the turn, so a reload, a follow-up and
// the history keep it); when the setting refuses images with a language model, the turn ends saying so.
import type { ConversationStore } from '../conversations/conversationStore';
import type { Turn } from '../conversations/conversationModel';
import { describeImages } from '../requests/prepareRequest';
import type { ChatSettings } from './chatSettings';
import { imageUrls } from './turnInputs';
import { outcomeOf, type AnswerEvent } from '../requests/answerRun';
import type { ChatBackend } from '../requests/prepareRequest';

export interface DescribeTurn {
  readonly settings: ChatSettings;
  readonly turn: Turn;
  readonly store: ConversationStore;
  readonly backend: ChatBackend;
  readonly signal: AbortSignal;
  readonly redact: (text: string) => string;
}

/**
 * Yields the description (an `imageDescription` event) and returns it; or yields the turn's end (refused, failed,
 * stopped) and returns undefined.
 */
export async function* describeTurnImages(input: DescribeTurn): AsyncGenerator<AnswerEvent, { model: string; text: string } | undefined, undefined> {
  const { settings, turn } = input;
  if (settings.imagesWithTextModel === 'refuse') {
    yield {
      type: 'end',
      outcome: {
        status: 'error',
        error: { kind: 'imagesNeedVision', message: `${turn.model} does not take images.`, value: turn.model },
      },
    };
    return undefined;
  }
  try {
    const urls = await imageUrls(input.store, turn);
    const text = await describeImages(input.backend, { visionModel: settings.visionModel, question: turn.question, imageUrls: urls }, input.signal);
    const described = { model: settings.visionModel, text };
    yield { type: 'imageDescription', ...described };
    return described;
  } catch (error) {
    yield { type: 'end', outcome: outcomeOf(error, input.redact) };
    return undefined;
  }
}
