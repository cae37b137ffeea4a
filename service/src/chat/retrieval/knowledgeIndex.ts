// Retrieval over the knowledge bases. Documents are cut into passages at paragraph boundaries (long paragraphs at
// sentence boundaries, packages/text/sentences.ts); BM25 (minisearch) finds and orders the passages that share terms
// with the query. The query is the whole user message: the question and whatever it quotes (the editor selection or
// file the extension sends in fenced blocks). What `text_threshold` (0..1) is compared with is the passage's
// similarity to the message: the cosine of their TF-IDF vectors (sublinear term frequency), taken for the whole
// message and for each sentence (or line) it quotes with at least MIN_PART_TERMS content terms, the highest counting.
// So a long selection on the passage's topic scores as high as its closest sentence, where a share of the message's
// words would shrink as the selection grows. The index, the similarity and the ranking of a hit's sentences
// (sentenceRanking.ts) all use the same terms (retrievalTerms.ts).
import MiniSearch from 'minisearch';
import type { KnowledgeBase } from '../../state/stateSchema';
import { quotedBlocks } from '../quotedText';
import { splitSentences } from '../../../../packages/text/sentences';
import { askedForTerms, contentTerms, termCounts, tokenize } from './retrievalTerms';
import { rankSentences, SentenceFrequencies } from './sentenceRanking';
import type { RankedSentence } from './sentenceRanking';

export interface KnowledgeHit {
  readonly knowledgeId: number;
  readonly title: string;
  /** The passage, whole. */
  readonly text: string;
  /** BM25 score: the order of the hits. */
  readonly score: number;
  /** Cosine similarity to the query, 0..1: what text_threshold is compared with. */
  readonly similarity: number;
  /** The passage's sentences in order, each with its score for the query (sentenceRanking.ts): the answer quotes the best ones. */
  readonly sentences: readonly RankedSentence[];
}

interface Passage {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

interface IndexedPassage {
  readonly passage: Passage;
  readonly terms: ReadonlyMap<string, number>;
  /**
   * The terms of the document's title and opening sentence: they say which document answers (the passage ranking
   * uses them), not which of its sentences does, so the sentence ranking leaves them out.
   */
  readonly naming: ReadonlySet<string>;
}

interface IndexedBase {
  readonly documents: KnowledgeBase['documents'];
  readonly search: MiniSearch<Passage>;
  /** Passages by id, with their term frequencies and the terms that name their document. */
  readonly passages: ReadonlyMap<string, IndexedPassage>;
  /** In how many passages each term occurs. */
  readonly documentFrequency: ReadonlyMap<string, number>;
  /** In how many of the base's sentences each term occurs. */
  readonly sentenceFrequencies: SentenceFrequencies;
}

/** Passages are paragraphs; a longer paragraph is cut at sentence boundaries into passages of about this many characters. */
const PASSAGE_CHARS = 400;
const HEADING = /^#{1,6}\s/;
/** A sentence of the message is compared on its own when it has at least this many content terms. */
const MIN_PART_TERMS = 3;

/** A query of terms already found by contentTerms, each once, matched as they are. */
const AS_GIVEN = {
  tokenize: (query: string) => query.split(' '),
  processTerm: (term: string) => term,
  combineWith: 'OR',
  prefix: false,
  fuzzy: false,
} as const;

/** Splits a document into passages: its paragraphs, and long paragraphs into runs of whole sentences of about PASSAGE_CHARS. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  let heading = '';
  for (const block of text.split(/\n\s*\n/).map((p) => p.trim())) {
    if (block === '') continue;
    // A Markdown heading belongs to the paragraph under it.
    if (HEADING.test(block) && !block.includes('\n')) {
      heading = heading === '' ? block : `${heading}\n${block}`;
      continue;
    }
    const paragraph = heading === '' ? block : `${heading}\n${block}`;
    heading = '';
    if (paragraph.length <= PASSAGE_CHARS) {
      passages.push(paragraph);
      continue;
    }
    let current = '';
    for (const sentence of splitSentences(paragraph)) {
      if (current !== '' && current.length + sentence.length + 1 > PASSAGE_CHARS) {
        passages.push(current);
        current = '';
      }
      current = current === '' ? sentence : `${current} ${sentence}`;
    }
    if (current !== '') passages.push(current);
  }
  if (heading !== '') passages.push(heading);
  return passages;
}

/** The sentences of a passage that the answer may quote: all but its Markdown headings. */
function sentencesOf(passage: string): string[] {
  return splitSentences(passage).filter((text) => !HEADING.test(text));
}

/** Cosine of the TF-IDF vectors of two term-count maps, with (1 + ln tf) term weights. */
function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, idf: (term: string) => number): number {
  const weight = (count: number, term: string): number => (1 + Math.log(count)) * idf(term);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, count] of a) {
    const wa = weight(count, term);
    normA += wa * wa;
    const countB = b.get(term);
    if (countB !== undefined) dot += wa * weight(countB, term);
  }
  for (const [term, count] of b) normB += weight(count, term) ** 2;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

