// MaaS: Add Current File to Chat — the active editor's whole file becomes a context chip (up to a size limit).
import * as vscode from 'vscode';
import type { ChatSession } from '../../core/session/chatSession';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import type { Prompter } from '../prompter';
import { revealChatView } from '../chat/revealChat';
import { workspaceLabel } from '../workspaceLabel';

/** Larger files would crowd out the conversation; select the part that matters instead. */
const MAX_FILE_CHARACTERS = 100_000;

export function addFileToChatCommand(session: () => ChatSession, view: () => ChatViewProvider, prompter: Prompter): () => Promise<void> {
  return async () => {
    const document = vscode.window.activeTextEditor?.document ?? vscode.window.visibleTextEditors[0]?.document;
    if (document === undefined) {
      void prompter.showInformationMessage(vscode.l10n.t('Open a file in the editor first.'));
      return;
    }
    const text = document.getText();
    if (text.trim() === '') {
      void prompter.showInformationMessage(vscode.l10n.t('{0} is empty.', workspaceLabel(document.uri)));
      return;
    }
    if (text.length > MAX_FILE_CHARACTERS) {
      void prompter.showWarningMessage(
        vscode.l10n.t(
          '{0} has {1} characters, more than the {2} a file may add; select the part you need and use Add Selection to Chat.',
          workspaceLabel(document.uri),
          text.length,
          MAX_FILE_CHARACTERS,
        ),
      );
      return;
    }
    await revealChatView();
    await session().addContext({ kind: 'file', label: workspaceLabel(document.uri), languageId: document.languageId, text });
    view().focusInput();
  };
}
