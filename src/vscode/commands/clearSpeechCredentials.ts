// MaaS: Clear Speech Credentials — removes the speech appkey and token from SecretStorage.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';

export function clearSpeechCredentialsCommand(credentials: Credentials, prompter: Prompter): () => Promise<void> {
  return async () => {
    await credentials.clearSpeech();
    void prompter.showInformationMessage(vscode.l10n.t('MaaS speech credentials cleared.'));
  };
}
