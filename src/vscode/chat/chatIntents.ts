// Turns each validated intent of the chat webview into an action of the host. One switch, ending in
// assertNever, so a new intent in the protocol is a build error until it is handled here.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import * as ops from '../../core/conversations/conversationsState';
import { conversationMarkdown } from '../../core/conversations/conversationMarkdown';
import type { StoredImage } from '../../core/conversations/conversationModel';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { intakeImage } from '../../core/images/imageIntake';
import { paramProblem, rangeText, type ChatParamName } from '../../shared/chatParams';
import { speechText } from '../../core/speech/speechText';
import { assertNever, type ChatParams, type ImageUpload, type WebviewCommand, type WebviewToHost } from '../../shared/protocol';
import { CommandId } from '../commandIds';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import type { ReadAloudSource } from '../speech/readAloudSource';
import type { WebviewSpeechPlayer } from '../speech/webviewSpeechPlayer';
import type { ChatController } from './chatController';
import { modelOptions } from './snapshotBuilder';

export interface IntentDependencies {
  readonly controller: ChatController;
  readonly store: ConversationStore;
  readonly settings: SettingsReader;
  readonly logger: Logger;
  /** Read-aloud in the chat view: the player the view drives, and how an answer is read. */
  readonly speech?: {
    readonly player: WebviewSpeechPlayer;
    readonly readAloud: (source: ReadAloudSource) => Promise<void>;
  };
}

const commandFor: Record<WebviewCommand, string> = {
  setApiKey: CommandId.setApiKey,
  showLogs: CommandId.showLogs,
  openConsole: CommandId.openConsole,
  openSettings: 'workbench.action.openSettings',
};

export async function handleIntent(message: WebviewToHost, deps: IntentDependencies): Promise<void> {
  const { controller } = deps;
  const now = Date.now();
  switch (message.type) {
    case 'ready':
      return controller.postSnapshot();
    case 'send':
      return sendQuestion(message.text, message.images, deps);
    case 'stop':
      return controller.stop(message.turnId);
    case 'regenerate':
    case 'retry':
      return controller.rerun(message.turnId);
    case 'edit':
      return controller.rerun(message.turnId, message.text);
    case 'newConversation':
      return controller.apply((s) => ops.newConversation(s, randomUUID(), deps.settings.settings.chatModel, now));
    case 'selectConversation':
      return controller.apply((s) => ops.selectConversation(s, message.conversationId));
    case 'renameConversation':
      return controller.apply((s) => ops.renameConversation(s, message.conversationId, message.title, now));
    case 'deleteConversation':
      return deleteConversation(message.conversationId, deps);
    case 'exportConversation':
      return exportConversation(message.conversationId, deps);
    case 'setModel':
      return setModel(message.model, deps);
    case 'setParams':
      return setParams(message.params, deps);
    case 'setPersona':
      return controller.apply((s) => ops.setConversationPersona(s, ops.activeConversation(s)?.id ?? '', message.persona, now));
    case 'removeContext':
      controller.removeContext(message.contextId);
      return controller.postSnapshot();
    case 'addCurrentFile':
      return vscode.commands.executeCommand(CommandId.addFileToChat);
    case 'dismissNotice':
      return controller.dismissNotice(message.noticeId);
    case 'copyText':
      return vscode.env.clipboard.writeText(message.text);
    case 'insertCode':
      return insertCode(message.code);
    case 'openCode':
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: languageOrPlain(message.language), content: message.code }));
      return;
    case 'openLink':
      return openLink(message.href, deps);
    case 'runCommand':
      await vscode.commands.executeCommand(commandFor[message.command], ...(message.command === 'openSettings' ? ['maas.'] : []));
      return;
    case 'readAloud':
      return readTurnAloud(message.turnId, deps);
    case 'saveAudio':
      if (!(await deps.speech?.player.save(message.playbackId))) controller.notify('warning', vscode.l10n.t('That audio is no longer available to save; read it aloud again.'));
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
    default:
      assertNever(message);
  }
}

async function readTurnAloud(turnId: string, deps: IntentDependencies): Promise<void> {
  const turn = deps.controller.conversations.conversations.flatMap((c) => c.turns).find((t) => t.id === turnId);
  if (turn === undefined || deps.speech === undefined) return;
  // Code blocks and citation marks are not read (speechText drops them).
  const text = speechText(turn.answer);
  if (text.trim() === '') {
    deps.controller.notify('info', vscode.l10n.t('There is nothing to read aloud: the text holds only code, marks or blanks.'));
    return;
  }
  await deps.speech.readAloud({ text, title: vscode.l10n.t('Answer'), baseName: 'answer' });
}

