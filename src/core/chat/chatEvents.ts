// The typed events of a streamed chat answer, as the UI consumes them.
import type { ServiceError } from '../http/serviceError';
import { finishReasonSchema, type FinishReason, type Usage } from '../../shared/protocolSchemas';

export type { FinishReason, Usage } from '../../shared/protocolSchemas';

/** A source of a knowledge-base answer, when the service sends a references-like array; fields best-effort. */
export interface Reference {
  readonly index: number;
  readonly title?: string;
  readonly text?: string;
  readonly url?: string;
  /** The item as received, for fields this client does not know. */
  readonly raw: Readonly<Record<string, unknown>>;
}

export type ChatEvent =
  /** Answer text, incremental. */
  | { readonly type: 'text'; readonly text: string }
  /** Reasoning text (between <think> and </think>), incremental; show it collapsed. */
  | { readonly type: 'reasoning'; readonly text: string }
  | { readonly type: 'references'; readonly references: readonly Reference[] }
  /** A whole function call the model made (its streamed fragments joined), before `finish` (reason tool_calls). */
  | { readonly type: 'toolCall'; readonly call: ToolCallEvent }
  /** Sent once, before `finish`: the last non-zero usage of the stream. */
  | { readonly type: 'usage'; readonly usage: Usage }
  /** Always the last event of a completed answer. `content_filter`: the caller decides whether to withdraw text. */
  | { readonly type: 'finish'; readonly reason: FinishReason }
  /** Automatic attempt `attempt` of the client's `maxAttempts` starts after `delayMs` (only before any text was shown). */
  | { readonly type: 'retry'; readonly attempt: number; readonly maxAttempts: number; readonly delayMs: number; readonly error: ServiceError }
  /** Requests now go to `baseUrl` (the alternative, or the primary again); it has not answered yet. */
  | { readonly type: 'failover'; readonly baseUrl: string }
  /**
   * `baseUrl` answered (HTTP 200, before the body is read): the address in use, and whether it is the primary
   * ({base_url}) or the alternative. Comes once per answer; a front end says "using the alternative" from this,
   * never from `failover`, which also names addresses that go on to fail.
   */
  | { readonly type: 'connected'; readonly baseUrl: string; readonly primary: boolean };

export interface ToolCallEvent {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them: a JSON text (not parsed here). */
  readonly arguments: string;
}

export interface ChatResult {
  readonly text: string;
  readonly reasoning: string;
  readonly finishReason: FinishReason;
  readonly usage: Usage | undefined;
  readonly references: readonly Reference[];
  readonly toolCalls: readonly ToolCallEvent[];
  /**
   * How the answer ended: `done` ([DONE]), `finishReason` (a finish reason, then the body ended without [DONE]),
   * `json` (a whole JSON completion). A body that ends with neither is an `interrupted` error, not a result.
   */
  readonly ended: AnswerEnding;
}

export type AnswerEnding = 'done' | 'finishReason' | 'json';

/** The service's finish_reason as one of the known reasons; any other is `unknown`. */
export function toFinishReason(value: string): FinishReason {
  const known = finishReasonSchema.safeParse(value);
  return known.success ? known.data : 'unknown';
}
