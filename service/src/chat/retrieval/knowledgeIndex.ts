// BM25 search (minisearch) over the chunks of the knowledge bases. Terms come from Intl.Segmenter word
// segmentation, which splits Chinese into words and Latin text into lowercase words alike. A hit's normalised
// score (0..1, compared with text_threshold) is the share of the question's distinct content words it contains;
// BM25 orders the hits.
import MiniSearch from 'minisearch';
import type { KnowledgeBase } from '../../state/stateSchema';

export interface KnowledgeHit {
  readonly knowledgeId: number;
  readonly title: string;
  readonly text: string;
  readonly score: number;
  readonly normalisedScore: number;
}

interface Chunk {
  readonly id: string;
  readonly knowledgeId: number;
  readonly title: string;
  readonly text: string;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
// Function words that say nothing about a topic; without this, "what is the" would count towards every match.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it me my of on or please tell the this to was what when where which who why with you your 的 了 是 吗 呢 吧 啊 在 和 与 及 我 你 您 他 她 它 们 什么 怎么 怎样 如何 哪 哪些 哪个 请 请问 一下 有 有没有 为什么 这 那 这个 那个 关于 一个'.split(
    ' ',
  ),
);
const CHUNK_CHARS = 400;

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) terms.push(segment.segment.toLowerCase());
  return terms;
}

function contentTerm(term: string): string | null {
  return STOP_WORDS.has(term) ? null : term;
}

/** Splits a document into chunks of whole paragraphs (or sentences, for long paragraphs) of about CHUNK_CHARS. */
export function chunkText(text: string): string[] {
  const pieces = text
    .split(/\n\s*\n/)
    .flatMap((p) => (p.length <= CHUNK_CHARS ? [p] : (p.match(/[^。!?!?.\n]+[。!?!?.\n]*/g) ?? [p])))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length > CHUNK_CHARS) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

export class KnowledgeIndex {
  private readonly cache = new Map<number, { documents: KnowledgeBase['documents']; search: MiniSearch<Chunk> }>();

  search(bases: readonly KnowledgeBase[], question: string, threshold: number, limit = 3): KnowledgeHit[] {
    const queryTerms = new Set(
      tokenize(question)
        .map(contentTerm)
        .filter((t): t is string => t !== null),
    );
    if (queryTerms.size === 0) return [];
    const hits: KnowledgeHit[] = [];
    for (const base of bases) {
      for (const result of this.indexOf(base).search([...queryTerms].join(' '), { combineWith: 'OR', prefix: false, fuzzy: false })) {
        const normalisedScore = new Set(result.queryTerms).size / queryTerms.size;
        if (normalisedScore < threshold) continue;
        hits.push({ knowledgeId: base.id, title: String(result['title']), text: String(result['text']), score: result.score, normalisedScore });
      }
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  private indexOf(base: KnowledgeBase): MiniSearch<Chunk> {
    const cached = this.cache.get(base.id);
    // The store replaces a base's documents array on change, so identity tells whether the index is current.
    if (cached && cached.documents === base.documents) return cached.search;
    const search = new MiniSearch<Chunk>({
      fields: ['title', 'text'],
      storeFields: ['title', 'text'],
      tokenize,
      processTerm: contentTerm,
      searchOptions: { tokenize, processTerm: contentTerm },
    });
    search.addAll(
      base.documents.flatMap((doc, d) => chunkText(doc.text).map((text, c) => ({ id: `${base.id}:${d}:${c}`, knowledgeId: base.id, title: doc.title, text }))),
    );
    this.cache.set(base.id, { documents: base.documents, search });
    return search;
  }
}
