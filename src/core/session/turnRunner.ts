// One answer's way from request to outcome, as an async generator of events: the chat view's turns, the @maas
// participant and the language-model provider all run their requests through it, so retries, failover, Stop and
// the error a user sees are the same everywhere. Cancellation is the AbortSignal; a user's Stop is not an error,
// and a dropped stream keeps what arrived (the outcome says `interrupted`).
import type { Conversation, StoredError, StoredReference, Turn } from '../conversations/conversationModel';
import { buildMessages, type HistoryLimits } from '../conversations/historySelection';
import { isServiceError, type ServiceError } from '../http/serviceError';
import { assertNever, type RetryView } from '../../shared/protocol';
import type { ChatEvent, FinishReason, Usage } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';

/** What runs a chat request: the service client (MaasClient) or a test double. */
export interface ChatBackend {
  streamChat(request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent>;
}

export type TurnEvent =
  /** Answer and/or reasoning text appended (the first one moves the turn from pending to streaming). */
  | { readonly type: 'delta'; readonly answer: string; readonly reasoning: string }
  /** An automatic retry waits until `retry.at` (only before any text). */
  | { readonly type: 'retry'; readonly retry: RetryView }
  /** Requests now go to another address; it has not answered yet. */
  | { readonly type: 'failover'; readonly baseUrl: string }
  /** This address answered: the primary, or the alternative. */
  | { readonly type: 'connected'; readonly baseUrl: string; readonly primary: boolean }
  | { readonly type: 'references'; readonly references: readonly StoredReference[] }
  /** The vision model described the turn's images for its language model (before the request). */
  | { readonly type: 'imageDescription'; readonly model: string; readonly text: string }
  | { readonly type: 'usage'; readonly usage: Usage }
  | { readonly type: 'finish'; readonly reason: FinishReason }
  /** Always last. */
  | { readonly type: 'end'; readonly outcome: TurnOutcome };

export type TurnOutcome =
  | { readonly status: 'done' }
  /** The user pressed Stop (the request was aborted). */
  | { readonly status: 'stopped' }
  /** The stream broke off after some text: the text is kept. */
  | { readonly status: 'interrupted'; readonly error: StoredError }
  | { readonly status: 'error'; readonly error: StoredError };

export interface TurnRun {
  readonly backend: ChatBackend;
  readonly request: ChatRequest;
  readonly maxAttempts: number;
  readonly signal: AbortSignal;
  /** Masks secrets in error text before it is kept or shown. */
  readonly redact: (text: string) => string;
  readonly now?: () => number;
}

export async function* runTurn(run: TurnRun): AsyncGenerator<TurnEvent, void, undefined> {
  const now = run.now ?? Date.now;
  try {
    for await (const event of run.backend.streamChat(run.request, { signal: run.signal })) {
      switch (event.type) {
        case 'text':
          yield { type: 'delta', answer: event.text, reasoning: '' };
          break;
        case 'reasoning':
          yield { type: 'delta', answer: '', reasoning: event.text };
          break;
        case 'retry':
          yield { type: 'retry', retry: { attempt: event.attempt, maxAttempts: run.maxAttempts, at: now() + event.delayMs } };
          break;
        case 'failover':
          yield { type: 'failover', baseUrl: event.baseUrl };
          break;
        case 'connected':
          yield { type: 'connected', baseUrl: event.baseUrl, primary: event.primary };
          break;
        case 'references':
          yield { type: 'references', references: event.references.map((r) => ({ index: r.index, title: r.title, text: r.text, url: r.url })) };
          break;
        case 'usage':
          yield { type: 'usage', usage: event.usage };
          break;
        case 'finish':
          yield { type: 'finish', reason: event.reason };
          break;
        case 'toolCall':
          // The chat view offers the model no function tools, so none is called; one that came anyway is ignored.
          break;
        default:
          assertNever(event, 'chat event');
      }
    }
    yield { type: 'end', outcome: { status: 'done' } };
  } catch (error) {
    yield { type: 'end', outcome: outcomeOf(error, run.redact) };
  }
}

export function outcomeOf(error: unknown, redact: (text: string) => string): TurnOutcome {
  if (isServiceError(error) && error.kind === 'cancelled') return { status: 'stopped' };
  const stored = storedErrorFrom(error, redact);
  return isServiceError(error) && error.kind === 'interrupted' ? { status: 'interrupted', error: stored } : { status: 'error', error: stored };
}

/** A failure as a turn keeps it: the kind, the server's words (redacted) and whether they matched a known error. */
export function storedErrorFrom(error: unknown, redact: (text: string) => string): StoredError {
  if (isServiceError(error)) return storedServiceError(error, redact);
  return { kind: 'unexpected', message: redact(error instanceof Error ? error.message : String(error)) };
}

function storedServiceError(error: ServiceError, redact: (text: string) => string): StoredError {
  return {
    kind: error.kind,
    status: error.status,
    serverMessage: error.serverMessage === undefined ? undefined : redact(error.serverMessage),
    message: redact(error.message),
    matched: error.matched,
    ...(error.address === undefined ? {} : { value: redact(error.address.origin), setting: error.address.setting }),
    ...(error.certificate === undefined ? {} : { certificate: error.certificate }),
    ...(error.proxy === undefined ? {} : { proxy: { ...error.proxy, address: redact(error.proxy.address) } }),
  };
}

/** A turn after an event: the session keeps its turns so, and a test can replay a run. */
export function applyTurnEvent(turn: Turn, event: TurnEvent, now: number): Turn {
  switch (event.type) {
    case 'delta':
      return { ...turn, status: 'streaming', answer: turn.answer + event.answer, reasoning: turn.reasoning + event.reasoning };
    case 'references':
      return turn.knowledge === undefined ? turn : { ...turn, knowledge: { ...turn.knowledge, references: [...event.references] } };
    case 'usage':
      return { ...turn, usage: event.usage };
    case 'finish':
      return { ...turn, finishReason: event.reason };
    case 'end':
      return event.outcome.status === 'done' || event.outcome.status === 'stopped'
        ? { ...turn, status: event.outcome.status, completedAt: now }
        : { ...turn, status: event.outcome.status, error: event.outcome.error, completedAt: now };
    case 'imageDescription':
      return { ...turn, imageDescription: { model: event.model, text: event.text } };
    case 'retry':
    case 'failover':
    case 'connected':
      return turn;
    default:
      return assertNever(event, 'turn event');
  }
}

export interface TurnRequestInput {
  readonly conversation: Conversation;
  readonly turn: Turn;
  readonly persona: string;
  readonly limits: HistoryLimits;
  /** Data URLs (or https URLs) of this turn's images, and of earlier turns' images to re-send, by turn id; empty for a language model. */
  readonly imageUrls: readonly string[];
  readonly earlierImageUrls: ReadonlyMap<string, readonly string[]>;
  /** The description of this turn's images, for a language model. */
  readonly imageDescription?: { readonly model: string; readonly text: string };
}

/** The request that asks a stored turn: the persona, the earlier turns within the limits, the question with its context and images. */
export function requestForTurn(input: TurnRequestInput): ChatRequest {
  const { conversation, turn } = input;
  const earlier = conversation.turns.slice(
    0,
    conversation.turns.findIndex((t) => t.id === turn.id),
  );
  const { messages } = buildMessages(
    input.persona,
    earlier,
    {
      question: turn.question,
      context: turn.context,
      imageUrls: input.imageUrls,
      earlierImageUrls: input.earlierImageUrls,
      ...(input.imageDescription === undefined ? {} : { imageDescription: input.imageDescription }),
    },
    input.limits,
  );
  return {
    model: turn.model,
    messages,
    ...wireParams(conversation, turn.model),
    ...(turn.knowledge === undefined ? {} : { retrieval: turn.knowledge.retrieval }),
  };
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
