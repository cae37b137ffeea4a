// The view of one turn, as the chat view shows it: the stored turn without what stays on the host (images stay on
// disk, context text stays here), its error in words from the front end (ChatViewText), so this runs on plain Node.
import type { StoredContext, Turn } from '../../conversations/conversationModel';
import type { StoredError } from '../../answerRecords/answerRecords';
import type { ContextChipView, KnowledgeView, RetryView, TurnErrorView, TurnView } from '../../../shared/protocol';

/** The words of the view, in the UI language, from the front end. */
export interface ChatViewText {
  error(error: StoredError): TurnErrorView;
}

/** A piece of context as its chip shows it: what it is and how long, not its text. */
export function contextChip(item: StoredContext): ContextChipView {
  return { id: item.id, kind: item.kind, label: item.label, languageId: item.languageId, characters: item.text.length };
}

export function knowledgeView(turn: Turn): KnowledgeView | undefined {
  const knowledge = turn.knowledge;
  if (turn.kind !== 'knowledge' || knowledge === undefined) return undefined;
  return {
    mode: knowledge.mode,
    bases: knowledge.bases.map((base) => ({ id: base.id, name: base.name })),
    references: (knowledge.references ?? []).map((r) => ({
      index: r.index,
      ...(r.title === undefined ? {} : { title: r.title }),
      ...(r.text === undefined ? {} : { text: r.text }),
    })),
    ...(knowledge.retrieval.remove_corner_mark === true ? { marksRemoved: true } : {}),
  };
}

export function turnView(turn: Turn, text: ChatViewText, retry?: RetryView): TurnView {
  return {
    id: turn.id,
    kind: turn.kind,
    question: turn.question,
    images: turn.images.map((image) => ({
      id: image.id,
      name: image.name,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      thumbnail: image.thumbnail,
      ...(image.url === undefined ? {} : { url: image.url }),
    })),
    context: turn.context.map(contextChip),
    answer: turn.answer,
    reasoning: turn.reasoning,
    ...(turn.imageDescription === undefined ? {} : { imageDescription: turn.imageDescription }),
    status: turn.status,
    finishReason: turn.finishReason,
    model: turn.model,
    usage: turn.usage,
    error: turn.error === undefined ? undefined : text.error(turn.error),
    retry,
    knowledge: knowledgeView(turn),
    createdAt: turn.createdAt,
  };
}
