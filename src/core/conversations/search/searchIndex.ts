// The history's search index: for every conversation, the terms of what a reader sees of it (its title, its
// questions and its answers; searchText.ts), kept in memory as a few immutable segments (searchSegment.ts) so that a
// query costs what its terms' postings cost, not a reading of the history. A conversation indexed again gets a new
// document number and its old one dies: queries skip dead documents, and merges drop them. New documents wait in a
// batch (searchBatch.ts) that becomes a segment when it grows or a query comes; four segments of one size merge into
// one of the next, so there are a handful of segments and each posting is copied a few times; and when the dead
// postings pass half the live ones, every segment is merged into one without them.
import { createHash } from 'node:crypto';
import { SearchBatch } from './searchBatch';
import { SegmentMerge, type SearchSegment } from './searchSegment';
import { foldText, indexKeys, scanTerms, unspacedTerm, type QueryTerm } from './searchText';

/** What the index keeps of a conversation: what a reader sees of it, and what its result shows. */
export interface SearchableConversation {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turnCount: number;
  /** Its questions and answers in reading order. */
  readonly texts: readonly string[];
}

/** A conversation that matches a query. */
export interface SearchHit {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turnCount: number;
  /** Every term matches in the title alone. */
  readonly inTitle: boolean;
}

interface Doc extends Omit<SearchHit, 'inTitle'> {
  readonly postings: number;
  readonly hash: string;
}

/** A title's terms are indexed a second time behind this mark, which no term holds, so a query knows title matches. */
const TITLE = '\u0001';
/** The batch of new documents becomes a segment at this many postings. */
const BATCH_POSTINGS = 50_000;
/** Terms merged between two pauses. */
const MERGE_SLICE = 4_000;
/** How many segments of one tier merge into one of the next: each posting is copied about log4 of the index's batches. */
const MERGE_WIDTH = 4;

const tierOf = (segment: SearchSegment | undefined): number =>
  segment === undefined ? -1 : Math.floor(Math.log(Math.max(1, segment.postingCount / BATCH_POSTINGS)) / Math.log(MERGE_WIDTH));

function contentHash(conversation: SearchableConversation): string {
  const hash = createHash('sha1').update(conversation.title);
  for (const text of conversation.texts) hash.update('\u0000').update(text);
  return hash.digest('base64');
}

export class SearchIndex {
  /** Each conversation's current document number. */
  private readonly docOf = new Map<string, number>();
  /** By document number; undefined once dead. */
  private readonly docs: (Doc | undefined)[] = [];
  private segments: SearchSegment[] = [];
  private batch = new SearchBatch();
  private livePostings = 0;

  /** How many conversations it holds. */
  get size(): number {
    return this.docOf.size;
  }

  has(id: string): boolean {
    return this.docOf.has(id);
  }

  ids(): IterableIterator<string> {
    return this.docOf.keys();
  }

  /** Bytes held by the segments (the batch of new documents is counted once it becomes one). */
  get bytes(): number {
    return this.segments.reduce((sum, segment) => sum + segment.bytes, 0);
  }

