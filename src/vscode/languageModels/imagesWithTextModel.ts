// What VS Code's chat is told about images asked about with a language model, as maas.images.withTextModel says:
// the same words from the language-model provider and from @maas. (A refusal's words are the chat view's:
// errors/errorMessages.ts, through the request plan's refusal.)
import * as vscode from 'vscode';
import { markdownText } from '../../core/markdown/markdownEscapes';

/** The question went to the vision model: a line above the answer saying which model answered (Markdown). */
export function routedNote(model: string, visionModel: string): string {
  return `*${markdownText(vscode.l10n.t('{0} does not take images: {1} answered this question.', model, visionModel))}*\n\n`;
}

/** The title of a description the vision model made for a language model. */
export function describedNote(visionModel: string, model: string): string {
  return vscode.l10n.t('{0} described the attached image for {1}:', visionModel, model);
}
