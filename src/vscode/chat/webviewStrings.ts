// The webview's strings, localised by the host because vscode.l10n is not available inside webviews; the webview
// fills the {0}, {1}… placeholders. The keys are webviewStringKeys (src/shared/webviewStringKeys.ts), so a missing
// string is a type error. The localiser is passed in: the host passes vscode.l10n, and the tests an English one that
// returns each message as written, so they show the very texts an English UI gets.
import type { Localiser } from '../../core/localiser';
import type { WebviewCommand, WebviewStrings } from '../../shared/protocol';
import { imageRefusalWords } from '../images/imageRefusalWords';

/** The title of each action an error offers: the chat view's buttons and @maas's alike. */
export function actionTitles(l10n: Localiser): Readonly<Record<WebviewCommand, string>> {
  return {
    setApiKey: l10n.t('Set API Key'),
    showLogs: l10n.t('Show Logs'),
    openConsole: l10n.t('Open Console'),
    openSettings: l10n.t('Open Settings'),
    newConversation: l10n.t('New conversation'),
  };
}

/** How a knowledge-base answer is labelled: its mode, and that it found nothing (the chat view and @maas /kb). */
export function knowledgeWords(l10n: Localiser): { readonly strict: string; readonly divergent: string; readonly noHits: string } {
  return { strict: l10n.t('Strict'), divergent: l10n.t('Divergent'), noHits: l10n.t('No hits') };
}

export function webviewStrings(l10n: Localiser): WebviewStrings {
  const refusal = imageRefusalWords(l10n);
  const knowledge = knowledgeWords(l10n);
  return {
    ...actionTitles(l10n),
    title: l10n.t('MaaS Assistant'),
    apiKeyMissing: l10n.t('No API key is set. Set the key you created in the service console to start chatting.'),
    retry: l10n.t('Retry'),
    send: l10n.t('Send'),
    showMore: l10n.t('Show more'),
    showLess: l10n.t('Show less'),
    dropImages: l10n.t('Drop images to attach them'),
    sendNeedsText: l10n.t('Type a question or attach an image to send.'),
    sendWhileAnswering: l10n.t('An answer is being written: wait for it or stop it to send.'),
    stop: l10n.t('Stop'),
    regenerate: l10n.t('Regenerate'),
    edit: l10n.t('Edit'),
    editSave: l10n.t('Save and re-run'),
    editCancel: l10n.t('Cancel'),
    copy: l10n.t('Copy'),
    copied: l10n.t('Copied'),
    insertAtCursor: l10n.t('Insert at cursor'),
    openInEditor: l10n.t('Open in editor'),
    conversations: l10n.t('Conversations'),
    rename: l10n.t('Rename'),
    delete: l10n.t('Delete'),
    export: l10n.t('Export as Markdown'),
    inputPlaceholder: l10n.t('Ask a question (Enter to send, Shift+Enter for a new line)'),
    attachImage: l10n.t('Attach image'),
    removeAttachment: l10n.t('Remove attachment'),
    removeContext: l10n.t('Remove from context'),
    addCurrentFile: l10n.t('Add current file'),
    model: l10n.t('Model'),
    persona: l10n.t('Persona'),
    personaPlaceholder: l10n.t('Default persona: {0}'),
    parameters: l10n.t('Parameters'),
    temperature: l10n.t('Temperature'),
    topP: l10n.t('Top P'),
    maxTokens: l10n.t('Max tokens'),
    repetitionPenalty: l10n.t('Repetition penalty'),
    resetParameters: l10n.t('Reset to defaults'),
    reasoning: l10n.t('Reasoning'),
    imageDescribedBy: l10n.t('Image described by {0}'),
    playerSkipped: l10n.t('Sentence {0} was skipped: the speech service could not synthesise it.'),
    playerPositionLive: l10n.t('Sentence {0} · {1}'),
    readAnswers: l10n.t('Read answers aloud as they arrive'),
    personaFromWorkspace: l10n.t("This conversation's persona (its system prompt) comes from this workspace's settings (maas.chat.persona), not yours."),
    showPersona: l10n.t('Show persona'),
    contextMeter: l10n.t('Context: {0} of {1} tokens ({2}%) for the next question'),
    contextTooLong: l10n.t(
      'With this question the request comes to about {0} tokens, more than the {1} the model takes. Start a new conversation, or send fewer earlier turns.',
    ),
    usage: l10n.t('Tokens: {0} prompt + {1} completion = {2}'),
    interrupted: l10n.t('The answer was interrupted before it finished.'),
    stopped: l10n.t('Stopped.'),
    truncatedByLength: l10n.t('The answer reached the max tokens limit.'),
    contentFiltered: l10n.t("The rest of the answer was withheld by the service's content review."),
    retrying: l10n.t('The service is busy. Retrying in {0} s (attempt {1} of {2})…'),
    omittedTurns: l10n.t('{0} earlier turns are left out of the request (history limits in settings).'),
    switchedToVision: l10n.t('Images need the vision model: switched to {0}.'),
    imageTooLarge: refusal.tooLarge,
    imageUnsupported: refusal.unsupported,
    imageUnreadable: refusal.unreadable,
    imageTooManyPixels: refusal.tooManyPixels,
    imageFileTooLarge: refusal.fileTooLarge,
    emptyConversation: l10n.t('Ask anything about your code. Select code in the editor and use "MaaS: Add Selection to Chat" to include it.'),
    you: l10n.t('You'),
    assistant: l10n.t('Assistant'),
    thinking: l10n.t('Thinking…'),
    answerAnnouncement: l10n.t('Answer: {0}'),
    invalidParameter: l10n.t('{0} must be in {1}.'),
    close: l10n.t('Close'),
    cancel: l10n.t('Cancel'),
    jumpToLatest: l10n.t('Jump to latest'),
    confirmDelete: l10n.t('Delete "{0}"?'),
    turnCount: l10n.t('{0} turns'),
    serviceNotConfigured: l10n.t('Service address not configured (maas.baseUrl)'),
    baseUrlInvalid: l10n.t('The service address in maas.baseUrl is not an http:// or https:// URL: “{0}”.'),
    serviceAddress: l10n.t('Service: {0} (MaaS Assistant {1})'),
    parameterMustBeInteger: l10n.t('{0} must be a whole number.'),
    serverMessage: l10n.t('Server message'),
    codeActions: l10n.t('Code block actions'),
    attachments: l10n.t('Attachments'),
    pendingContext: l10n.t('Context for the next question'),
    knowledgeStrict: knowledge.strict,
    knowledgeDivergent: knowledge.divergent,
    knowledgeNoHits: knowledge.noHits,
    sources: l10n.t('Sources'),
    sourceNumber: l10n.t('Source {0}'),
    readAloud: l10n.t('Read aloud'),
    player: l10n.t('Read-aloud player'),
    playerPlay: l10n.t('Play'),
    playerPause: l10n.t('Pause'),
    playerStop: l10n.t('Stop reading'),
    playerPosition: l10n.t('Sentence {0} of {1} · {2}'),
    playerSpeed: l10n.t('Playback speed'),
    playerSave: l10n.t('Save audio'),
    playerAutoplayBlocked: l10n.t('Click to start reading aloud'),
    tooManyImages: l10n.t('A question takes at most {0} images; {1} more were not attached.'),
    sourceMissing: l10n.t('Source {0}: the service sent no text for this source.'),
    playerFailed: l10n.t('The audio could not be played.'),
    playerPrevious: l10n.t('Previous sentence'),
    playerNext: l10n.t('Next sentence'),
    earlierTurns: l10n.t('Show earlier turns ({0} more)'),
  };
}
