// Where a new turn goes and which model answers it. A chat or image turn goes to the open conversation (images move
// it to the vision model when the request plan routes them there: maas.images.withTextModel); a knowledge turn needs
// a model whose family takes the retrieval tool, so it goes to the open conversation when that is on one, and
// otherwise to a new conversation on the chat model (an empty conversation is switched instead). Pure: the session applies the state and the notice.
import { randomUUID } from 'node:crypto';
import type { StoredContext, StoredImage, Turn, TurnKnowledge } from '../../conversations/conversationModel';
import * as ops from '../../conversations/conversationsState';
import { imagesFor, modelFamily } from '../../requests/requestPlan';
import type { ChatSettings } from '../chatSettings';

export interface NewTurn {
  readonly kind: Turn['kind'];
  readonly question: string;
  readonly images?: readonly StoredImage[];
  readonly context?: readonly StoredContext[];
  /** The model to ask; the conversation's by default (an image turn asks the vision model). */
  readonly model?: string;
  /** How a knowledge turn asks (mode, bases, the retrieval tool); kept in the turn for Retry and Regenerate. */
  readonly knowledge?: Omit<TurnKnowledge, 'references'>;
}

export interface PlacedTurn {
  readonly state: ops.ConversationsState;
  readonly conversationId: string;
  readonly turn: Turn;
  /** A knowledge turn left this conversation, on a model without retrieval: its "switched to the vision model" notice goes. */
  readonly leftVision?: string;
  /** Images moved the conversation to this vision model: a notice says so. */
  readonly switchedTo?: string;
}

export function placeTurn(state: ops.ConversationsState, input: NewTurn, settings: ChatSettings, now: number): PlacedTurn {
  const left = input.kind === 'knowledge' ? ops.activeConversation(state) : undefined;
  const leftVision = left !== undefined && !modelFamily(settings, left.model).retrieval ? left : undefined;
  let next = state;
  if (leftVision !== undefined) {
    next =
      leftVision.turns.length === 0
        ? ops.setConversationModel(next, leftVision.id, settings.chatModel, now)
        : ops.newConversation(next, randomUUID(), settings.chatModel, now);
  }
  const conversation = ops.activeConversation(next);
  if (conversation === undefined) throw new Error('no active conversation');
  let model = input.model ?? conversation.model;
  let switchedTo: string | undefined;
  // Images with a language model: described for it by default (the run does it), or the vision model answers.
  if ((input.images?.length ?? 0) > 0 && imagesFor(settings, model) === 'route') {
    model = switchedTo = settings.visionModel;
    next = ops.setConversationModel(next, conversation.id, model, now);
  } else if (input.kind === 'image') {
    next = ops.setConversationModel(next, conversation.id, model, now);
  }
  const turn = newTurn(input, model, now);
  return {
    state: ops.addTurn(next, conversation.id, turn, now),
    conversationId: conversation.id,
    turn,
    ...(leftVision === undefined ? {} : { leftVision: leftVision.id }),
    ...(switchedTo === undefined ? {} : { switchedTo }),
  };
}

function newTurn(input: NewTurn, model: string, now: number): Turn {
  return {
    id: randomUUID(),
    kind: input.kind,
    question: input.question,
    images: [...(input.images ?? [])],
    context: [...(input.context ?? [])],
    answer: '',
    reasoning: '',
    status: 'pending',
    model,
    ...(input.knowledge === undefined ? {} : { knowledge: input.knowledge }),
    createdAt: now,
  };
}
