// Where error kinds become the turn's error view (style.md rule 8): the words and actions come from
// errorMessages.ts in the UI language. The server's own message is always kept and shown; its meaning is given by
// kind, since each kind is one row of the service's error table, and only when the message matched that row.
import * as vscode from 'vscode';
import type { StoredError } from '../../core/conversations/conversationModel';
import type { TurnErrorView } from '../../shared/protocol';
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
