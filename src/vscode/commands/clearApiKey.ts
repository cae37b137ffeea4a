// MaaS: Clear API Key — removes the key from SecretStorage.
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { Logger } from '../logger';

export function clearApiKeyCommand(keys: ApiKeyStore, logger: Logger): () => Promise<void> {
  return async () => {
    if ((await keys.get()) === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No MaaS API key is stored.'));
      return;
    }
    await keys.clear();
    logger.info('API key removed from secret storage.');
    void vscode.window.showInformationMessage(vscode.l10n.t('MaaS API key cleared.'));
  };
}
