// Composes the answer of a retrieval request from the hits: the sentences of each hit closest to the question, each
// followed by its passage's citation mark, in both modes; general text added in divergent mode (chat_mode 1); in strict
// mode (2) without hits the tips text or the default apology, followed by the model's fallback answer when backup_chat is on.
import type { KnowledgeHit } from './knowledgeIndex';
import type { RetrievalOptions } from '../chatRequestSchema';

export interface Reference {
  readonly index: number;
  readonly knowledge_id: number;
  readonly title: string;
  readonly text: string;
}

export interface RetrievalAnswer {
  readonly text: string;
  readonly references: readonly Reference[];
}

export const DEFAULT_TIPS_ZH = '抱歉,知识库中没有找到与您的问题相关的信息。您可以换一个问题,或者让模型直接回答。';
export const DEFAULT_TIPS_EN =
  'Sorry, no relevant information was found in the knowledge base. You can ask another question, or let the model answer on its own.';

/** The first line of an answer from the knowledge base. */
export function knowledgeIntro(zh: boolean): string {
  return zh ? '根据知识库中的资料:' : 'According to the knowledge base:';
}

export function cornerMarkFor(template: string, n: number): string {
  return template.split('n').join(String(n));
}

/** At most this many sentences of a passage are quoted, the ones that answer best, in the passage's order. */
const QUOTED_SENTENCES = 2;
/** A further sentence is quoted only when it scores at least this share of the best one (not a sentence that merely names the topic). */
const FURTHER_SENTENCE_SHARE = 0.5;

/** The sentences of a hit the answer quotes: the best scored for the question (the first sentence when none scores, as when the question only names the document). */
function groundingSentences(hit: KnowledgeHit): string[] {
  const best = Math.max(0, ...hit.sentences.map((s) => s.score));
  const ranked = hit.sentences
    .map((sentence, position) => ({ ...sentence, position }))
    .filter((sentence) => sentence.score > 0 && sentence.score >= best * FURTHER_SENTENCE_SHARE)
    .sort((a, b) => b.score - a.score)
    .slice(0, QUOTED_SENTENCES)
    .sort((a, b) => a.position - b.position);
  return ranked.length > 0 ? ranked.map((s) => s.text) : hit.sentences.slice(0, 1).map((s) => s.text);
}

export function composeRetrievalAnswer(
  hits: readonly KnowledgeHit[],
  options: RetrievalOptions,
  zh: boolean,
  cornerMark: string,
  modelAnswer: () => string,
): RetrievalAnswer {
  const strict = options.chat_mode === 2;
  if (hits.length === 0) {
    if (!strict) return { text: modelAnswer(), references: [] };
    const tips = options.tips_text ?? (zh ? DEFAULT_TIPS_ZH : DEFAULT_TIPS_EN);
    const backup = options.backup_chat ?? true;
    return { text: backup ? `${tips}\n\n${modelAnswer()}` : tips, references: [] };
  }
  const mark = (n: number): string => (options.remove_corner_mark ? '' : cornerMarkFor(cornerMark, n));
  // Every quoted sentence carries the mark of the passage it comes from.
  const lines = hits.map(
    (hit, i) =>
      `- ${groundingSentences(hit)
        .map((sentence) => `${sentence}${mark(i + 1)}`)
        .join(' ')}`,
  );
  const parts = [knowledgeIntro(zh), lines.join('\n')];
  if (!strict)
    parts.push(
      zh
        ? '此外,结合通用知识补充一点:先确认资料适用于您的具体情况,再按步骤操作。'
        : 'Beyond the documents, a general note: check that the material applies to your case before acting on it.',
    );
  const references = hits.map((hit, i) => ({ index: i + 1, knowledge_id: hit.knowledgeId, title: hit.title, text: hit.text }));
  return { text: parts.join('\n\n'), references };
}
