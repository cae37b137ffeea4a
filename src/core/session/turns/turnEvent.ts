// The events of a chat-view turn, as the session applies them to the turn it keeps (runningTurns.ts) and its
// followers hear them (the view's feed, the voice): answerTurn.ts makes them of the question's events (ask()).
import type { StoredError, StoredReference } from '../../answerRecords/answerRecords';
import type { FinishReason, ToolCallEvent, Usage } from '../../chat/chatEvents';
import type { RetryView } from '../../../shared/protocol';

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
