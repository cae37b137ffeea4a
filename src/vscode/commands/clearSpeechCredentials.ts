// MaaS: Clear Speech Credentials — removes the speech appkey and token from SecretStorage.
import * as vscode from 'vscode';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import type { SpeechCredentialStore } from '../secrets/speechCredentialStore';

export function clearSpeechCredentialsCommand(store: SpeechCredentialStore, prompter: Prompter, logger: Logger): () => Promise<void> {
  return async () => {
    await store.clear();
    logger.info('Speech credentials removed from secret storage.');
    void prompter.showInformationMessage(vscode.l10n.t('MaaS speech credentials cleared.'));
  };
}
