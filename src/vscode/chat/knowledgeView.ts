// The knowledge part of a turn's view (mode, bases, references), read from the turn's stored `extra`. Kept free of
// the VS Code API so it is unit-tested on plain Node.
import * as z from 'zod';
import type { Turn } from '../../core/conversations/conversationModel';
import type { KnowledgeView } from '../../shared/protocol';

// `turn.extra` is stored data (any version of the extension may have written it): checked before it is shown.
const knowledgeExtraSchema = z.object({
  knowledge: z.object({
    mode: z.enum(['strict', 'divergent']),
    bases: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  references: z
    .array(z.object({ index: z.number().int(), title: z.string().optional().catch(undefined), text: z.string().optional().catch(undefined) }))
    .optional()
    .catch(undefined),
  retrieval: z.object({ remove_corner_mark: z.boolean().optional() }).optional().catch(undefined),
});

/** The knowledge view of a knowledge turn, or undefined when its stored `extra` is missing or malformed. */
export function knowledgeView(turn: Pick<Turn, 'kind' | 'extra'>): KnowledgeView | undefined {
  if (turn.kind !== 'knowledge') return undefined;
  const parsed = knowledgeExtraSchema.safeParse(turn.extra);
  if (!parsed.success) return undefined;
  const { knowledge, references, retrieval } = parsed.data;
  return {
    mode: knowledge.mode,
    bases: knowledge.bases.map((base) => ({ id: base.id, name: base.name })),
    references: (references ?? []).map((r) => ({ index: r.index, ...(r.title === undefined ? {} : { title: r.title }), ...(r.text === undefined ? {} : { text: r.text }) })),
    ...(retrieval?.remove_corner_mark === true ? { marksRemoved: true } : {}),
  };
}
