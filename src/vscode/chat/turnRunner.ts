// Runs one turn's request: builds the messages from the conversation, streams the answer, and reports every
// change through callbacks (text deltas, whole-turn changes). Cancellation is an AbortSignal end to end; a
// user's Stop is not an error. The partial answer of a dropped stream is kept and the turn marked interrupted.
import type { MaasClient } from '../../core/maasClient';
import type { ChatRequest } from '../../core/chat/chatRequest';
import type { Conversation, StoredError, Turn } from '../../core/conversations/conversationModel';
import { buildMessages, type HistoryLimits } from '../../core/conversations/historySelection';
import { isServiceError } from '../../core/http/serviceError';
import { assertNever, type RetryView } from '../../shared/protocol';
import { storedErrorFrom } from '../errors/errorMessages';

export interface TurnRunInput {
  readonly client: MaasClient;
  readonly conversation: Conversation;
  readonly turn: Turn;
  readonly persona: string;
  readonly limits: HistoryLimits;
  readonly vision: boolean;
  /** Data URLs (or https URLs) of this turn's images, and of earlier turns' images to re-send, by turn id. */
  readonly imageUrls: readonly string[];
  readonly earlierImageUrls: ReadonlyMap<string, readonly string[]>;
  /** Extra request fields of a turn kind (the retrieval tool, say). */
  readonly extraRequest?: Partial<ChatRequest>;
  readonly maxAttempts: number;
  readonly signal: AbortSignal;
  readonly redact: (text: string) => string;
}

export interface TurnRunCallbacks {
  /** The turn changed as a whole (status, usage, finish reason, error). */
  changed(turn: Turn, retry?: RetryView): void;
  /** Text appended to the answer or the reasoning. */
  delta(turn: Turn, answer: string, reasoning: string): void;
  /** Requests now go to another base URL. */
  failover(baseUrl: string): void;
}

/** The conversation's parameters belong to its model: a turn sent to another model (an image turn) goes without. */
function wireParams(conversation: Conversation, model: string): Partial<ChatRequest> {
  if (model !== conversation.model) return {};
  const p = conversation.params;
  return {
    ...(p.temperature === undefined ? {} : { temperature: p.temperature }),
    ...(p.topP === undefined ? {} : { top_p: p.topP }),
    ...(p.maxTokens === undefined ? {} : { max_tokens: p.maxTokens }),
    ...(p.repetitionPenalty === undefined ? {} : { repetition_penalty: p.repetitionPenalty }),
  };
}

export async function runTurn(input: TurnRunInput, callbacks: TurnRunCallbacks): Promise<Turn> {
  let turn: Turn = { ...input.turn, status: 'pending' };
  const earlier = input.conversation.turns.slice(0, input.conversation.turns.findIndex((t) => t.id === turn.id));
  const { messages } = buildMessages(input.persona, earlier, {
    question: turn.question,
    context: turn.context,
    imageUrls: input.vision ? input.imageUrls : [],
    earlierImageUrls: input.vision ? input.earlierImageUrls : undefined,
  }, input.limits);
  const request: ChatRequest = { model: turn.model, messages, ...wireParams(input.conversation, turn.model), ...input.extraRequest };
  try {
    for await (const event of input.client.streamChat(request, { signal: input.signal })) {
      switch (event.type) {
        case 'text':
        case 'reasoning': {
          const started = turn.status === 'pending';
          turn = event.type === 'text'
            ? { ...turn, status: 'streaming', answer: turn.answer + event.text }
            : { ...turn, status: 'streaming', reasoning: turn.reasoning + event.text };
          if (started) callbacks.changed(turn);
          callbacks.delta(turn, event.type === 'text' ? event.text : '', event.type === 'reasoning' ? event.text : '');
          break;
        }
        case 'retry':
          callbacks.changed(turn, { attempt: event.attempt + 1, maxAttempts: input.maxAttempts, at: Date.now() + event.delayMs });
          break;
        case 'failover':
          callbacks.failover(event.baseUrl);
          break;
        case 'references':
          turn = { ...turn, extra: { ...turn.extra, references: event.references.map((r) => ({ index: r.index, title: r.title, text: r.text, url: r.url })) } };
          break;
        case 'usage':
          turn = { ...turn, usage: event.usage };
          break;
        case 'finish':
          turn = { ...turn, finishReason: event.reason };
          break;
        default:
          assertNever(event);
      }
    }
    turn = { ...turn, status: 'done', completedAt: Date.now() };
  } catch (error) {
    turn = finishWithError(turn, error, input.redact);
  }
  callbacks.changed(turn);
  return turn;
}

function finishWithError(turn: Turn, error: unknown, redact: (text: string) => string): Turn {
  const now = Date.now();
  if (isServiceError(error) && error.kind === 'cancelled') return { ...turn, status: 'stopped', completedAt: now };
  const stored: StoredError = storedErrorFrom(error, redact);
  if (isServiceError(error) && error.kind === 'interrupted') {
    return { ...turn, status: 'interrupted', error: stored, completedAt: now };
  }
  return { ...turn, status: 'error', error: stored, completedAt: now };
}
