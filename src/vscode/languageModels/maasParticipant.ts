// `@maas` in VS Code's own chat, for what only this service does: a plain question to a MaaS model with the
// participant's own history and the persona, `/describe` for attached images (participantQuestions.ts), `/kb` and
// `#kb` for the knowledge bases (participantKnowledge.ts), `/read` to hear an answer (participantRead.ts). This file
// registers it while maas.nativeChat.enabled is on, sends each request to its job, and shows a failure in the chat
// view's words with a button to the action that fixes it. Every piece of Markdown it writes passes the image guard
// (guardedChatStream.ts); model and service text follows the chat's link rule (core/markdown/chatMarkdownLinks.ts).
import * as vscode from 'vscode';
import { chatMarkdown } from '../../core/markdown/chatMarkdownLinks';
import { markdownText } from '../../core/markdown/markdownEscapes';
import { markdownGuard } from '../../core/markdown/markdownGuard';
import { DescriptionCache } from '../../core/requests/imageDescriptions';
import { actionTitles } from '../../shared/chatWords';
import { KNOWLEDGE_TOOL_NAME, PARTICIPANT_ID } from '../contributionIds';
import { actionCommand, explainError } from '../errors/errorPresentation';
import { GuardedChatStream } from './guardedChatStream';
import { withoutReference } from './participantHistory';
import { askKnowledge } from './participantKnowledge';
import { answerQuestion, describeAttached } from './participantQuestions';
import { readAloud } from './participantRead';
import type { MaasChatResult, ParticipantDependencies, ParticipantParts, ParticipantRequest } from './participantTypes';
import { SOURCE_SCHEME, SourceDocuments } from './sourceDocuments';
import { whileNativeChatEnabled } from './whileNativeChatEnabled';

export type { ParticipantDependencies } from './participantTypes';

class MaasParticipant implements vscode.Disposable {
  private readonly parts: ParticipantParts;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(deps: ParticipantDependencies) {
    this.parts = { deps, sources: new SourceDocuments(), descriptions: new DescriptionCache() };
    const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, context, stream, token) => this.handle(request, context, stream, token));
    participant.iconPath = new vscode.ThemeIcon('comment-discussion');
    participant.followupProvider = { provideFollowups: (result: MaasChatResult) => followups(result) };
    this.disposables.push(participant, vscode.workspace.registerTextDocumentContentProvider(SOURCE_SCHEME, this.parts.sources));
  }

  async handle(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    chatStream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<MaasChatResult> {
    const command = request.command ?? '';
    const asked: ParticipantRequest = { request, context, stream: new GuardedChatStream(chatStream, await markdownGuard('chat')), token };
    try {
      switch (command) {
        case 'kb':
          return await askKnowledge(request.prompt.trim(), asked, this.parts);
        case 'read':
          return await readAloud(asked, this.parts);
        case 'describe':
          return await describeAttached(asked, this.parts);
        default: {
          // `#kb` typed (or attached) in a plain @maas question asks the knowledge bases, as /kb does.
          const kb = request.toolReferences.find((reference) => reference.name === KNOWLEDGE_TOOL_NAME);
          if (kb !== undefined) return await askKnowledge(withoutReference(request.prompt, kb.range), asked, this.parts);
          return await answerQuestion(asked, this.parts);
        }
      }
    } catch (error) {
      if (!token.isCancellationRequested) this.showError(error, asked.stream);
      return { metadata: { command, answered: false } };
    }
  }

  private showError(error: unknown, stream: GuardedChatStream): void {
    const { logger } = this.parts.deps;
    const explained = explainError(error, (text) => logger.redact(text));
    logger.warn(`@maas failed: ${explained.stored.kind} ${explained.stored.message}`);
    // Our words are plain text (a certificate's names, an address in them show as written); the service's own words
    // are the service's: the link rule applies to them as to an answer.
    const serviceSaid = explained.serviceSaid === undefined ? undefined : chatMarkdown(explained.serviceSaid);
    stream.markdown([`**${markdownText(explained.title)}**`, markdownText(explained.detail), serviceSaid].filter((part) => part !== undefined).join('\n\n'));
    const titles = actionTitles(vscode.l10n);
    for (const action of explained.actions) {
      if (action !== 'retry') stream.button({ title: titles[action], ...actionCommand(action) });
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** After an answer (a plain one or /kb): offer to hear it. */
function followups(result: MaasChatResult): vscode.ChatFollowup[] {
  if (!result.metadata.answered) return [];
  const read = { prompt: '', command: 'read', label: vscode.l10n.t('Read this answer aloud') };
  return result.metadata.command === 'kb' || result.metadata.command === '' ? [read] : [];
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
