// One knowledge-base search: the question (after the earlier turns of a conversation, when the caller has them) asked
// through the request plan with the retrieval tool (spec 4.2), the answer read whole with its references, each piece
// handed to `onAnswer` as it arrives. The knowledge-base tool runs it, for VS Code's chat and other extensions and for
// @maas /kb; a failure ends it as the AnswerFailed of the answer run, a cancel as the run's `stopped`.
import type { RetrievalOptions } from '../chat/chatRequest';
import type { StoredReference } from '../answerRecords/answerRecords';
import { DEFAULT_RETRY_POLICY } from '../http/backoff';
import { AnswerFailed, PlanRefused, runAnswer } from '../requests/answerRun';
import { prepareRequest, type ChatBackend } from '../requests/prepareRequest';
import type { PlanMessage, PlanSettings } from '../requests/requestPlan';

export interface KnowledgeSearch {
  readonly backend: ChatBackend;
  readonly settings: PlanSettings;
  readonly question: string;
  /** Earlier turns of the conversation, alternating and ending with an answer (none: the question stands alone). */
  readonly history?: readonly PlanMessage[];
  /** Each piece of the answer's text as it arrives. */
  readonly onAnswer?: (piece: string) => void;
  readonly retrieval: RetrievalOptions;
  readonly signal: AbortSignal;
  readonly redact: (text: string) => string;
}

export interface KnowledgeAnswer {
  readonly text: string;
  readonly references: readonly StoredReference[];
  /** The user stopped it (the text is what arrived). */
  readonly stopped: boolean;
}

export async function searchKnowledge(search: KnowledgeSearch): Promise<KnowledgeAnswer> {
  const prepared = await prepareRequest(
    { model: search.settings.chatModel, messages: [...(search.history ?? []), { role: 'user', text: search.question }], retrieval: search.retrieval },
    { settings: search.settings, backend: search.backend, signal: search.signal },
  );
  if (prepared.kind === 'refused') throw new PlanRefused(prepared.refusal);
  let text = '';
  let references: readonly StoredReference[] = [];
  const run = {
    backend: search.backend,
    request: prepared.request,
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
    signal: search.signal,
    redact: search.redact,
  };
  for await (const event of runAnswer(run)) {
    if (event.type === 'delta') {
      text += event.answer;
      if (event.answer !== '') search.onAnswer?.(event.answer);
    } else if (event.type === 'references') references = event.references;
    else if (event.type === 'end') {
      if (event.outcome.status === 'stopped') return { text, references, stopped: true };
      if (event.outcome.status !== 'done') throw new AnswerFailed(event.outcome.error);
    }
  }
  return { text, references, stopped: false };
}
