// MaaS: Set API Key — asks for the key in a password box and stores it, trimmed, in SecretStorage. The box and the
// messages go through the Prompter (in-host tests answer them).
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';

export function setApiKeyCommand(credentials: Credentials, prompter: Prompter): () => Promise<void> {
  return async () => {
    const entered = await prompter.showInputBox({
      title: vscode.l10n.t('MaaS: Set API Key'),
      prompt: vscode.l10n.t("Paste the API key you created in the service console. It is kept in VS Code's secret storage."),
      placeHolder: vscode.l10n.t('API key'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The API key cannot be blank.') : undefined),
    });
    if (entered === undefined) return;
    const key = entered.trim();
    if (key === '') {
      void prompter.showWarningMessage(vscode.l10n.t('The API key cannot be blank.'));
      return;
    }
    await credentials.setApiKey(key);
    void prompter.showInformationMessage(vscode.l10n.t('MaaS API key saved.'));
  };
}
