// What @maas's jobs (participantQuestions.ts, participantKnowledge.ts, participantRead.ts) are given and return.
import type * as vscode from 'vscode';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import type { MaasClient } from '../../core/maasClient';
import type { DescriptionCache } from '../../core/requests/imageDescriptions';
import type { KnowledgeTool } from '../knowledge/knowledgeTool';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import type { AnswerVoice } from '../speech/answerVoice';
import type { ReadAloudSource } from '../speech/readAloudSource';
import type { GuardedChatStream } from './guardedChatStream';
import type { SourceDocuments } from './sourceDocuments';

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

/** What every job has: the dependencies, and what @maas keeps while it is registered. */
export interface ParticipantParts {
  readonly deps: ParticipantDependencies;
  /** The passages /kb answers cite, as documents. */
  readonly sources: SourceDocuments;
  /** Images described once are not described again (VS Code's chat sends the history again with every question). */
  readonly descriptions: DescriptionCache;
}

/** One request to @maas, as a job gets it (the stream already guarded). */
export interface ParticipantRequest {
  readonly request: vscode.ChatRequest;
  readonly context: vscode.ChatContext;
  readonly stream: GuardedChatStream;
  readonly token: vscode.CancellationToken;
}

export interface MaasChatResult extends vscode.ChatResult {
  /** `personaNotice`: the notice the answer began with (workspacePersonaNotice.ts). */
  readonly metadata: { readonly command: string; readonly answered: boolean; readonly personaNotice?: string };
}
