// One knowledge-base search: the question asked through the request plan with the retrieval tool (spec 4.2), the
// answer read whole with its references. The knowledge-base tool (and through it @maas /kb) runs it; a failure ends
// it as the AnswerFailed of the answer run, a cancel as the run's `stopped`.
import type { RetrievalOptions } from '../chat/chatRequest';
import type { StoredReference } from '../conversations/conversationModel';
import { DEFAULT_RETRY_POLICY } from '../http/backoff';
import { AnswerFailed, PlanRefused, runAnswer } from '../requests/answerRun';
import { prepareRequest, type ChatBackend } from '../requests/prepareRequest';
import type { PlanSettings } from '../requests/requestPlan';

export interface KnowledgeSearch {
  readonly backend: ChatBackend;
  readonly settings: PlanSettings;
  readonly question: string;
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
    { model: search.settings.chatModel, messages: [{ role: 'user', text: search.question }], retrieval: search.retrieval },
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
    if (event.type === 'delta') text += event.answer;
    else if (event.type === 'references') references = event.references;
    else if (event.type === 'end') {
      if (event.outcome.status === 'stopped') return { text, references, stopped: true };
      if (event.outcome.status !== 'done') throw new AnswerFailed(event.outcome.error);
    }
  }
  return { text, references, stopped: false };
}
