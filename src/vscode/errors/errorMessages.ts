// Every error kind in words and actions, in the UI language: one row per kind of the spec's error table
// (section 7) and per local failure. Pure (the localiser is passed in), so a unit test checks every row.
import type { StoredError } from '../../core/answerRecords/answerRecords';
import type { Localiser } from '../../shared/localiser';
import { certificateMessage, invalidProxyMessage, proxyAuthMessage } from './networkMessages';
import type { Presentation } from './presentation';

/**
 * The title, explanation and actions for an error. An error whose server message matched no known one (its kind
 * only a guess from the HTTP status) is not explained as that kind: the view shows the server's own message.
 */
export function presentError(error: StoredError, l10n: Localiser): Presentation & { readonly matched: boolean } {
  const known = present(error, l10n);
  if (known === undefined) return { title: l10n.t('Something went wrong'), detail: error.message, actions: ['retry', 'showLogs'], matched: false };
  if (error.matched !== false || (error.serverMessage ?? '').trim() === '') return { ...known, matched: true };
  return {
    title: error.status === undefined ? l10n.t('The service reported an error') : l10n.t('The service answered with an error (HTTP {0})', error.status),
    detail: l10n.t("The extension does not know this error; the service's own message is shown below."),
    actions: known.actions,
    matched: false,
  };
}