  /** Indexes a conversation, or indexes it again when what a reader sees of it changed (else only its summary). */
  set(conversation: SearchableConversation): void {
    const hash = contentHash(conversation);
    const current = this.docOf.get(conversation.id);
    const held = current === undefined ? undefined : this.docs[current];
    const { id, title, updatedAt, turnCount } = conversation;
    if (held !== undefined && current !== undefined && held.hash === hash) {
      this.docs[current] = { ...held, updatedAt, turnCount };
      return;
    }
    this.remove(id);
    const doc = this.docs.length;
    const { batch } = this;
    let postings = 0;
    const word = (term: string): void => void (batch.addWord(term, doc) && (postings += 1));
    const code = (term: number): void => void (batch.addCode(term, doc) && (postings += 1));
    const titleWord = (term: string): void => {
      word(term);
      word(TITLE + term);
    };
    scanTerms(foldText(title), titleWord, (term) => {
      code(term);
      word(TITLE + unspacedTerm(term));
    });
    for (const text of conversation.texts) scanTerms(foldText(text), word, code);
    this.docs.push({ id, title, updatedAt, turnCount, postings, hash });
    this.docOf.set(id, doc);
    this.livePostings += postings;
    if (batch.postings >= BATCH_POSTINGS) this.flush();
  }

  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.livePostings -= this.docs[doc]?.postings ?? 0;
    this.docs[doc] = undefined;
    this.docOf.delete(id);
  }

  /**
   * How many conversations hold every term, and the first `limit` of them: those matching in their title first, then
   * the newest first. Only those are made into results; the others are counted and ordered as numbers.
   */
  search(terms: readonly QueryTerm[], limit: number): { readonly total: number; readonly hits: SearchHit[] } {
    const keys = terms.flatMap((term) => {
      const { prefix, keys } = indexKeys(term);
      return keys.map((key) => ({ key, prefix }));
    });
    if (keys.length === 0) return { total: 0, hits: [] };
    this.flush();
    const count = this.docs.length;
    const hits = new Uint16Array(count);
    const inTitle = new Uint16Array(count);
    const seen = new Uint16Array(count);
    const seenInTitle = new Uint16Array(count);
    const candidates: number[] = [];
    keys.forEach(({ key, prefix }, k) => {
      const mark = k + 1;
      const visit = (doc: number): void => {
        if (seen[doc] === mark) return;
        seen[doc] = mark;
        if (k === 0) candidates.push(doc);
        hits[doc] = (hits[doc] as number) + 1;
      };
      for (const segment of this.segments) segment.forEachDoc(key, prefix, visit);
      const visitTitle = (doc: number): void => {
        if (seenInTitle[doc] === mark) return;
        seenInTitle[doc] = mark;
        inTitle[doc] = (inTitle[doc] as number) + 1;
      };
      for (const segment of this.segments) segment.forEachDoc(TITLE + key, prefix, visitTitle);
    });
    const all = keys.length;
    const found = candidates.filter((doc) => hits[doc] === all && this.docs[doc] !== undefined);
    const titled = (doc: number): number => Number(inTitle[doc] === all);
    const time = (doc: number): number => this.docs[doc]?.updatedAt ?? 0;
    found.sort((a, b) => titled(b) - titled(a) || time(b) - time(a));
    const page = found.slice(0, limit).flatMap((doc) => {
      const held = this.docs[doc];
      return held === undefined ? [] : [{ id: held.id, title: held.title, updatedAt: held.updatedAt, turnCount: held.turnCount, inTitle: titled(doc) === 1 }];
    });
    return { total: found.length, hits: page };
  }

  /** Turns the batch of new documents into a segment (merging is `tidy`'s). */
  flush(): void {
    if (this.batch.empty) return;
    this.segments.push(this.batch.segment());
    this.batch = new SearchBatch();
  }

  /**
   * Merges segments as the policy above says (`whole`: all of them into one), awaiting `pause` between slices of the
   * work (the extension host stays responsive); queries meanwhile use the segments as they were. One call at a time.
   */
  async tidy(pause: () => Promise<void>, whole = false): Promise<void> {
    if (whole) this.flush();
    const first = whole && this.segments.length > 1 ? [...this.segments] : this.nextMerge();
    for (let group = first; group !== undefined; group = this.nextMerge()) {
      const merge = new SegmentMerge(group, (doc) => this.docs[doc] !== undefined);
      let merged: SearchSegment | undefined;
      while ((merged = merge.step(MERGE_SLICE)) === undefined) await pause();
      // Only this removes segments, so the group is still where it was: new ones are only ever appended.
      this.segments.splice(this.segments.indexOf(group[0] as SearchSegment), group.length, merged);
    }
  }

  /** The segments to merge next: every one when the dead postings pass half the live ones, else a tier's run. */
  private nextMerge(): SearchSegment[] | undefined {
    const held = this.segments.reduce((sum, segment) => sum + segment.postingCount, 0);
    if (this.segments.length > 0 && held - this.livePostings > Math.max(BATCH_POSTINGS, this.livePostings / 2)) return [...this.segments];
    for (let end = this.segments.length; end >= MERGE_WIDTH; end--) {
      const run = this.segments.slice(end - MERGE_WIDTH, end);
      if (run.every((segment) => tierOf(segment) === tierOf(run[0]))) return run;
    }
    return undefined;
  }
}
