// What VS Code's chat is told when images are asked about with a language model, as maas.images.withTextModel says:
// the same words from the language-model provider and from @maas.
import * as vscode from 'vscode';

/** `visionModel` (the setting's `visionModel`): a line above the answer saying which model answered. */
export function answeredByVisionModel(model: string, visionModel: string): string {
  return `*${vscode.l10n.t('{0} does not take images: {1} answered this question.', model, visionModel)}*\n\n`;
}

/** The setting is `refuse`: the request fails, saying which model takes images. */
export function imagesRefused(model: string, visionModel: string): Error {
  return new Error(vscode.l10n.t('{0} does not take images, and maas.images.withTextModel is off; pick the vision model {1}.', model, visionModel));
}
