// What a chat request answers with, independent of how it travels (stream or one JSON body).
import type { Reference } from './retrieval/retrievalAnswer';
import type { ToolCall } from './toolResponder';

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export interface Usage {
  prompt_tokens: number;
  total_tokens: number;
  completion_tokens: number;
}

export interface ChatAnswer {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  readonly promptTokens: number;
  /** The content, one token per piece; async when an upstream server generates it. */
  readonly pieces: Iterable<string> | AsyncIterable<string>;
  /** How the answer ends if every piece is delivered; an upstream answer may still end with content_filter. */
  readonly finishReason: () => FinishReason;
  /** Completion tokens, known once every piece has been produced. */
  readonly completionTokens: () => number;
  readonly references?: readonly Reference[];
  /** Function calls the answer makes (after its content, if any); the finish reason is then tool_calls. */
  readonly toolCalls?: readonly ToolCall[];
}

export function usageOf(answer: ChatAnswer): Usage {
  const completion = answer.completionTokens();
  return { prompt_tokens: answer.promptTokens, total_tokens: answer.promptTokens + completion, completion_tokens: completion };
}
