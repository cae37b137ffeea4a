// The question that goes with an image to the vision model: Describe Image and Describe Image from URL ask for it,
// and a blank one (there, and in @maas /describe) becomes "Describe this image."
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';

export function defaultImageQuestion(): string {
  return vscode.l10n.t('Describe this image.');
}

/** The user's question about the image (the default when left blank), or undefined when the box was dismissed. */
export async function askImageQuestion(prompter: Prompter): Promise<string | undefined> {
  const question = await prompter.showInputBox({
    title: vscode.l10n.t('Describe image'),
    prompt: vscode.l10n.t('What would you like to know about the image?'),
    value: defaultImageQuestion(),
    ignoreFocusOut: true,
  });
  if (question === undefined) return undefined;
  return question.trim() === '' ? defaultImageQuestion() : question.trim();
}
