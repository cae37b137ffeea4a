// Showing the chat view from a command: before a turn starts, so its answer is seen streaming, and for MaaS: Open Chat.
import * as vscode from 'vscode';
import type { ChatSession } from '../../core/session/chatSession';
import { ViewId } from '../contributionIds';

/** MaaS: Open Chat: the chat view, focused (or, when the chat could not start, the reason). */
export async function revealChat(deps: { readonly chat: () => ChatSession }): Promise<void> {
  deps.chat();
  await revealChatView();
}

/** Shows (and focuses) the chat view, creating it if needed. */
export async function revealChatView(): Promise<void> {
  await vscode.commands.executeCommand(`${ViewId.chat}.focus`);
}
