// A knowledge base the user adds to maas.knowledgeBases (MaaS: Add Knowledge Base): the id and the name checked as
// they are typed, and the user's list with the new entry appended. The list keeps every entry it had, as written,
// including any the settings reader would refuse: only the user may drop them.
import { MAX_KNOWLEDGE_BASE_NAME_CHARS } from './knowledgeToolInput';

/** The most entries maas.knowledgeBases holds (its declared maxItems). */
export const MAX_KNOWLEDGE_BASES = 50;

export interface KnowledgeBaseEntry {
  readonly id: number;
  readonly name: string;
}

export type KnowledgeBaseIdProblem =
  { readonly kind: 'blank' } | { readonly kind: 'notId' } | { readonly kind: 'taken'; readonly name: string } | { readonly kind: 'full'; readonly max: number };

export type KnowledgeBaseNameProblem = { readonly kind: 'blank' } | { readonly kind: 'tooLong'; readonly max: number } | { readonly kind: 'taken' };

export type Checked<T, P> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: P };

/** The entries of a list as written that have the shape of an entry; the others are kept but name nothing. */
function entries(written: readonly unknown[]): KnowledgeBaseEntry[] {
  return written.filter(
    (item): item is KnowledgeBaseEntry =>
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number' && typeof (item as { name?: unknown }).name === 'string',
  );
}

/** The id as typed: a whole number from 1 (the console shows it), not already in the list, room left in the list. */
export function checkKnowledgeBaseId(text: string, written: readonly unknown[]): Checked<number, KnowledgeBaseIdProblem> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: { kind: 'blank' } };
  if (!/^\d{1,15}$/.test(trimmed) || Number(trimmed) < 1) return { ok: false, problem: { kind: 'notId' } };
  const id = Number(trimmed);
  const same = entries(written).find((entry) => entry.id === id);
  if (same !== undefined) return { ok: false, problem: { kind: 'taken', name: same.name } };
  if (written.length >= MAX_KNOWLEDGE_BASES) return { ok: false, problem: { kind: 'full', max: MAX_KNOWLEDGE_BASES } };
  return { ok: true, value: id };
}

/** The name as typed, trimmed: not blank, not longer than the setting allows, not the name of another entry. */
export function checkKnowledgeBaseName(text: string, written: readonly unknown[]): Checked<string, KnowledgeBaseNameProblem> {
  const name = text.trim();
  if (name === '') return { ok: false, problem: { kind: 'blank' } };
  if (name.length > MAX_KNOWLEDGE_BASE_NAME_CHARS) return { ok: false, problem: { kind: 'tooLong', max: MAX_KNOWLEDGE_BASE_NAME_CHARS } };
  const lower = name.toLowerCase();
  if (entries(written).some((entry) => entry.name.trim().toLowerCase() === lower)) return { ok: false, problem: { kind: 'taken' } };
  return { ok: true, value: name };
}

/** The list as written with `entry` at its end. */
export function withKnowledgeBase(written: readonly unknown[], entry: KnowledgeBaseEntry): unknown[] {
  return [...written, { id: entry.id, name: entry.name }];
}
