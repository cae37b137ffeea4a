// MaaS: Set Speech Credentials — the speech appkey and token in two password boxes, stored trimmed in
// SecretStorage; blank values are refused.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';

export function setSpeechCredentialsCommand(credentials: Credentials, prompter: Prompter): () => Promise<boolean> {
  return async () => {
    const blank = (value: string): string | undefined => (value.trim() === '' ? vscode.l10n.t('This value cannot be blank.') : undefined);
    const appkey = await prompter.showInputBox({
      title: vscode.l10n.t('MaaS: Set Speech Credentials (1/2)'),
      prompt: vscode.l10n.t("The appkey of the speech service. It is kept in VS Code's secret storage."),
      placeHolder: vscode.l10n.t('appkey'),
      password: true,
      ignoreFocusOut: true,
      validateInput: blank,
    });
    if (appkey === undefined) return false;
    if (appkey.trim() === '') {
      void prompter.showWarningMessage(vscode.l10n.t('The appkey cannot be blank.'));
      return false;
    }
    const token = await prompter.showInputBox({
      title: vscode.l10n.t('MaaS: Set Speech Credentials (2/2)'),
      prompt: vscode.l10n.t("The token of the speech service. It is kept in VS Code's secret storage."),
      placeHolder: vscode.l10n.t('token'),
      password: true,
      ignoreFocusOut: true,
      validateInput: blank,
    });
    if (token === undefined) return false;
    if (token.trim() === '') {
      void prompter.showWarningMessage(vscode.l10n.t('The token cannot be blank.'));
      return false;
    }
    await credentials.setSpeech({ appkey: appkey.trim(), token: token.trim() });
    void prompter.showInformationMessage(vscode.l10n.t('MaaS speech credentials saved.'));
    return true;
  };
}
