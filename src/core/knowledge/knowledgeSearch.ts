// One knowledge-base search: the question (after the earlier turns of a conversation, when the caller has them) asked
// with the retrieval tool (spec 4.2) through ask(), the answer read whole with its references, each piece handed to
// `onAnswer` as it arrives. The knowledge-base tool runs it, for VS Code's chat and other extensions and for @maas
// /kb; a failure ends it as AnswerFailed with the question's error, a cancel as `stopped`.
import type { RetrievalOptions } from '../chat/chatRequest';
import type { StoredReference } from '../conversations/conversationModel';
import { ask } from '../requests/ask';
import { AnswerFailed, type AddressSettings } from '../requests/askErrors';
import type { ChatBackend } from '../requests/chatBackend';
import type { PlanMessage, PlanSettings } from '../requests/requestPlan';

export interface KnowledgeSearch {
  readonly backend: ChatBackend;
  readonly settings: PlanSettings & AddressSettings;
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
  const input = {
    model: search.settings.chatModel,
    messages: [...(search.history ?? []), { role: 'user' as const, text: search.question }],
    retrieval: search.retrieval,
  };
  const { backend, settings, signal, redact } = search;
  let text = '';
  let references: readonly StoredReference[] = [];
  for await (const event of ask({ input, settings, backend, signal, redact })) {
    if (event.type === 'text') {
      text += event.text;
      search.onAnswer?.(event.text);
    } else if (event.type === 'citations') references = event.references;
    else if (event.type === 'stopped') return { text, references, stopped: true };
    else if (event.type === 'refusal' || event.type === 'error') throw new AnswerFailed(event.error);
  }
  return { text, references, stopped: false };
}
