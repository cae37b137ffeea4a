// One answer's way from request to outcome, as an async generator of events: the chat view's turns, the @maas
// participant and the language-model provider all run their requests through it, so retries, failover, Stop and
// the error a user sees are the same everywhere. Cancellation is the AbortSignal; a user's Stop is not an error,
// and a dropped stream keeps what arrived (the outcome says `interrupted`).
import type { StoredError, StoredReference } from '../answerRecords/answerRecords';
import { isServiceError, type ServiceError } from '../http/serviceError';
import { assertNever, type RetryView } from '../../shared/protocol';
import type { FinishReason, ToolCallEvent, Usage } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';
import type { ChatBackend } from './prepareRequest';
import type { PlanRefusal } from './requestPlan';

export type AnswerEvent =
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
  /** The model called a function tool (only a request that offered tools gets one). */
  | { readonly type: 'toolCall'; readonly call: ToolCallEvent }
  /** Always last. */
  | { readonly type: 'end'; readonly outcome: AnswerOutcome };

export type AnswerOutcome =
  | { readonly status: 'done' }
  /** The user pressed Stop (the request was aborted). */
  | { readonly status: 'stopped' }
  /** The stream broke off after some text: the text is kept. */
  | { readonly status: 'interrupted'; readonly error: StoredError }
  | { readonly status: 'error'; readonly error: StoredError };

export interface AnswerRun {
  readonly backend: ChatBackend;
  readonly request: ChatRequest;
  readonly maxAttempts: number;
  readonly signal: AbortSignal;
  /** Masks secrets in error text before it is kept or shown. */
  readonly redact: (text: string) => string;
  readonly now?: () => number;
}

export async function* runAnswer(run: AnswerRun): AsyncGenerator<AnswerEvent, void, undefined> {
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
          yield { type: 'toolCall', call: event.call };
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

/** A question the plan refused, as the error a turn keeps (its words are the same on every surface). */
function refusalError(refusal: PlanRefusal): StoredError {
  switch (refusal.kind) {
    case 'imagesNeedVision':
      return { kind: 'imagesNeedVision', message: `${refusal.model} does not take images.`, value: refusal.model };
  }
}

/** The plan refused the question: what VS Code's chat surfaces throw (storedErrorFrom gives the words' error). */
export class PlanRefused extends Error {
  constructor(readonly refusal: PlanRefusal) {
    super(refusalError(refusal).message);
  }
}

/** An answer that ended with an error, thrown by a surface that reports failures by throwing (the provider). */
export class AnswerFailed extends Error {
  constructor(readonly stored: StoredError) {
    super(stored.message);
  }
}

export function outcomeOf(error: unknown, redact: (text: string) => string): AnswerOutcome {
  if (isServiceError(error) && error.kind === 'cancelled') return { status: 'stopped' };
  const stored = storedErrorFrom(error, redact);
  return isServiceError(error) && error.kind === 'interrupted' ? { status: 'interrupted', error: stored } : { status: 'error', error: stored };
}

/** A failure as a turn keeps it: the kind, the server's words (redacted) and whether they matched a known error. */
export function storedErrorFrom(error: unknown, redact: (text: string) => string): StoredError {
  if (error instanceof AnswerFailed) return error.stored;
  if (error instanceof PlanRefused) return refusalError(error.refusal);
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
