// Turning an on/off setting on or off in the user's own settings (the choice is theirs, not a workspace's), for the
// toggles of reading answers aloud and of inline completions. Where a workspace or folder sets the setting too, its
// value wins over the user's, so the change would not show: the user is told so and where.
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';
import { inspectSetting, writeSetting } from './settings';
import { settingNames } from './settingsDeclaration';

export type UserFlag = 'readAnswers' | 'completionsEnabled';

/** Sets the flag in the user's settings; resolves to whether it is now as asked. */
export async function setUserFlag(key: UserFlag, on: boolean, prompter: Pick<Prompter, 'showWarningMessage'>): Promise<boolean> {
  await writeSetting(key, on, vscode.ConfigurationTarget.Global);
  const values = inspectSetting(key);
  const overriding = values?.workspaceFolderValue ?? values?.workspaceValue;
  if (overriding === undefined || overriding === on) return true;
  const where = values?.workspaceFolderValue === undefined ? vscode.l10n.t('this workspace') : vscode.l10n.t('this folder');
  void prompter.showWarningMessage(
    vscode.l10n.t(
      '{0} is set to {1} by the settings of {2}, which win over yours: remove it there to switch it here.',
      settingNames[key],
      String(overriding),
      where,
    ),
  );
  return false;
}
