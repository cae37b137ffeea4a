// MaaS: Add Selection to Chat — the editor's selection becomes a removable context chip for the next question.
import * as vscode from 'vscode';
import type { ChatSession } from '../../core/session/chatSession';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import { revealChatView } from '../chat/revealChat';
import { workspaceLabel } from '../workspaceLabel';

export function addSelectionToChatCommand(session: () => ChatSession, view: () => ChatViewProvider): () => Promise<void> {
  return async () => {
    const editor = vscode.window.activeTextEditor;
    const selection = editor?.selection;
    if (editor === undefined || selection === undefined || selection.isEmpty || editor.document.getText(selection).trim() === '') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Select some text in the editor first.'));
      return;
    }
    const lines = selection.start.line === selection.end.line ? `${selection.start.line + 1}` : `${selection.start.line + 1}-${selection.end.line + 1}`;
    await revealChatView();
    await session().addContext({
      kind: 'selection',
      label: `${workspaceLabel(editor.document.uri)}:${lines}`,
      languageId: editor.document.languageId,
      text: editor.document.getText(selection),
    });
    view().focusInput();
  };
}
