// The one place where error kinds become words and actions (style.md rule 8). The core classifies; this file
// explains each kind in the UI language and says which buttons help. The server's own message is always kept
// and shown; its meaning is given by kind, since each kind is one row of the service's error table.
import * as vscode from 'vscode';
import { isServiceError } from '../../core/serviceError';
import type { StoredError } from '../../core/conversations/conversationModel';
import type { TurnAction, TurnErrorView } from '../../shared/protocol';

/** Local preconditions that are not service errors. */
export type LocalErrorKind = 'noBaseUrl' | 'imageRefused';

export function storedErrorFrom(error: unknown, redact: (text: string) => string): StoredError {
  if (isServiceError(error)) {
    return {
      kind: error.kind,
      status: error.status,
      serverMessage: error.serverMessage === undefined ? undefined : redact(error.serverMessage),
      message: redact(error.message),
    };
  }
  return { kind: 'unexpected', message: redact(error instanceof Error ? error.message : String(error)) };
}

interface Presentation {
  readonly title: string;
  readonly detail: string;
  readonly actions: readonly TurnAction[];
  /** The server message's meaning for this kind (one row of the spec's table). */
  readonly meaning?: string;
}

function present(error: StoredError): Presentation {
  switch (error.kind) {
    case 'keyMissing':
      return { title: vscode.l10n.t('No API key'), detail: vscode.l10n.t('Set the API key you created in the service console to start chatting.'), actions: ['setApiKey'], meaning: vscode.l10n.t('API key missing') };
    case 'keyUnknown':
      return { title: vscode.l10n.t('The API key is not recognised'), detail: vscode.l10n.t('It may have been deleted in the console or mistyped. Set a valid key.'), actions: ['setApiKey', 'openConsole'], meaning: vscode.l10n.t('The API key does not exist') };
    case 'keyDisabled':
      return { title: vscode.l10n.t('The API key is disabled'), detail: vscode.l10n.t('Enable it again in the service console, or set another key.'), actions: ['openConsole', 'setApiKey'], meaning: vscode.l10n.t('The API key is disabled') };
    case 'realNameRequired':
      return { title: vscode.l10n.t('Real-name verification required'), detail: vscode.l10n.t('Complete real-name verification in the service console, then retry.'), actions: ['openConsole', 'retry'], meaning: vscode.l10n.t('Complete real-name verification first') };
    case 'keyNoModelPermission':
      return { title: vscode.l10n.t('This key may not call the model'), detail: vscode.l10n.t('Add the model to the key\'s interfaces in the console, use another key, or pick another model.'), actions: ['openConsole', 'setApiKey'], meaning: vscode.l10n.t('The API key has no permission to call this model') };
    case 'userNoModelPermission':
      return { title: vscode.l10n.t('Your account may not call the model'), detail: vscode.l10n.t('Request access to the model in the service console, or pick another model.'), actions: ['openConsole'], meaning: vscode.l10n.t('The current user has no permission to call this model') };
    case 'insufficientBalance':
      return { title: vscode.l10n.t('Insufficient balance'), detail: vscode.l10n.t('Top up your account in the service console, then retry.'), actions: ['openConsole', 'retry'], meaning: vscode.l10n.t('Insufficient balance, please top up') };
    case 'contentRefused':
      return { title: vscode.l10n.t('The service declined to answer'), detail: vscode.l10n.t('The question was refused by the service\'s content review. Rephrase it or ask something else.'), actions: [], meaning: vscode.l10n.t('Sorry, I cannot answer this question for now; happy to help with other questions.') };
    case 'badRequest':
      return { title: vscode.l10n.t('The service refused the request'), detail: vscode.l10n.t('A parameter was not accepted; the server\'s message says which. Check the chat parameters and settings.'), actions: ['openSettings', 'showLogs'], meaning: vscode.l10n.t('Parameter error') };
    case 'systemError':
      return { title: vscode.l10n.t('The service had an error'), detail: vscode.l10n.t('Retry in a moment; if it persists, contact the service\'s support.'), actions: ['retry', 'showLogs'], meaning: vscode.l10n.t('System error, please contact technical support') };
    case 'busy':
      return { title: vscode.l10n.t('The service is busy'), detail: vscode.l10n.t('Automatic retries did not get through. Retry in a moment.'), actions: ['retry'], meaning: vscode.l10n.t('Service busy, please try again later') };
    case 'internalAuthFailed':
    case 'internalServiceMissing':
    case 'internalPredictionForbidden':
      return { title: vscode.l10n.t('The model service is unavailable'), detail: vscode.l10n.t('The service could not reach its model. Retry later; if it persists, contact the service\'s support.'), actions: ['retry', 'showLogs'], meaning: internalMeaning(error.kind) };
    case 'network':
      return { title: vscode.l10n.t('Cannot reach the service'), detail: vscode.l10n.t('Check maas.baseUrl, your network and proxy settings (http.proxy), then retry.'), actions: ['retry', 'openSettings', 'showLogs'] };
    case 'timeout':
      return { title: vscode.l10n.t('The service did not answer in time'), detail: vscode.l10n.t('Retry; a long silence usually means the service is overloaded.'), actions: ['retry', 'showLogs'] };
    case 'protocol':
      return { title: vscode.l10n.t('Unexpected answer from the service'), detail: vscode.l10n.t('The answer did not have the expected format. Check that maas.baseUrl points at the model service.'), actions: ['retry', 'openSettings', 'showLogs'] };
    case 'interrupted':
      return { title: vscode.l10n.t('The answer was interrupted'), detail: vscode.l10n.t('The connection dropped before the answer finished; the part received is kept. Retry to ask again.'), actions: ['retry'] };
    case 'validation':
      return { title: vscode.l10n.t('A parameter is out of range'), detail: error.message, actions: ['openSettings'] };
    case 'noBaseUrl':
      return { title: vscode.l10n.t('No service address'), detail: vscode.l10n.t('Set maas.baseUrl to the address of the model service.'), actions: ['openSettings'] };
    default:
      return { title: vscode.l10n.t('Something went wrong'), detail: error.message, actions: ['retry', 'showLogs'] };
  }
}

function internalMeaning(kind: string): string {
  if (kind === 'internalAuthFailed') return vscode.l10n.t('Internal model service authentication failed');
  if (kind === 'internalServiceMissing') return vscode.l10n.t('Internal model service does not exist');
  return vscode.l10n.t('Internal model service forbids prediction');
}

export function errorView(error: StoredError): TurnErrorView {
  const presentation = present(error);
  const chineseUi = vscode.env.language.toLowerCase().startsWith('zh');
  return {
    kind: error.kind,
    title: presentation.title,
    detail: presentation.detail,
    serverMessage: error.serverMessage,
    // A Chinese reader needs no translation of the service's Chinese message.
    serverMessageTranslation: error.serverMessage !== undefined && !chineseUi ? presentation.meaning : undefined,
    actions: presentation.actions,
  };
}
