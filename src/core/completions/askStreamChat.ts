// The engine's requests through ask() (src/core/requests/ask.ts), the one way every surface reaches the service: the
// completion prompt's system message is the question's persona, its user message the question. The engine pauses on
// the service's own error (its kind, its Retry-After), which ask() turns into a StoredError; so the backend handed to
// ask() keeps the last ServiceError it saw, and a question that ends in an error throws that one. A retry the client
// is about to make throws its error at once: a completion is worth nothing by the time a retry answers.
import type { ChatEvent } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';
import { cancelledError, isServiceError, type ServiceError } from '../http/serviceError';
import { ask, type Ask } from '../requests/ask';
import type { ChatBackend } from '../requests/chatBackend';
import type { StreamChat } from './completionRequest';

/** What ask() needs besides the question: the settings, the backend, the redaction. */
export type AskContext = Pick<Ask, 'settings' | 'backend' | 'redact'>;

/** A StreamChat for the engine that asks through ask() with what `context()` gives at the time of each request. */
export function askStreamChat(context: () => AskContext): StreamChat {
  return (request, { signal }) => streamThroughAsk(context(), request, signal ?? new AbortController().signal);
}

async function* streamThroughAsk(context: AskContext, request: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatEvent, void, undefined> {
  let seen: ServiceError | undefined;
  const backend: ChatBackend = {
    async *streamChat(chat, options) {
      try {
        for await (const event of context.backend.streamChat(chat, options)) {
          if (event.type === 'retry') throw event.error;
          yield event;
        }
      } catch (error) {
        if (isServiceError(error)) seen = error;
        throw error;
      }
    },
  };
  const system = request.messages.find((message) => message.role === 'system');
  const user = request.messages.find((message) => message.role === 'user');
  const question: Ask = {
    ...context,
    backend,
    signal,
    input: {
      model: request.model,
      messages: [{ role: 'user', text: typeof user?.content === 'string' ? user.content : '' }],
      persona: { own: typeof system?.content === 'string' ? system.content : '' },
      params: { temperature: request.temperature, max_tokens: request.max_tokens },
    },
  };
  // Only the text and the end matter to a completion: no images are described, no tools called, no retry waited for.
  for await (const event of ask(question)) {
    if (event.type === 'text') yield event;
    else if (event.type === 'stopped') throw cancelledError();
    else if (event.type === 'error' || event.type === 'refusal') throw seen ?? new Error(event.error.message);
  }
}
