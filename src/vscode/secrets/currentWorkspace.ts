// The open workspace as approvals key it (the .code-workspace file, or the first folder), and its name and settings
// file for the words shown to the user.
import * as vscode from 'vscode';
import type { WorkspaceRef } from './addressApprovals';

/** The open workspace; undefined in a window without a folder. */
export function currentWorkspace(): WorkspaceRef | undefined {
  const file = vscode.workspace.workspaceFile;
  if (file !== undefined && file.scheme !== 'untitled') {
    return { id: file.toString(), label: vscode.workspace.name ?? file.path, settingsFile: file.fsPath };
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) return undefined;
  return { id: folder.uri.toString(), label: folder.name, settingsFile: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json').fsPath };
}
