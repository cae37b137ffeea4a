// Composes the answer of a retrieval request from the hits: cited excerpts in both modes, general text added in
// divergent mode (chat_mode 1), and in strict mode (2) without hits the tips text or the default apology, followed
// by the model's fallback answer when backup_chat is on.
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

export function cornerMarkFor(template: string, n: number): string {
  return template.split('n').join(String(n));
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
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
  const lines = hits.map((hit, i) => `${i + 1}. ${excerpt(hit.text)}${mark(i + 1)}`);
  const intro = zh ? '根据知识库中的资料:' : 'According to the knowledge base:';
  const parts = [intro, lines.join('\n')];
  if (!strict)
    parts.push(
      zh
        ? '此外,结合通用知识补充一点:先确认资料适用于您的具体情况,再按步骤操作。'
        : 'Beyond the documents, a general note: check that the material applies to your case before acting on it.',
    );
  const references = hits.map((hit, i) => ({ index: i + 1, knowledge_id: hit.knowledgeId, title: hit.title, text: hit.text }));
  return { text: parts.join('\n\n'), references };
}
