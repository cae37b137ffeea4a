// What the chat needs of the settings, as plain data (the vscode layer reads and validates them), and the models it
// offers: the language model, the vision model and `maas.models.extra`, each with the parameters it takes.
import { paramRangesFor } from '../../shared/chatParams';
import type { ModelOptionView } from '../../shared/protocol';
import type { TextModelImages } from '../requests/requestPlan';

export interface ChatSettings {
  /** '' when not set, or when the setting is invalid (then `baseUrlProblem` says so). */
  readonly baseUrl: string;
  /** The value written in maas.baseUrl when it is not a usable address. */
  readonly baseUrlProblem?: string;
  readonly chatModel: string;
  readonly visionModel: string;
  readonly extraModels: readonly { readonly code: string; readonly vision: boolean }[];
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
  const options = [{ code: settings.chatModel, vision: false }, { code: settings.visionModel, vision: true }, ...settings.extraModels];
  const unique = options.filter((option, index) => options.findIndex((o) => o.code === option.code) === index);
  return unique.map((option) => ({ code: option.code, vision: option.vision, params: paramRangesFor(option.vision) }));
}

export function isVisionModel(settings: ChatSettings, model: string): boolean {
  return modelOptions(settings).some((option) => option.code === model && option.vision);
}
