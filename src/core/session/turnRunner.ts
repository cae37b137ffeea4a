// A chat view turn and its answer's events: the turn as each event leaves it, and the request that asks a stored turn.
import type { Conversation, Turn } from '../conversations/conversationModel';
import { buildMessages, type HistoryLimits } from '../conversations/historySelection';
import { assertNever } from '../../shared/protocol';
import type { ChatRequest } from '../chat/chatRequest';
import type { AnswerEvent } from '../requests/answerRun';

/** A turn after an event: the session keeps its turns so, and a test can replay a run. */
export function applyTurnEvent(turn: Turn, event: AnswerEvent, now: number): Turn {
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
    case 'toolCall':
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