async function sendQuestion(text: string, uploads: readonly ImageUpload[], deps: IntentDependencies): Promise<void> {
  if (text.trim() === '' && uploads.length === 0) return;
  const images: StoredImage[] = [];
  for (const upload of uploads) {
    const intake = intakeImage(upload, deps.settings.settings.imageMaxBytes);
    if (!intake.ok) {
      deps.controller.notify('error', imageRefusal(intake.reason, upload.name, deps.settings.settings.imageMaxBytes));
      return;
    }
    const file = await deps.store.saveImage(intake.mime, intake.bytes);
    images.push({ id: randomUUID(), name: upload.name, mime: intake.mime, width: upload.width, height: upload.height, bytes: intake.bytes.length, thumbnail: intake.thumbnail, file });
  }
  const context = deps.controller.takeContext();
  await deps.controller.startTurn({ kind: 'chat', question: text.trim(), images, context });
}

function imageRefusal(reason: 'unreadable' | 'unsupported' | 'tooLarge', name: string, maxBytes: number): string {
  switch (reason) {
    case 'unreadable':
      return vscode.l10n.t('{0} could not be read as an image.', name);
    case 'unsupported':
      return vscode.l10n.t('{0} is not a PNG, JPEG, GIF, WebP or BMP image.', name);
    case 'tooLarge':
      return vscode.l10n.t('{0} is larger than {1} KB and could not be made smaller.', name, Math.round(maxBytes / 1024));
  }
}

async function deleteConversation(conversationId: string, deps: IntentDependencies): Promise<void> {
  const conversation = deps.controller.conversations.conversations.find((c) => c.id === conversationId);
  if (conversation === undefined) return;
  deps.controller.stopConversation(conversationId);
  await deps.controller.apply((s) => ops.deleteConversation(s, conversationId));
  await deps.store.deleteImages(conversation.turns.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file])));
}

async function exportConversation(conversationId: string, deps: IntentDependencies): Promise<void> {
  const conversation = deps.controller.conversations.conversations.find((c) => c.id === conversationId);
  if (conversation === undefined) return;
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: conversationMarkdown(conversation) });
  await vscode.window.showTextDocument(document);
}

async function setModel(model: string, deps: IntentDependencies): Promise<void> {
  if (!modelOptions(deps.settings.settings).some((option) => option.code === model)) {
    deps.controller.notify('error', vscode.l10n.t('{0} is not one of the configured models.', model));
    return;
  }
  await deps.controller.apply((s) => ops.setConversationModel(s, ops.activeConversation(s)?.id ?? '', model, Date.now()));
}

async function setParams(params: ChatParams, deps: IntentDependencies): Promise<void> {
  const active = ops.activeConversation(deps.controller.conversations);
  if (active === undefined) return;
  const option = modelOptions(deps.settings.settings).find((o) => o.code === active.model);
  const problems = (Object.entries(params) as [ChatParamName, number | undefined][]).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const range = option?.params[name];
    if (range === undefined) return [vscode.l10n.t('{0} does not apply to the model {1}.', name, active.model)];
    switch (paramProblem(range, value)) {
      case undefined:
        return [];
      case 'notAnInteger':
        return [vscode.l10n.t('{0} must be a whole number in {1}; {2} is not.', range.wireName, rangeText(range), value)];
      default:
        return [vscode.l10n.t('{0} {1} is outside {2}.', range.wireName, value, rangeText(range))];
    }
  });
  if (problems.length > 0) {
    deps.controller.notify('error', vscode.l10n.t('Parameters not changed: {0}', problems.join('; ')));
    await deps.controller.postSnapshot();
    return;
  }
  await deps.controller.apply((s) => ops.setConversationParams(s, active.id, params, Date.now()));
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

async function openLink(href: string, { logger, controller }: IntentDependencies): Promise<void> {
  let url: URL | undefined;
  try {
    url = new URL(href);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    logger.warn(`Refused to open a link from the chat: ${href.slice(0, 200)}`);
    controller.notify('warning', vscode.l10n.t('Only http and https links open from the chat; this one was not opened: {0}', href.slice(0, 200)));
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(url.toString()));
}
