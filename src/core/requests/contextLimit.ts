// How many tokens a request's messages take, counted locally by the service's token rule (shared/tokenCount.ts), and
// the error of a request over a model's limit, which is then not sent.
import type { StoredError } from '../answerRecords/answerRecords';
import type { ChatMessage, ChatRequest } from '../chat/chatRequest';
import { countTokens, IMAGE_TOKENS } from '../../shared/tokenCount';

/** The tokens of messages as the service counts a prompt: their text, and IMAGE_TOKENS per image. */
export function messageTokens(messages: readonly ChatMessage[]): number {
  let tokens = 0;
  for (const message of messages) {
    const content = message.content;
    if (typeof content === 'string') tokens += countTokens(content);
    else for (const part of content) tokens += part.type === 'text' ? countTokens(part.text) : IMAGE_TOKENS;
  }
  return tokens;
}

/** The error a request over the model's limit ends with, before anything is sent; undefined when it fits. */
export function contextProblem(request: ChatRequest, limit: number): StoredError | undefined {
  const tokens = messageTokens(request.messages);
  if (tokens <= limit) return undefined;
  return { kind: 'contextTooLong', message: `The request comes to about ${tokens} tokens; ${request.model} takes ${limit}.`, counts: { tokens, limit } };
}
