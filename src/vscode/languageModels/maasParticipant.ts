// `@maas` in VS Code's own chat, for what only this service does: `/kb` (and `#kb` in a question) asks the configured
// knowledge bases through the knowledge-base tool's search (knowledge/knowledgeTool.ts), with the conversation's
// earlier turns and the answer streamed as it arrives (neither passes through vscode.lm.invokeTool, see SearchExtras),
// the passages as references; `/read` reads the last answer (or the given text) aloud in the MaaS view's player, `/describe` describes the attached images with the vision model; a plain `@maas`
// question is answered by the chosen MaaS model with the participant's own history and the persona (a workspace's
// persona said first, as the chat view says it: workspacePersonaNotice.ts). Errors are
// the chat view's words with a button to the action that fixes them. Model and service text reaches VS Code's chat
// through the chat's link rule (core/markdown/chatMarkdownLinks.ts): images as links, refused links as text; every
// piece of Markdown then passes the image guard (guardedChatStream.ts). A cited passage opens as a document the
// Markdown preview shows without loading anything (core/markdown/markdownWithoutRemoteImages.ts).
import * as vscode from 'vscode';
import type { ChatRequest } from '../../core/chat/chatRequest';
import type { StoredReference } from '../../core/answerRecords/answerRecords';
import { findCitationMarks, PlainCitationStream } from '../../core/knowledge/citationMarks';
import { ChatMarkdownLinks, chatMarkdown } from '../../core/markdown/chatMarkdownLinks';
import { markdownText } from '../../core/markdown/markdownEscapes';
import { markdownGuard } from '../../core/markdown/markdownGuard';
import { markdownWithoutRemoteImages } from '../../core/markdown/markdownWithoutRemoteImages';
import type { MaasClient } from '../../core/maasClient';
import { defaultImageQuestion } from '../images/imageQuestion';
import { noKnowledgeBaseText } from '../knowledge/retrievalOptions';
import { actionCommand, explainError } from '../errors/errorPresentation';
import type { Logger } from '../logger';
import { FeatureName, featureUnavailable } from '../services/featureNames';
import { actionTitles, knowledgeWords } from '../../shared/chatWords';
import { CommandId } from '../commandIds';
import { KNOWLEDGE_TOOL_NAME, LM_VENDOR, PARTICIPANT_ID } from '../contributionIds';
import type { KnowledgeTool } from '../knowledge/knowledgeTool';
import { openSettingsCommand } from '../settings/openSettings';
import type { SettingsReader } from '../settings/settings';
import type { AnswerVoice } from '../speech/answerVoice';
import type { ReadAloudSource } from '../speech/readAloudSource';
import { DEFAULT_RETRY_POLICY } from '../../core/http/backoff';
import { AnswerFailed, PlanRefused, runAnswer } from '../../core/requests/answerRun';
import { DescriptionCache, prepareRequest } from '../../core/requests/prepareRequest';
import { imageKey, type PlanInput, type PlanMessage } from '../../core/requests/requestPlan';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import { attachedImages } from './chatAttachments';
import { GuardedChatStream } from './guardedChatStream';
import { routedNote } from './imagesWithTextModel';
import { whileNativeChatEnabled } from './whileNativeChatEnabled';
import { showPersonaButton, withoutPersonaNotice, workspacePersonaNotice } from './workspacePersonaNotice';
import { withAbortSignal } from '../withAbortSignal';

const SOURCE_SCHEME = 'maas-source';

export interface ParticipantDependencies {
  readonly settings: SettingsReader;
  readonly client: () => MaasClient;
  readonly logger: Logger;
  /** Reads text aloud in the MaaS view's player (undefined when read aloud could not start). */
  readonly readAloud: ((source: ReadAloudSource) => Promise<void>) | undefined;
  /** Speaks answers as they stream, while maas.speech.readAnswers is on (undefined when it could not start). */
  readonly voice?: Pick<AnswerVoice, 'begin'>;
  /** The knowledge-base tool, whose search /kb and #kb run (undefined when it could not start). */
  readonly knowledge: Pick<KnowledgeTool, 'search' | 'prepareInvocation'> | undefined;
  /** Decodes attached images off the extension host's thread. */
  readonly images: Pick<ImageDecoder, 'decode'>;
}

