// The notice above an @maas answer whose persona (system prompt) is the workspace's maas.chat.persona, not the user's:
// the chat view's words (src/webview/settingsPanel.ts) and a Show persona button opening the workspace's settings at
// the persona. The notice is part of the answer's Markdown, which VS Code hands back as the turn's text in the history
// of later requests; the answer's metadata keeps the notice, so that history leaves it out.
import * as vscode from 'vscode';
import type { ChatSettings } from '../../core/session/chatSettings';
import { personaOf } from '../../core/requests/requestPlan';
import { settingNames } from '../settings/settingsDeclaration';

/** The notice's Markdown when the persona in use is the workspace's; undefined when it is the user's or there is none. */
export function workspacePersonaNotice(chat: Pick<ChatSettings, 'persona' | 'personaFromWorkspace'>): string | undefined {
  if (chat.personaFromWorkspace !== true || personaOf(chat) === '') return undefined;
  return `*${vscode.l10n.t("This conversation's persona (its system prompt) comes from this workspace's settings (maas.chat.persona), not yours.")}*\n\n`;
}

/** The button under the notice: the workspace's settings, at maas.chat.persona. */
export function showPersonaButton(): vscode.Command {
  return { title: vscode.l10n.t('Show persona'), command: 'workbench.action.openWorkspaceSettings', arguments: [settingNames.persona] };
}

/** A turn's text without the notice its metadata says it began with. */
export function withoutPersonaNotice(text: string, metadata: unknown): string {
  const notice = (metadata as { personaNotice?: unknown } | undefined)?.personaNotice;
  return typeof notice === 'string' && text.startsWith(notice.trim()) ? text.slice(notice.trim().length).trim() : text;
}
