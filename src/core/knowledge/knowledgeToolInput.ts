// The knowledge-base tool's input (maas_searchKnowledgeBase), checked by the tool itself: VS Code hands a tool whatever
// a model wrote, without checking it against the manifest's inputSchema. The outcome is the question and the knowledge
// bases to search, or the problem, typed; the vscode layer words each problem for the model to read and act on.
import * as z from '../../shared/zod';

/** A knowledge base of the settings (maas.knowledgeBases). */
export interface KnowledgeBaseChoice {
  readonly id: number;
  readonly name: string;
}

/** The longest question the tool passes on (a model pasting a document as its question is told to shorten it). */
export const MAX_TOOL_QUESTION_CHARS = 2000;

/** The longest name of a knowledge base (maas.knowledgeBases); a longer `knowledgeBase` can name none of them. */
export const MAX_KNOWLEDGE_BASE_NAME_CHARS = 100;

export type KnowledgeToolProblem =
  | { readonly kind: 'notAnObject' }
  | { readonly kind: 'questionMissing' }
  | { readonly kind: 'questionTooLong'; readonly max: number }
  | { readonly kind: 'knowledgeBaseNotText' }
  | { readonly kind: 'knowledgeBaseTooLong'; readonly max: number }
  | { readonly kind: 'unknownKnowledgeBase'; readonly name: string; readonly valid: readonly string[] }
  | { readonly kind: 'noKnowledgeBase' };

export type KnowledgeToolInput =
  | { readonly ok: true; readonly question: string; readonly bases: readonly KnowledgeBaseChoice[] }
  | { readonly ok: false; readonly problem: KnowledgeToolProblem };

/**
 * The input's shape; its values (a question of 1 to MAX_TOOL_QUESTION_CHARS characters once trimmed, a knowledge base's
 * name of at most MAX_KNOWLEDGE_BASE_NAME_CHARS, a blank, null or absent one meaning all of them: models write each of
 * the three) are checked after, in plain code: the
 * tool runs once per question, where zod's interpreter would cost more than the checks themselves.
 */
const inputSchema = z.object({ question: z.string(), knowledgeBase: z.nullish(z.string()) });

function problemOf(error: z.core.$ZodError): KnowledgeToolProblem {
  const field = error.issues[0]?.path[0];
  if (field === 'question') return { kind: 'questionMissing' };
  if (field === 'knowledgeBase') return { kind: 'knowledgeBaseNotText' };
  return { kind: 'notAnObject' };
}

/** The input checked against the configured knowledge bases: a name is matched ignoring case and surrounding space. */
export function checkKnowledgeToolInput(input: unknown, configured: readonly KnowledgeBaseChoice[]): KnowledgeToolInput {
  if (configured.length === 0) return { ok: false, problem: { kind: 'noKnowledgeBase' } };
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error) };
  const question = parsed.data.question.trim();
  if (question === '') return { ok: false, problem: { kind: 'questionMissing' } };
  if (question.length > MAX_TOOL_QUESTION_CHARS) return { ok: false, problem: { kind: 'questionTooLong', max: MAX_TOOL_QUESTION_CHARS } };
  const knowledgeBase = parsed.data.knowledgeBase?.trim() ?? '';
  if (knowledgeBase === '') return { ok: true, question, bases: configured };
  // Refused before it is matched or repeated in the answer's list of valid names.
  if (knowledgeBase.length > MAX_KNOWLEDGE_BASE_NAME_CHARS) return { ok: false, problem: { kind: 'knowledgeBaseTooLong', max: MAX_KNOWLEDGE_BASE_NAME_CHARS } };
  const wanted = knowledgeBase.toLowerCase();
  const named = configured.filter((base) => base.name.trim().toLowerCase() === wanted);
  if (named.length === 0) return { ok: false, problem: { kind: 'unknownKnowledgeBase', name: knowledgeBase, valid: configured.map((base) => base.name) } };
  return { ok: true, question, bases: named };
}
