// Which sentences of a hit answer the question: each sentence of the passage is scored by BM25 for the question's
// terms, a term weighing the product of two inverse frequencies: among the passage's own sentences (the product's
// name in every sentence of its FAQ says nothing about which one answers) and among all the sentences of the
// knowledge base (a name shared by a suite of products, or the product's name in every document, says little
// anywhere). So the sentence with the words that matter (the charge time, where the drafts are kept) outranks the one
// that only repeats the name, however many of the name's words it shares with the question.
import { termCounts } from './retrievalTerms';

export interface RankedSentence {
  readonly text: string;
  /** 0 when the sentence shares no term with the question. */
  readonly score: number;
}

/** In how many of a knowledge base's sentences each term occurs. */
export class SentenceFrequencies {
  private readonly frequency = new Map<string, number>();
  private count = 0;

  add(terms: ReadonlyMap<string, number>): void {
    this.count++;
    for (const term of terms.keys()) this.frequency.set(term, (this.frequency.get(term) ?? 0) + 1);
  }

  /** The BM25 inverse frequency of `term` among the sentences counted. */
  weight(term: string): number {
    return inverseFrequency(this.count, this.frequency.get(term) ?? 0);
  }
}

/** BM25's term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

function inverseFrequency(total: number, containing: number): number {
  return Math.log(1 + (total - containing + 0.5) / (containing + 0.5));
}

/** The sentences in order, each scored for `queryTerms` (see above). */
export function rankSentences(texts: readonly string[], queryTerms: ReadonlySet<string>, base: SentenceFrequencies): RankedSentence[] {
  const sentences = texts.map(termCounts);
  const lengths = sentences.map((terms) => [...terms.values()].reduce((sum, n) => sum + n, 0));
  const averageLength = Math.max(1, lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length));
  const inPassage = new Map<string, number>();
  for (const terms of sentences) for (const term of terms.keys()) inPassage.set(term, (inPassage.get(term) ?? 0) + 1);
  return texts.map((text, i) => {
    const terms = sentences[i] ?? new Map<string, number>();
    const norm = K1 * (1 - B + (B * (lengths[i] ?? 0)) / averageLength);
    let score = 0;
    for (const term of queryTerms) {
      const tf = terms.get(term);
      if (tf === undefined) continue;
      const weight = inverseFrequency(sentences.length, inPassage.get(term) ?? 0) * base.weight(term);
      score += (weight * tf * (K1 + 1)) / (tf + norm);
    }
    return { text, score };
  });
}
