// The messages a conversation's next question carries, per spec section 4.1, as the request plan takes them
// (core/requests/requestPlan.ts, which puts the persona first and gives them their wire form): the earlier turns
// re-sent in order as alternating user/assistant messages, and the new question last with its images. Only the most
// recent turns are kept under two limits (turns and characters); the caller shows the user how many were left out.
import { questionWithDescription, type PlanImage, type PlanMessage } from '../requests/requestPlan';
import type { StoredContext, Turn } from './conversationModel';

export interface HistoryLimits {
  /** Earlier turns (question + answer pairs) re-sent at most. */
  readonly maxTurns: number;
  /** Characters of earlier turns re-sent at most (the new question always goes, whatever its size). */
  readonly maxCharacters: number;
}

export interface NewQuestion {
  readonly question: string;
  readonly context: readonly StoredContext[];
  /** The question's images (the plan describes them for a model that does not take images, or refuses them). */
  readonly images: readonly PlanImage[];
  /**
   * Images of earlier turns to re-send (a follow-up question about an image needs it again), by turn id: for a
   * vision model only. Earlier images not in this map are mentioned by name (or by their description, when a
   * language model was given one).
   */
  readonly earlierImages?: ReadonlyMap<string, readonly PlanImage[]>;
}

export interface BuiltHistory {
  readonly messages: PlanMessage[];
  /** Earlier turns that had an answer but were left out by the limits. */
  readonly omittedTurns: number;
}

/** A turn can be re-sent when it has an answer: errors and empty stops would break the user/assistant alternation. */
function isResendable(turn: Turn): boolean {
  return turn.answer.trim() !== '' && (turn.status === 'done' || turn.status === 'stopped' || turn.status === 'interrupted');
}

/** The question with its context blocks, as the model reads it. */
export function questionWithContext(question: string, context: readonly StoredContext[]): string {
  const blocks = context.map((item) => {
    const fence = item.text.includes('```') ? '````' : '```';
    return `${item.kind === 'file' ? 'File' : 'Selection from'} \`${item.label}\`:\n${fence}${item.languageId}\n${item.text}\n${fence}`;
  });
  return [question.trim(), ...blocks].filter((part) => part !== '').join('\n\n');
}

/** How many of the most recent `earlier` turns fit the limits; whole turns only, newest first. */
function turnsWithinLimits(earlier: readonly Turn[], limits: HistoryLimits): number {
  let kept = 0;
  let characters = 0;
  for (let i = earlier.length - 1; i >= 0 && kept < limits.maxTurns; i -= 1) {
    const turn = earlier[i] as Turn;
    const size = questionWithContext(turn.question, turn.context).length + turn.answer.length;
    if (characters + size > limits.maxCharacters) break;
    characters += size;
    kept += 1;
  }
  return kept;
}

export function buildMessages(earlierTurns: readonly Turn[], next: NewQuestion, limits: HistoryLimits): BuiltHistory {
  const resendable = earlierTurns.filter(isResendable);
  const kept = turnsWithinLimits(resendable, limits);
  const messages: PlanMessage[] = [];
  for (const turn of resendable.slice(resendable.length - kept)) {
    const question = questionWithContext(turn.question, turn.context);
    const resent = next.earlierImages?.get(turn.id) ?? [];
    const noted =
      turn.images.length === 0 || resent.length > 0
        ? question
        : turn.imageDescription !== undefined
          ? questionWithDescription(question, turn.imageDescription.text, turn.imageDescription.model)
          : `${question}\n\n${turn.images.map((image) => `[image: ${image.name}]`).join(' ')}`;
    messages.push(userMessage(noted.trim() === '' ? '…' : noted, resent));
    messages.push({ role: 'assistant', text: turn.answer });
  }
  messages.push(userMessage(questionWithContext(next.question, next.context) || '…', next.images));
  return { messages, omittedTurns: resendable.length - kept };
}

function userMessage(text: string, images: readonly PlanImage[]): PlanMessage {
  return images.length === 0 ? { role: 'user', text } : { role: 'user', text, images };
}
