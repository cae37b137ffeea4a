// MaaS: Set Speech Credentials — the speech appkey and token in two password boxes, stored trimmed in
// SecretStorage; blank values are refused.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';

type SecretStep = Record<'title' | 'prompt' | 'placeHolder' | 'whenBlank', string>;

export function setSpeechCredentialsCommand(credentials: Credentials, prompter: Prompter): () => Promise<boolean> {
  /** One password box: its value trimmed, or undefined when cancelled or blank (then `whenBlank` is shown). */
  const ask = async ({ title, prompt, placeHolder, whenBlank }: SecretStep): Promise<string | undefined> => {
    const blank = (value: string): string | undefined => (value.trim() === '' ? vscode.l10n.t('This value cannot be blank.') : undefined);
    const value = (await prompter.showInputBox({ title, prompt, placeHolder, password: true, ignoreFocusOut: true, validateInput: blank }))?.trim();
    if (value === '') void prompter.showWarningMessage(whenBlank);
    return value === '' ? undefined : value;
  };
  return async () => {
    const appkey = await ask({
      title: vscode.l10n.t('MaaS: Set Speech Credentials (1/2)'),
      prompt: vscode.l10n.t("The appkey of the speech service. It is kept in VS Code's secret storage."),
      placeHolder: vscode.l10n.t('appkey'),
      whenBlank: vscode.l10n.t('The appkey cannot be blank.'),
    });
    if (appkey === undefined) return false;
    const token = await ask({
      title: vscode.l10n.t('MaaS: Set Speech Credentials (2/2)'),
      prompt: vscode.l10n.t("The token of the speech service. It is kept in VS Code's secret storage."),
      placeHolder: vscode.l10n.t('token'),
      whenBlank: vscode.l10n.t('The token cannot be blank.'),
    });
    if (token === undefined) return false;
    await credentials.setSpeech({ appkey, token });
    void prompter.showInformationMessage(vscode.l10n.t('MaaS speech credentials saved.'));
    return true;
  };
}
