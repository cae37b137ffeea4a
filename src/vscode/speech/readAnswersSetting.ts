// Turning maas.speech.readAnswers on or off, for the chat view's toggle and MaaS: Toggle Reading Answers Aloud, in the
// user's own settings (userFlag.ts).
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';
import { writtenSetting } from '../settings/settings';
import { setUserFlag } from '../settings/userFlag';

/** Sets reading answers aloud on or off in the user's settings; resolves to whether it is now as asked. */
export function setReadAnswers(on: boolean, prompter: Pick<Prompter, 'showWarningMessage'>): Promise<boolean> {
  return setUserFlag('readAnswers', on, prompter);
}

/** MaaS: Toggle Reading Answers Aloud: switches the setting; says which way it went. */
export function toggleReadAnswersCommand(prompter: Pick<Prompter, 'showWarningMessage'>): () => Promise<boolean> {
  return async () => {
    const on = !writtenSetting('readAnswers');
    const done = await setReadAnswers(on, prompter);
    if (done)
      vscode.window.setStatusBarMessage(
        on ? vscode.l10n.t('$(unmute) MaaS: answers are read aloud as they arrive') : vscode.l10n.t('$(mute) MaaS: answers are no longer read aloud'),
        4000,
      );
    return on;
  };
}
