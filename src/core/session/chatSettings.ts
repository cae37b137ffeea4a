// What the chat needs of the settings, as plain data (the vscode layer reads and validates them), and the models it
// offers: those of the request plan's one list (the language model, the vision model and `maas.models.extra`), each
// with its family and the parameters that family takes.
import { paramRangesFor } from '../../shared/chatParams';
import type { ModelOptionView } from '../../shared/protocol';
import type { HistoryLimits } from '../conversations/historySelection';
import { availableModels, type ModelChoice, type TextModelImages } from '../requests/requestPlan';

export interface ChatSettings {
  /** '' when not set, or when the setting is invalid (then `baseUrlProblem` says so). */
  readonly baseUrl: string;
  /** The value written in maas.baseUrl when it is not a usable address. */
  readonly baseUrlProblem?: string;
  readonly chatModel: string;
  readonly visionModel: string;
  readonly extraModels: readonly ModelChoice[];
  readonly persona: string;
  /** Whether `persona` is the workspace's value of maas.chat.persona (a trusted workspace's, not the user's). */
  readonly personaFromWorkspace?: boolean;
  readonly historyMaxTurns: number;
  readonly historyMaxCharacters: number;
  readonly fontSize: number;
  readonly imageMaxBytes: number;
  /** The tokens a model takes in one request (maas.nativeChat.maxInputTokens): requests above it are not sent. */
  readonly lmMaxInputTokens: number;
  /** Each answer is spoken as it streams (maas.speech.readAnswers). */
  readonly readAnswers: boolean;
  /** What a question with images gets when its model does not take images (maas.images.withTextModel). */
  readonly imagesWithTextModel: TextModelImages;
}

export function modelOptions(settings: ChatSettings): ModelOptionView[] {
  return availableModels(settings).map((option) => ({ code: option.code, family: option.family, params: paramRangesFor(option.family) }));
}

/** How much of a conversation's history its next question carries (maas.chat.history.*). */
export function historyLimits(settings: ChatSettings): HistoryLimits {
  return { maxTurns: settings.historyMaxTurns, maxCharacters: settings.historyMaxCharacters };
}
