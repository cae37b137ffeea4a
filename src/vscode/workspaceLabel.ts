// A short, readable name for a document: its path relative to the workspace, or its file name.
import * as vscode from 'vscode';

export function workspaceLabel(uri: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, false);
  return relative === '' ? (uri.path.split('/').pop() ?? uri.toString()) : relative;
}