interface MaasChatResult extends vscode.ChatResult {
  /** `personaNotice`: the notice the answer began with (workspacePersonaNotice.ts). */
  readonly metadata: { readonly command: string; readonly answered: boolean; readonly personaNotice?: string };
}

/**
 * The passages a /kb answer cites, as read-only documents its references open. A passage is the knowledge base's text,
 * shown in the Markdown preview: its images become links or text, its raw HTML text, and its title is plain text.
 */
class SourceDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, Promise<string>>();
  private next = 0;

  add(reference: StoredReference): vscode.Uri {
    this.next += 1;
    const title = (reference.title ?? vscode.l10n.t('Source {0}', reference.index)).replace(/[\\/:*?"<>|#%]/g, ' ').trim() || 'source';
    const uri = vscode.Uri.from({ scheme: SOURCE_SCHEME, path: `/${this.next}/${title}.md` });
    const markdown = `# ${markdownText(reference.title ?? '')}\n\n${reference.text ?? ''}\n`;
    const inert = Promise.all([markdownWithoutRemoteImages(markdown), markdownGuard('preview')]).then(([text, guard]) => guard.inert(text));
    this.texts.set(uri.toString(), inert);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    return this.texts.get(uri.toString()) ?? Promise.resolve('');
  }
}

/** The prompt without a `#` reference typed in it (its range counts the `#`). */
function withoutReference(prompt: string, range: readonly [number, number] | undefined): string {
  return (range === undefined ? prompt : `${prompt.slice(0, range[0])} ${prompt.slice(range[1])}`).replace(/\s+/g, ' ').trim();
}

/** The text of a chat history turn, as the service takes it. */
function turnText(turn: vscode.ChatRequestTurn | vscode.ChatResponseTurn): string {
  if (turn instanceof vscode.ChatRequestTurn) return turn.prompt;
  return turn.response
    .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
    .join('')
    .trim();
}

/**
 * This participant's earlier questions and answers (context.history holds only its turns), as alternating user and
 * assistant messages: a question goes with the answer that followed it. A question that got no answer (an error, a
 * stop before any text) and /read, which reads aloud rather than answers, are left out.
 */
function historyMessages(context: vscode.ChatContext): PlanMessage[] {
  const messages: PlanMessage[] = [];
  let asked: string | undefined;
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      asked = turn.command === 'read' ? undefined : turnText(turn);
      continue;
    }
    const answer = withoutPersonaNotice(turnText(turn), turn.result?.metadata);
    const answered = (turn.result?.metadata as { answered?: unknown } | undefined)?.answered !== false;
    if (asked !== undefined && asked !== '' && answer !== '' && answered) messages.push({ role: 'user', text: asked }, { role: 'assistant', text: answer });
    asked = undefined;
  }
  return messages;
}

/**
 * An answer shown in VS Code's chat as it streams: citation marks become plain `[n]` (a mark arriving in pieces, "^[1"
 * then "]^", is held back until whole), links follow the chat's link rule (a link arriving in pieces is held back too),
 * and the answer is spoken as it streams while maas.speech.readAnswers is on.
 */
class StreamedAnswer {
  private readonly plain = new PlainCitationStream();
  private readonly links = new ChatMarkdownLinks();
  text = '';

  constructor(
    private readonly stream: GuardedChatStream,
    private readonly voice: ReturnType<AnswerVoice['begin']> | undefined,
  ) {}

  push(piece: string): void {
    this.text += piece;
    this.show(this.plain.push(piece));
    this.voice?.update(this.text);
  }

  /** The answer ended (whole, or broken off): what was held back is shown, and what arrived is spoken. */
  end(): void {
    this.voice?.end(this.text);
    this.show(this.plain.end());
    const rest = this.links.end();
    if (rest !== '') this.stream.markdown(rest);
  }

