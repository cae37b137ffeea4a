// How much of a model's context a request takes, counted locally by the service's token rule (shared/tokenCount.ts):
// the chat view's context meter shows what the next question carries before it is asked (a request over the model's
// limit, maas.nativeChat.maxInputTokens, is refused by ask(): requests/contextLimit.ts).
import type { Conversation, StoredContext } from '../../conversations/conversationModel';
import { buildMessages, questionWithContext } from '../../conversations/historySelection';
import { planRequest } from '../../requests/requestPlan';
import { countTokens } from '../../../shared/tokenCount';
import { messageTokens } from '../../requests/contextLimit';
import { historyLimits, type ChatSettings } from '../chatSettings';

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
