// Turning maas.speech.readAnswers on or off, for the chat view's toggle and MaaS: Toggle Reading Answers Aloud: the
// user's own setting is changed (the choice is theirs, not a workspace's). Where a workspace or folder sets the
// setting too, its value wins over the user's, so the change would not show: the user is told so and where.
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';
import { inspectSetting, writeSetting, writtenSetting } from '../settings/settings';
import { settingNames } from '../settings/settingsDeclaration';

/** Sets reading answers aloud on or off in the user's settings; resolves to whether it is now as asked. */
export async function setReadAnswers(on: boolean, prompter: Pick<Prompter, 'showWarningMessage'>): Promise<boolean> {
  await writeSetting('readAnswers', on, vscode.ConfigurationTarget.Global);
  const values = inspectSetting('readAnswers');
  const overriding = values?.workspaceFolderValue ?? values?.workspaceValue;
  if (overriding === undefined || overriding === on) return true;
  const where = values?.workspaceFolderValue === undefined ? vscode.l10n.t('this workspace') : vscode.l10n.t('this folder');
  void prompter.showWarningMessage(
    vscode.l10n.t(
      '{0} is set to {1} by the settings of {2}, which win over yours: remove it there to switch it here.',
      settingNames.readAnswers,
      String(overriding),
      where,
    ),
  );
  return false;
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
