// MaaS: Clear API Key — removes the key from SecretStorage.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';

export function clearApiKeyCommand(credentials: Credentials): () => Promise<void> {
  return async () => {
    if (!(await credentials.clearApiKey())) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No MaaS API key is stored.'));
      return;
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('MaaS API key cleared.'));
  };
}
