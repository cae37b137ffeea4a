// @maas's questions to a model: a plain question (the model picked in VS Code's picker when it is one of ours, else the
// chat model; the participant's own history; the persona, a workspace's said first) and /describe (the attached images
// to the vision model). Each is asked through ask() and its events shown in the chat: the wait for a description, the
// note of a question routed to the vision model, the answer as it streams (streamedAnswer.ts); a refusal or an error
// is thrown as AnswerFailed for the participant to show in words.
import * as vscode from 'vscode';
import { ask } from '../../core/requests/ask';
import { AnswerFailed } from '../../core/requests/askErrors';
import { imageKey, type PlanInput, type PlanMessage } from '../../core/requests/requestPlan';
import { defaultImageQuestion } from '../images/imageQuestion';
import { withAbortSignal } from '../withAbortSignal';
import { LM_VENDOR } from '../contributionIds';
import { attachedImages } from './chatAttachments';
import type { GuardedChatStream } from './guardedChatStream';
import { routedNote } from './imagesWithTextModel';
import { historyMessages } from './participantHistory';
import type { MaasChatResult, ParticipantParts, ParticipantRequest } from './participantTypes';
import { StreamedAnswer } from './streamedAnswer';
import { showPersonaButton, workspacePersonaNotice } from './workspacePersonaNotice';

/** A plain @maas question. */
export async function answerQuestion({ request, context, stream, token }: ParticipantRequest, parts: ParticipantParts): Promise<MaasChatResult> {
  if (request.prompt.trim() === '') {
    stream.markdown(vscode.l10n.t('Ask a question after @maas, or use /kb, /read or /describe.'));
    return { metadata: { command: '', answered: false } };
  }
  const { settings } = parts.deps;
  const attached = await attachedImages(request.references, settings.settings.imageMaxBytes, 'imagesOnly', parts.deps.images);
  const images = attached.urls.map((url, index) => ({ url, key: imageKey(attached.bytes[index] ?? new Uint8Array()) }));
  const question: PlanMessage = { role: 'user', text: request.prompt, ...(images.length > 0 ? { images } : {}) };
  // The persona goes first in the request; when it is the workspace's, the answer says so first, as the chat view does.
  const notice = workspacePersonaNotice(settings.chat);
  if (notice !== undefined) {
    stream.markdown(notice);
    stream.button(showPersonaButton());
  }
  // The model picked in VS Code's picker when it is one of ours; otherwise the chat model of the settings.
  const model = request.model.vendor === LM_VENDOR ? request.model.id : settings.settings.chatModel;
  await askInChat({ model, messages: [...historyMessages(context), question], persona: {} }, stream, token, parts);
  return { metadata: { command: '', answered: true, ...(notice === undefined ? {} : { personaNotice: notice }) } };
}

/** `/describe`: the attached images to the vision model, with the question given or the default one. */
export async function describeAttached({ request, stream, token }: ParticipantRequest, parts: ParticipantParts): Promise<MaasChatResult> {
  const { settings } = parts.deps.settings;
  const attached = await attachedImages(request.references, settings.imageMaxBytes, 'every', parts.deps.images);
  const images = attached.urls.map((url, index) => ({ url, key: imageKey(attached.bytes[index] ?? new Uint8Array()) }));
  if (images.length === 0) {
    stream.markdown(vscode.l10n.t('Attach one or more images (PNG, JPEG, GIF, WebP or BMP) to /describe, with the paperclip or #file.'));
    return { metadata: { command: 'describe', answered: false } };
  }
  const question = request.prompt.trim() === '' ? defaultImageQuestion() : request.prompt.trim();
  await askInChat({ model: settings.visionModel, messages: [{ role: 'user', text: question, images }] }, stream, token, parts);
  return { metadata: { command: 'describe', answered: true } };
}

/** The question asked, its events shown in the chat; a refusal or an error thrown (the part of the answer shown stays). */
async function askInChat(input: PlanInput, stream: GuardedChatStream, token: vscode.CancellationToken, parts: ParticipantParts): Promise<void> {
  const { deps } = parts;
  const redact = (value: string): string => deps.logger.redact(value);
  const shown = new StreamedAnswer(stream, deps.voice);
  await withAbortSignal(token, async (signal) => {
    const question = { input, settings: deps.settings.settings, backend: deps.client(), descriptions: parts.descriptions, signal, redact };
    for await (const event of ask(question)) {
      if (event.type === 'describing') stream.progress(vscode.l10n.t('{0} is describing the attached image for {1}…', event.visionModel, event.model));
      else if (event.type === 'routed') stream.markdown(routedNote(event.from, event.to));
      else if (event.type === 'text') shown.push(event.text);
      else if (event.type === 'stopped') shown.stop();
      else if (event.type === 'done') shown.end();
      else if (event.type === 'refusal' || event.type === 'error') {
        // A dropped stream speaks what arrived, and shows it whole, before the error.
        shown.end();
        throw new AnswerFailed(event.error);
      }
    }
  });
}