export class KnowledgeIndex {
  private readonly cache = new Map<number, IndexedBase>();

  /** The passages of `bases` most relevant to `query` whose similarity reaches `threshold`, best first. */
  search(bases: readonly KnowledgeBase[], query: string, threshold: number, limit = 3): KnowledgeHit[] {
    const queryTerms = termCounts(query);
    if (queryTerms.size === 0) return [];
    // The message as a whole, and each sentence (or line of code) it quotes that says enough on its own: a long
    // selection is as close to a passage as its closest part, whatever else it holds.
    const quotedParts = quotedBlocks(query).flatMap(splitSentences).map(termCounts);
    const parts = [queryTerms, ...quotedParts.filter((terms) => terms.size >= MIN_PART_TERMS)];
    const queryText = [...queryTerms.keys()].join(' ');
    const hits: (Omit<KnowledgeHit, 'sentences'> & { readonly base: SentenceFrequencies; readonly naming: ReadonlySet<string> })[] = [];
    for (const base of bases) {
      const indexed = this.indexOf(base);
      const total = indexed.passages.size;
      // Smoothed so that a term no passage has still weighs most (it says the query is about something else).
      const idf = (term: string): number => Math.log(1 + total / ((indexed.documentFrequency.get(term) ?? 0) + 0.5));
      for (const result of indexed.search.search(queryText, AS_GIVEN)) {
        const entry = indexed.passages.get(String(result.id));
        if (entry === undefined) continue;
        const similarity = Math.max(...parts.map((terms) => cosine(terms, entry.terms, idf)));
        if (similarity < threshold) continue;
        hits.push({
          knowledgeId: base.id,
          title: entry.passage.title,
          text: entry.passage.text,
          score: result.score,
          similarity,
          base: indexed.sentenceFrequencies,
          naming: entry.naming,
        });
      }
    }
    // Sentences are ranked for the hits kept only, by the question's terms that do not name the hit's document and
    // by what its question words ask for.
    const sentenceQuery = [...queryTerms.keys(), ...askedForTerms(query)];
    return hits
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ base, naming, ...hit }) => {
        const terms = new Set(sentenceQuery.filter((term) => !naming.has(term)));
        return { ...hit, sentences: rankSentences(sentencesOf(hit.text), terms, base) };
      });
  }

  private indexOf(base: KnowledgeBase): IndexedBase {
    const cached = this.cache.get(base.id);
    // The store replaces a base's documents array on change, so identity tells whether the index is current.
    if (cached && cached.documents === base.documents) return cached;
    const passages = new Map<string, IndexedPassage>();
    const documentFrequency = new Map<string, number>();
    const sentenceFrequencies = new SentenceFrequencies();
    base.documents.forEach((doc, d) => {
      const opening = sentencesOf(doc.text)[0] ?? '';
      const naming = new Set(termCounts(`${doc.title}\n${opening}`).keys());
      passagesOf(doc.text).forEach((text, p) => {
        const passage = { id: `${base.id}:${d}:${p}`, title: doc.title, text };
        const terms = termCounts(`${doc.title}\n${text}`);
        for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
        for (const sentence of sentencesOf(text)) sentenceFrequencies.add(termCounts(sentence));
        passages.set(passage.id, { passage, terms, naming });
      });
    });
    const search = new MiniSearch<Passage>({
      fields: ['title', 'text'],
      tokenize,
      processTerm: contentTerms,
    });
    search.addAll([...passages.values()].map((entry) => entry.passage));
    const indexed = { documents: base.documents, search, passages, documentFrequency, sentenceFrequencies };
    this.cache.set(base.id, indexed);
    return indexed;
  }
}
