// The Settings editor, opened at the extension's settings or at one of them: for an error's Open Settings action and
// for a precondition a setting fixes (no knowledge base, no console address).
import * as vscode from 'vscode';
import { SETTINGS_SECTION, settingNames, type SettingKey } from './settingsDeclaration';

export interface CommandCall {
  readonly command: string;
  readonly arguments: unknown[];
}

/** The command that opens the Settings editor at one setting, or at every setting of the extension. */
export function openSettingsCommand(key?: SettingKey): CommandCall {
  return { command: 'workbench.action.openSettings', arguments: [key === undefined ? `${SETTINGS_SECTION}.` : settingNames[key]] };
}

export async function openSettings(key?: SettingKey): Promise<void> {
  const call = openSettingsCommand(key);
  await vscode.commands.executeCommand(call.command, ...call.arguments);
}