  /** The user stopped it: the voice stops too. */
  stop(): void {
    this.voice?.stop();
  }

  private show(piece: string): void {
    const markdown = this.links.push(piece);
    if (markdown !== '') this.stream.markdown(markdown);
  }
}

class MaasParticipant implements vscode.Disposable {
  private readonly sources = new SourceDocuments();
  /** Images described once are not described again (VS Code's chat sends the history again with every question). */
  private readonly descriptions = new DescriptionCache();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: ParticipantDependencies) {
    const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, context, stream, token) => this.handle(request, context, stream, token));
    participant.iconPath = new vscode.ThemeIcon('comment-discussion');
    participant.followupProvider = { provideFollowups: (result: MaasChatResult) => this.followups(result) };
    this.disposables.push(participant, vscode.workspace.registerTextDocumentContentProvider(SOURCE_SCHEME, this.sources));
  }

  async handle(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    chatStream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<MaasChatResult> {
    const command = request.command ?? '';
    const stream = new GuardedChatStream(chatStream, await markdownGuard('chat'));
    try {
      switch (command) {
        case 'kb':
          return await this.knowledge(request.prompt.trim(), context, stream, token);
        case 'read':
          return await this.read(request, context, stream);
        case 'describe':
          return await this.describe(request, stream, token);
        default: {
          // `#kb` typed (or attached) in a plain @maas question asks the knowledge bases, as /kb does.
          const kb = request.toolReferences.find((reference) => reference.name === KNOWLEDGE_TOOL_NAME);
          if (kb !== undefined) return await this.knowledge(withoutReference(request.prompt, kb.range), context, stream, token);
          return await this.answer(request, context, stream, token);
        }
      }
    } catch (error) {
      if (token.isCancellationRequested) return { metadata: { command, answered: false } };
      this.showError(error, stream);
      return { metadata: { command, answered: false } };
    }
  }

  private model(request: vscode.ChatRequest): string {
    // The model picked in VS Code's picker when it is one of ours; otherwise the chat model of the settings.
    return request.model.vendor === LM_VENDOR ? request.model.id : this.deps.settings.settings.chatModel;
  }

  private async answer(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    stream: GuardedChatStream,
    token: vscode.CancellationToken,
  ): Promise<MaasChatResult> {
    if (request.prompt.trim() === '') {
      stream.markdown(vscode.l10n.t('Ask a question after @maas, or use /kb, /read or /describe.'));
      return { metadata: { command: '', answered: false } };
    }
    const settings = this.deps.settings.settings;
    const attached = await attachedImages(request.references, settings.imageMaxBytes, 'imagesOnly', this.deps.images);
    const images = attached.urls.map((url, index) => ({ url, key: imageKey(attached.bytes[index] ?? new Uint8Array()) }));
    const question: PlanMessage = { role: 'user', text: request.prompt, ...(images.length > 0 ? { images } : {}) };
    // The persona goes first in the request; when it is the workspace's, the answer says so first, as the chat view does.
    const notice = workspacePersonaNotice(this.deps.settings.chat);
    if (notice !== undefined) {
      stream.markdown(notice);
      stream.button(showPersonaButton());
    }
    await this.ask({ model: this.model(request), messages: [...historyMessages(context), question], persona: {} }, stream, token);
    return { metadata: { command: '', answered: true, ...(notice === undefined ? {} : { personaNotice: notice }) } };
  }

  /**
   * `/kb`, and a question that attaches `#kb`: the question, after the conversation's earlier turns, goes through the
   * knowledge-base tool's search (the code VS Code's chat and other extensions run through vscode.lm.invokeTool), under
   * the tool's "Searching … for …" line; the answer streams in as it arrives, then its Sources list, the cited passages
   * as references and the mode badge. It runs without the tool's confirmation: the user asked for it by name.
   */
  private async knowledge(question: string, context: vscode.ChatContext, stream: GuardedChatStream, token: vscode.CancellationToken): Promise<MaasChatResult> {
    const settings = this.deps.settings.settings;
    if (settings.knowledgeBases.length === 0) {
      stream.markdown(noKnowledgeBaseText());
      stream.button({ title: actionTitles(vscode.l10n).openSettings, ...openSettingsCommand('knowledgeBases') });
      return { metadata: { command: 'kb', answered: false } };
    }
    if (question === '') {
      stream.markdown(vscode.l10n.t('Write your question after /kb.'));
      return { metadata: { command: 'kb', answered: false } };
    }
    const tool = this.deps.knowledge;
    if (tool === undefined) throw featureUnavailable(FeatureName.knowledgeTool());
    const mode = settings.knowledgeChatMode;
    const input = { question };
    const searching = tool.prepareInvocation({ input }).invocationMessage;
    if (searching !== undefined) stream.progress(typeof searching === 'string' ? searching : searching.value);
    const shown = new StreamedAnswer(stream, this.deps.voice?.begin(vscode.l10n.t('@maas answer')));
    const found = await tool.search(input, token, { history: historyMessages(context), onAnswer: (piece) => shown.push(piece) }).catch((error: unknown) => {
      shown.stop();
      throw error;
    });
    shown.end();
    if (found.sources !== '') stream.markdown(chatMarkdown(`\n\n${found.sources}`));
    for (const reference of found.references) stream.reference(this.sources.add(reference));
    const cited = found.references.length > 0 || findCitationMarks(found.answer).length > 0;
    const words = knowledgeWords(vscode.l10n);
    const badge = mode === 'strict' ? words.strict : words.divergent;
    stream.markdown(`\n\n*${cited ? badge : `${badge} · ${words.noHits}`}*`);
    return { metadata: { command: 'kb', answered: true } };
  }

  private async read(request: vscode.ChatRequest, context: vscode.ChatContext, stream: GuardedChatStream): Promise<MaasChatResult> {
    const last = [...context.history].reverse().find((turn): turn is vscode.ChatResponseTurn => turn instanceof vscode.ChatResponseTurn);
    const text = request.prompt.trim() !== '' ? request.prompt.trim() : last === undefined ? '' : turnText(last);
    if (text === '') {
      stream.markdown(vscode.l10n.t('There is nothing to read: write the text after /read, or ask @maas something first.'));
      return { metadata: { command: 'read', answered: false } };
    }
    if (this.deps.readAloud === undefined) throw featureUnavailable(FeatureName.readAloud());
    await this.deps.readAloud({ text, title: vscode.l10n.t('@maas answer'), baseName: 'maas-answer' });
    stream.markdown(vscode.l10n.t('Reading aloud in the MaaS Assistant view (play, pause and stop are in its player).'));
    stream.button({ title: vscode.l10n.t('Open Chat'), command: CommandId.openChat });
    return { metadata: { command: 'read', answered: true } };
  }

  private async describe(request: vscode.ChatRequest, stream: GuardedChatStream, token: vscode.CancellationToken): Promise<MaasChatResult> {
    const attached = await attachedImages(request.references, this.deps.settings.settings.imageMaxBytes, 'every', this.deps.images);
    const images = attached.urls.map((url, index) => ({ url, key: imageKey(attached.bytes[index] ?? new Uint8Array()) }));
    if (images.length === 0) {
      stream.markdown(vscode.l10n.t('Attach one or more images (PNG, JPEG, GIF, WebP or BMP) to /describe, with the paperclip or #file.'));
      return { metadata: { command: 'describe', answered: false } };
    }
    const question = request.prompt.trim() === '' ? defaultImageQuestion() : request.prompt.trim();
    await this.ask({ model: this.deps.settings.settings.visionModel, messages: [{ role: 'user', text: question, images }] }, stream, token);
    return { metadata: { command: 'describe', answered: true } };
  }

  /**
   * Asks the question as the request plan says (the images described for a language model, or the vision model
   * answering, or the refusal) and streams the answer into the chat; citation marks become `[n]`. Returns the text and
   * the references.
   */
  private async ask(
    input: PlanInput,
    stream: GuardedChatStream,
    token: vscode.CancellationToken,
  ): Promise<{ text: string; references: readonly StoredReference[] }> {
    return withAbortSignal(token, async (signal) => {
      const client = this.deps.client();
      const prepared = await prepareRequest(input, {
        settings: this.deps.settings.settings,
        backend: client,
        cache: this.descriptions,
        signal,
        onDescribing: (job) => stream.progress(vscode.l10n.t('{0} is describing the attached image for {1}…', job.visionModel, input.model)),
      });
      if (prepared.kind === 'refused') throw new PlanRefused(prepared.refusal);
      if (prepared.routedFrom !== undefined) stream.markdown(routedNote(prepared.routedFrom, prepared.request.model));
      return this.streamAnswer(client, prepared.request, stream, signal);
    });
  }

  private async streamAnswer(
    client: MaasClient,
    request: ChatRequest,
    stream: GuardedChatStream,
    signal: AbortSignal,
  ): Promise<{ text: string; references: readonly StoredReference[] }> {
    let references: readonly StoredReference[] = [];
    const shown = new StreamedAnswer(stream, this.deps.voice?.begin(vscode.l10n.t('@maas answer')));
    const redact = (value: string): string => this.deps.logger.redact(value);
    for await (const event of runAnswer({ backend: client, request, maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, signal, redact })) {
      if (event.type === 'delta' && event.answer !== '') shown.push(event.answer);
      else if (event.type === 'references') references = event.references;
      else if (event.type === 'end') {
        // A cancel stops the voice; a dropped stream speaks what arrived, and shows it whole.
        if (event.outcome.status === 'stopped') {
          shown.stop();
          break;
        }
        shown.end();
        if (event.outcome.status !== 'done') throw new AnswerFailed(event.outcome.error);
      }
    }
    return { text: shown.text, references };
  }

  private showError(error: unknown, stream: GuardedChatStream): void {
    const explained = explainError(error, (text) => this.deps.logger.redact(text));
    this.deps.logger.warn(`@maas failed: ${explained.stored.kind} ${explained.stored.message}`);
    // Our words are plain text (a certificate's names, an address in them show as written); the service's own words
    // are the service's: the link rule applies to them as to an answer.
    const serviceSaid = explained.serviceSaid === undefined ? undefined : chatMarkdown(explained.serviceSaid);
    stream.markdown([`**${markdownText(explained.title)}**`, markdownText(explained.detail), serviceSaid].filter((part) => part !== undefined).join('\n\n'));
    const titles = actionTitles(vscode.l10n);
    for (const action of explained.actions) {
      if (action !== 'retry') stream.button({ title: titles[action], ...actionCommand(action) });
    }
  }

  private followups(result: MaasChatResult): vscode.ChatFollowup[] {
    if (!result.metadata.answered) return [];
    const read = { prompt: '', command: 'read', label: vscode.l10n.t('Read this answer aloud') };
    if (result.metadata.command === 'kb' || result.metadata.command === '') return [read];
    return [];
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** @maas while it is registered, and the end of its registration. */
export interface ParticipantRegistration extends vscode.Disposable {
  /** The request handler VS Code's chat calls for @maas (undefined while @maas is off). */
  readonly handler: vscode.ChatRequestHandler | undefined;
}

/** Registers @maas while maas.nativeChat.enabled is on (on and off live) and VS Code has chat participants. */
export function registerParticipant(deps: ParticipantDependencies): ParticipantRegistration {
  let current: MaasParticipant | undefined;
  const registration = whileNativeChatEnabled(
    deps.settings,
    () => typeof vscode.chat?.createChatParticipant === 'function',
    () => {
      const participant = (current = new MaasParticipant(deps));
      return new vscode.Disposable(() => {
        participant.dispose();
        if (current === participant) current = undefined;
      });
    },
  );
  return {
    dispose: () => registration.dispose(),
    get handler(): vscode.ChatRequestHandler | undefined {
      const participant = current;
      return participant === undefined ? undefined : (request, context, stream, token) => participant.handle(request, context, stream, token);
    },
  };
}