function present(error: StoredError, l10n: Localiser): Presentation | undefined {
  switch (error.kind) {
    case 'keyMissing':
      return {
        title: l10n.t('No API key'),
        detail: l10n.t('Set the API key you created in the service console to start chatting.'),
        actions: ['setApiKey'],
        meaning: l10n.t('API key missing'),
      };
    case 'keyUnknown':
      return {
        title: l10n.t('The API key is not recognised'),
        detail: l10n.t('It may have been deleted in the console or mistyped. Set a valid key.'),
        actions: ['setApiKey', 'openConsole'],
        meaning: l10n.t('The API key does not exist'),
      };
    case 'keyDisabled':
      return {
        title: l10n.t('The API key is disabled'),
        detail: l10n.t('Enable it again in the service console, or set another key.'),
        actions: ['openConsole', 'setApiKey'],
        meaning: l10n.t('The API key is disabled'),
      };
    case 'realNameRequired':
      return {
        title: l10n.t('Real-name verification required'),
        detail: l10n.t('Complete real-name verification in the service console, then retry.'),
        actions: ['openConsole', 'retry'],
        meaning: l10n.t('Complete real-name verification first'),
      };
    case 'keyNoModelPermission':
      return {
        title: l10n.t('This key may not call the model'),
        detail: l10n.t("Add the model to the key's interfaces in the console, use another key, or pick another model."),
        actions: ['openConsole', 'setApiKey'],
        meaning: l10n.t('The API key has no permission to call this model'),
      };
    case 'userNoModelPermission':
      return {
        title: l10n.t('Your account may not call the model'),
        detail: l10n.t('Request access to the model in the service console, or pick another model.'),
        actions: ['openConsole'],
        meaning: l10n.t('The current user has no permission to call this model'),
      };
    case 'insufficientBalance':
      return {
        title: l10n.t('Insufficient balance'),
        detail: l10n.t('Top up your account in the service console, then retry.'),
        actions: ['openConsole', 'retry'],
        meaning: l10n.t('Insufficient balance, please top up'),
      };
    case 'contentRefused':
      return {
        title: l10n.t('The service declined to answer'),
        detail: l10n.t("The question was refused by the service's content review. Rephrase it or ask something else."),
        actions: [],
        meaning: l10n.t('Sorry, I cannot answer this question for now; happy to help with other questions.'),
      };
    case 'badRequest':
      return {
        title: l10n.t('The service refused the request'),
        detail: l10n.t("A parameter was not accepted; the server's message says which. Check the chat parameters and settings."),
        actions: ['openSettings', 'showLogs'],
        meaning: l10n.t('Parameter error'),
      };
    case 'systemError':
      return {
        title: l10n.t('The service had an error'),
        detail: l10n.t("Retry in a moment; if it persists, contact the service's support."),
        actions: ['retry', 'showLogs'],
        meaning: l10n.t('System error, please contact technical support'),
      };
    case 'busy':
      return {
        title: l10n.t('The service is busy'),
        detail: l10n.t('Automatic retries did not get through. Retry in a moment.'),
        actions: ['retry'],
        meaning: l10n.t('Service busy, please try again later'),
      };
    case 'internalAuthFailed':
    case 'internalServiceMissing':
    case 'internalPredictionForbidden':
      return {
        title: l10n.t('The model service is unavailable'),
        detail: l10n.t("The service could not reach its model. Retry later; if it persists, contact the service's support."),
        actions: ['retry', 'showLogs'],
        meaning: internalMeaning(error.kind, l10n),
      };
    case 'network':
      return {
        title: l10n.t('Cannot reach the service'),
        detail: l10n.t('Check maas.baseUrl, your network and proxy settings (http.proxy), then retry.'),
        actions: ['retry', 'openSettings', 'showLogs'],
      };
    case 'certificate':
      return certificateMessage(error, l10n);
    case 'proxyAuth':
      return proxyAuthMessage(error, l10n);
    case 'invalidProxy':
      return invalidProxyMessage(error, l10n);
    case 'timeout':
      return {
        title: l10n.t('The service did not answer in time'),
        detail: l10n.t('Retry; a long silence usually means the service is overloaded.'),
        actions: ['retry', 'showLogs'],
      };
    case 'protocol':
      return {
        title: l10n.t('Unexpected answer from the service'),
        detail: l10n.t('The answer did not have the expected format. Check that maas.baseUrl points at the model service.'),
        actions: ['retry', 'openSettings', 'showLogs'],
      };
    case 'interrupted':
      return {
        title: l10n.t('The answer was interrupted'),
        detail: l10n.t('The connection dropped before the answer finished; the part received is kept. Retry to ask again.'),
        actions: ['retry'],
      };
    case 'tooLarge':
      return {
        title: l10n.t('The answer is too large'),
        detail: l10n.t(
          'The service sent more for this answer than the extension reads for one answer, so it ended there; the part that arrived is kept. Ask for a shorter answer, or check that maas.baseUrl points at the model service.',
        ),
        actions: ['retry', 'openSettings', 'showLogs'],
      };
    case 'validation':
      return { title: l10n.t('A parameter is out of range'), detail: error.message, actions: ['openSettings'] };
    case 'addressRefused':
      return {
        title: l10n.t('Nothing was sent to {0}', error.value ?? ''),
        detail:
          error.setting === undefined || error.setting === ''
            ? l10n.t('None of your settings names this address for this credential, so it does not go there.')
            : l10n.t(
                "Only the workspace's {0} (or its dev container's) names this address, and it was not allowed to receive this credential. Retry and choose Allow if you trust it, or remove {0} from the workspace's settings to use your own address.",
                error.setting,
              ),
        actions: ['retry', 'openSettings'],
      };
    case 'imagesNeedVision':
      return {
        title: l10n.t('{0} does not take images', error.value ?? ''),
        detail: l10n.t(
          'maas.images.withTextModel is off, so images are not described for a language model. Pick the vision model in the model picker, or set maas.images.withTextModel to describe.',
        ),
        actions: ['openSettings'],
      };
    case 'contextTooLong':
      return {
        title: l10n.t('Too long for the model'),
        detail: l10n.t(
          'This question and the earlier turns sent with it come to about {0} tokens, more than the {1} the model takes (maas.nativeChat.maxInputTokens). Nothing was sent. Start a new conversation, or send fewer earlier turns (maas.chat.history.maxTurns, maas.chat.history.maxCharacters).',
          error.counts?.tokens ?? 0,
          error.counts?.limit ?? 0,
        ),
        actions: ['newConversation', 'openSettings'],
      };
    case 'noBaseUrl':
      return { title: l10n.t('No service address'), detail: l10n.t('Set maas.baseUrl to the address of the model service.'), actions: ['openSettings'] };
    case 'invalidBaseUrl':
      return {
        title: l10n.t('The service address is invalid'),
        detail: l10n.t(
          'maas.baseUrl is set to “{0}”, which is not an http:// or https:// address (without query or fragment). Fix it in the settings, then retry.',
          error.value ?? '',
        ),
        actions: ['openSettings', 'retry'],
      };
    default:
      return undefined;
  }
}

function internalMeaning(kind: string, l10n: Localiser): string {
  if (kind === 'internalAuthFailed') return l10n.t('Internal model service authentication failed');
  if (kind === 'internalServiceMissing') return l10n.t('Internal model service does not exist');
  return l10n.t('Internal model service forbids prediction');
}
