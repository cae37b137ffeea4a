// The Settings editor, opened at the extension's settings or at one of them: for an error's Open Settings action and
// for a precondition a setting fixes (no knowledge base, no console address).
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from './settingsSchema';

export interface CommandCall {
  readonly command: string;
  readonly arguments: unknown[];
}

/** The command that opens the Settings editor at `query`: one setting's name, or every setting of the extension. */
export function openSettingsCommand(query = `${SETTINGS_SECTION}.`): CommandCall {
  return { command: 'workbench.action.openSettings', arguments: [query] };
}

export async function openSettings(query?: string): Promise<void> {
  const call = openSettingsCommand(query);
  await vscode.commands.executeCommand(call.command, ...call.arguments);
}
