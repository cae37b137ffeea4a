// Turns each validated intent of the chat webview into an action: most go to the chat session (core), the rest
// are VS Code's (clipboard, editors, links, commands, read aloud). One switch, ending in assertNever, so a new
// intent in the protocol is a build error until it is handled here.
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';
import { setReadAnswers } from '../speech/readAnswersSetting';
import type { ChatSession } from '../../core/session/chatSession';
import { conversationMarkdown } from '../../core/conversations/conversationMarkdown';
import { speechText } from '../../core/speech/speechText';
import { assertNever, type WebviewToHost } from '../../shared/protocol';
import { actionCommand } from '../errors/errorPresentation';
import { CommandId } from '../commandIds';
import { openChatLink } from './chatLinkOpener';
import type { Logger } from '../logger';
import type { ReadAloudSource } from '../speech/readAloudSource';
import type { WebviewSpeechPlayer } from '../speech/webviewSpeechPlayer';

/** Read aloud in the chat view, when that feature started: the player the view drives, and how an answer is read. */
export interface ChatSpeech {
  readonly player: WebviewSpeechPlayer;
  readonly readAloud: (source: ReadAloudSource) => Promise<void>;
}

export interface IntentDependencies {
  readonly session: ChatSession;
  readonly logger: Logger;
  readonly speech?: ChatSpeech;
  readonly prompter: Pick<Prompter, 'showWarningMessage'>;
}

export async function handleIntent(message: WebviewToHost, deps: IntentDependencies): Promise<void> {
  const { session } = deps;
  switch (message.type) {
    case 'ready':
      // A new page: the search the last one showed has ended (the page searches again if it brings one back).
      session.endSearch();
      return session.refresh();
    case 'send':
      await session.send(message.text, message.images);
      return;
    case 'stop':
      return session.stop(message.turnId);
    case 'regenerate':
    case 'retry':
      return session.rerun(message.turnId);
    case 'edit':
      return session.rerun(message.turnId, message.text);
    case 'newConversation':
      return session.newConversation();
    case 'selectConversation':
      return session.selectConversation(message.conversationId);
    case 'renameConversation':
      return session.renameConversation(message.conversationId, message.title);
    case 'deleteConversation':
      return session.deleteConversation(message.conversationId);
    case 'exportConversation':
      return exportConversation(message.conversationId, deps);
    case 'searchConversations':
      return session.searchConversations(message.queryId, message.query, message.limit);
    case 'setModel':
      return session.setModel(message.model);
    case 'setParams':
      return session.setParams(message.params);
    case 'setPersona':
      return session.setPersona(message.persona);
    case 'removeContext':
      return session.removeContext(message.contextId);
    case 'addCurrentFile':
      return vscode.commands.executeCommand(CommandId.addFileToChat);
    case 'dismissNotice':
      return session.dismissNotice(message.noticeId);
    case 'copyText':
      return vscode.env.clipboard.writeText(message.text);
    case 'insertCode':
      return insertCode(message.code);
    case 'openCode':
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: languageOrPlain(message.language), content: message.code }));
      return;
    case 'openLink':
      return openLink(message.href, deps);
    case 'runCommand': {
      const { command, arguments: args } = actionCommand(message.command);
      await vscode.commands.executeCommand(command, ...args);
      return;
    }
    case 'readAloud':
      return readTurnAloud(message.turnId, deps);
    case 'saveAudio':
      if (!(await deps.speech?.player.save(message.playbackId)))
        session.notify('speech', 'warning', vscode.l10n.t('That audio is no longer available to save; read it aloud again.'));
      return;
    case 'speechEnded':
      deps.speech?.player.ended(message.playbackId);
      return;
    case 'speechError':
      deps.speech?.player.failed(message.playbackId, message.message);
      return;
    case 'speechProgress':
      deps.speech?.player.progress(message.playbackId, message.index);
      return;
    case 'setReadAnswers':
      // The user's own setting (the toggle is theirs, not the workspace's); the snapshot follows the change.
      await setReadAnswers(message.on, deps.prompter);
      return;
    default:
      assertNever(message);
  }
}

async function readTurnAloud(turnId: string, deps: IntentDependencies): Promise<void> {
  const turn = deps.session.state.current.conversations.conversations.flatMap((c) => c.turns).find((t) => t.id === turnId);
  if (turn === undefined || deps.speech === undefined) return;
  // Code blocks and citation marks are not read (speechText drops them); inline code is.
  const text = await speechText(turn.answer);
  if (text.trim() === '') {
    deps.session.notify('speech', 'info', vscode.l10n.t('There is nothing to read aloud: the text holds only code, marks or blanks.'));
    return;
  }
  await deps.speech.readAloud({ text, title: vscode.l10n.t('Answer'), baseName: 'answer', turnId });
}

async function exportConversation(conversationId: string, deps: IntentDependencies): Promise<void> {
  const conversation = await deps.session.conversation(conversationId);
  if (conversation === undefined) return;
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: await conversationMarkdown(conversation) });
  await vscode.window.showTextDocument(document);
}

async function insertCode(code: string): Promise<void> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (editor === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a file in the editor first, then insert the code at its cursor.'));
    return;
  }
  await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, code);
  });
}

/** The view names code blocks by highlight.js's languages; where VS Code's language id differs, it is mapped. */
const vscodeLanguageIds: Readonly<Record<string, string>> = { bash: 'shellscript', shell: 'shellscript', plaintext: 'plaintext' };

function languageOrPlain(language: string): string {
  if (!/^[A-Za-z0-9_+#.-]{1,40}$/.test(language)) return 'plaintext';
  const lower = language.toLowerCase();
  return vscodeLanguageIds[lower] ?? lower;
}

/** Opens a link the view asks for by the chat's link rule; a refused one is logged and named in a notice. */
function openLink(href: string, { logger, session }: IntentDependencies): Promise<void> {
  return openChatLink(href, {
    openExternal: (url) => vscode.env.openExternal(vscode.Uri.parse(url)),
    refuse: (refused) => {
      logger.warn(`Refused to open a link from the chat: ${refused.slice(0, 200)}`);
      session.notify(
        'link',
        'warning',
        vscode.l10n.t('Only http, https and mailto links open from the chat; this one was not opened: {0}', refused.slice(0, 200)),
      );
    },
  });
}
