// How much of a model's context a request takes, counted locally by the service's token rule (shared/tokenCount.ts):
// the chat view's context meter shows what the next question carries before it is asked, and a request over the
// model's limit (maas.nativeChat.maxInputTokens) is not sent: the turn says so, with what the user can do.
import type { Conversation, StoredContext } from '../../conversations/conversationModel';
import type { StoredError } from '../../answerRecords/answerRecords';
import { buildMessages, questionWithContext } from '../../conversations/historySelection';
import { planRequest } from '../../requests/requestPlan';
import { countTokens, IMAGE_TOKENS } from '../../../shared/tokenCount';
import type { ChatMessage, ChatRequest } from '../../chat/chatRequest';
import { historyLimits, type ChatSettings } from '../chatSettings';

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

/**
 * What the next question carries before it: how many earlier turns the history limits leave out, and the tokens of
 * what it sends before its own words (the context meter's figure): the persona and the earlier turns, as the request
 * plan sends them, and the context waiting to go with it (Add Selection to Chat, the current file).
 */
export function nextQuestionContext(
  conversation: Conversation,
  settings: ChatSettings,
  waiting: readonly StoredContext[],
): { omittedTurns: number; contextTokens: number } {
  const { messages, omittedTurns } = buildMessages(conversation.turns, { question: '', context: [], images: [] }, historyLimits(settings));
  const plan = planRequest({ model: conversation.model, messages, persona: { own: conversation.persona } }, settings);
  const before = plan.kind === 'send' ? messageTokens(plan.request.messages.slice(0, -1)) : 0;
  const waitingTokens = waiting.length === 0 ? 0 : countTokens(questionWithContext('', waiting));
  return { omittedTurns, contextTokens: before + waitingTokens };
}
