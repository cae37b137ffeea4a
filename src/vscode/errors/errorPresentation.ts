// Where error kinds become the turn's error view (docs/style.md rule 8): the words and actions come from
// errorMessages.ts in the UI language. The server's own message is always kept and shown; its meaning is given by
// kind, since each kind is one row of the service's error table, and only when the message matched that row.
import * as vscode from 'vscode';
import { storedErrorFrom } from '../../core/requests/askErrors';
import type { StoredError } from '../../core/answerRecords/answerRecords';
import type { TurnAction, TurnErrorView, WebviewCommand } from '../../shared/protocol';
import { CommandId } from '../commandIds';
import { openSettingsCommand, type CommandCall } from '../settings/openSettings';
import { presentError } from './errorMessages';

/** Local preconditions that are not service errors. */
export type LocalErrorKind = 'noBaseUrl' | 'imageRefused';

export function errorView(error: StoredError): TurnErrorView {
  const presentation = presentError(error, vscode.l10n);
  const chineseUi = vscode.env.language.toLowerCase().startsWith('zh');
  return {
    kind: error.kind,
    title: presentation.title,
    detail: presentation.detail,
    serverMessage: error.serverMessage,
    // A Chinese reader needs no translation of the service's Chinese message.
    serverMessageTranslation: error.serverMessage !== undefined && !chineseUi && presentation.matched ? presentation.meaning : undefined,
    actions: presentation.actions,
  };
}

/** The command behind each action button of an error (the chat view's and VS Code's own chat alike). */
export function actionCommand(action: WebviewCommand): CommandCall {
  switch (action) {
    case 'setApiKey':
      return { command: CommandId.setApiKey, arguments: [] };
    case 'showLogs':
      return { command: CommandId.showLogs, arguments: [] };
    case 'openConsole':
      return { command: CommandId.openConsole, arguments: [] };
    case 'openSettings':
      return openSettingsCommand();
    case 'newConversation':
      return { command: CommandId.newConversation, arguments: [] };
  }
}

/** An error as VS Code's own chat shows it (the provider, @maas): the chat view's words and the service's own. */
export interface ExplainedError {
  readonly stored: StoredError;
  readonly title: string;
  readonly detail: string;
  /** "The service said: …", when the service gave a message. */
  readonly serviceSaid: string | undefined;
  readonly actions: readonly TurnAction[];
}

export function explainError(error: unknown, redact: (text: string) => string): ExplainedError {
  const stored = storedErrorFrom(error, redact);
  const { title, detail, actions } = presentError(stored, vscode.l10n);
  const serviceSaid =
    stored.serverMessage === undefined || stored.serverMessage === '' ? undefined : vscode.l10n.t('The service said: {0}', stored.serverMessage);
  return { stored, title, detail, serviceSaid, actions };
}
