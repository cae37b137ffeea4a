// MaaS: Describe Image from URL — an https image address goes to the vision model as it is (spec 2.2); http and
// other schemes are refused before anything is sent.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { urlFileName } from '../../core/files/urlFileName';
import { askImageQuestion } from '../images/imageQuestion';
import { revealChatView } from '../chat/revealChat';
import type { FeatureDependencies } from './featureDependencies';

export function describeImageFromUrlCommand(deps: FeatureDependencies): () => Promise<string | undefined> {
  return async () => {
    const entered = await deps.prompter.showInputBox({
      title: vscode.l10n.t('Describe image from URL'),
      prompt: vscode.l10n.t('The https address of the image.'),
      placeHolder: 'https://example.com/picture.png',
      ignoreFocusOut: true,
      validateInput: (value) => urlProblem(value.trim()),
    });
    if (entered === undefined) return undefined;
    const url = entered.trim();
    const problem = urlProblem(url);
    if (problem !== undefined) {
      void deps.prompter.showErrorMessage(problem);
      return undefined;
    }
    const question = await askImageQuestion(deps.prompter);
    if (question === undefined) return undefined;
    const parsed = new URL(url);
    const name = urlFileName(parsed);
    await revealChatView();
    return deps.chat().startTurn({
      kind: 'image',
      question,
      images: [{ id: randomUUID(), name, mime: '', width: 0, height: 0, bytes: 0, thumbnail: '', url: parsed.href }],
      model: deps.settings.settings.visionModel,
    });
  };
}

function urlProblem(value: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return vscode.l10n.t('Enter a web address such as https://example.com/picture.png.');
  }
  if (parsed.protocol !== 'https:') {
    return vscode.l10n.t('Only https addresses are accepted; {0} addresses are refused.', parsed.protocol.replace(':', ''));
  }
  return undefined;
}
