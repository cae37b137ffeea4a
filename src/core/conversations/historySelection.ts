// Builds the messages of a chat request from a conversation, per spec section 4.1: an optional system message
// (the persona), the earlier turns re-sent in order as alternating user/assistant messages, and the new user
// message last. Only the most recent turns are kept under two limits (turns and characters); the caller shows
// the user how many were left out.
import type { ChatMessage, ContentPart } from '../chat/chatRequest';
import { questionWithDescription } from '../requests/requestPlan';
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
  /** Image parts (data: or https URLs) for a vision model; empty for a language model. */
  readonly imageUrls: readonly string[];
  /**
   * Image URLs of earlier turns to re-send (a follow-up question about an image needs it again), by turn id.
   * Earlier images not in this map are mentioned by name only (or by their description, when a language model was
   * given one). Empty for a language model.
   */
  readonly earlierImageUrls?: ReadonlyMap<string, readonly string[]>;
  /** The vision model's description of the question's images, for a language model: it follows the question. */
  readonly imageDescription?: { readonly model: string; readonly text: string };
}

export interface BuiltHistory {
  readonly messages: ChatMessage[];
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

function userContent(text: string, imageUrls: readonly string[]): ChatMessage['content'] {
  if (imageUrls.length === 0) return text;
  const parts: ContentPart[] = [{ type: 'text', text }, ...imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } }))];
  return parts;
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

export function buildMessages(persona: string, earlierTurns: readonly Turn[], next: NewQuestion, limits: HistoryLimits): BuiltHistory {
  const resendable = earlierTurns.filter(isResendable);
  const kept = turnsWithinLimits(resendable, limits);
  const messages: ChatMessage[] = [];
  if (persona.trim() !== '') messages.push({ role: 'system', content: persona.trim() });
  for (const turn of resendable.slice(resendable.length - kept)) {
    const question = questionWithContext(turn.question, turn.context);
    const resent = next.earlierImageUrls?.get(turn.id) ?? [];
    const noted =
      turn.images.length === 0 || resent.length > 0
        ? question
        : turn.imageDescription !== undefined
          ? questionWithDescription(question, turn.imageDescription.text, turn.imageDescription.model)
          : `${question}\n\n${turn.images.map((image) => `[image: ${image.name}]`).join(' ')}`;
    messages.push({ role: 'user', content: userContent(noted.trim() === '' ? '…' : noted, resent) });
    messages.push({ role: 'assistant', content: turn.answer });
  }
  const asked = questionWithContext(next.question, next.context) || '…';
  const described = next.imageDescription === undefined ? asked : questionWithDescription(asked, next.imageDescription.text, next.imageDescription.model);
  messages.push({ role: 'user', content: userContent(described, next.imageUrls) });
  return { messages, omittedTurns: resendable.length - kept };
}
