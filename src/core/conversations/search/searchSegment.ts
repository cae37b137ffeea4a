// An immutable part of the history's search index: its terms in one string, sorted, and for each term the ascending
// numbers of the documents that hold it, as variable-length deltas in one byte array. A map of terms to arrays costs
// tens of bytes per term and per document number, which for a year of conversations (hundreds of thousands of terms,
// millions of postings, Chinese pairs of characters most of them) is over a hundred megabytes; this form costs a few
// bytes per term and about one per posting. Sorted terms also give a word's prefix as one range. Segments merge a
// slice of terms at a time (`SegmentMerge`), so a large merge never holds the extension host for long.

/** Builds a segment from terms given in ascending order, each with its ascending document numbers. */
class SegmentBuilder {
  private readonly terms: string[] = [];
  private termEnds: Uint32Array<ArrayBuffer>;
  private postingEnds: Uint32Array<ArrayBuffer>;
  private postings: Uint8Array<ArrayBuffer>;
  private size = 0;
  private bytes = 0;
  private characters = 0;
  private count = 0;
  /** The lowest document number held, and one past the highest. */
  private lo = Number.POSITIVE_INFINITY;
  private hi = 0;

  constructor(terms: number, postings: number) {
    this.termEnds = new Uint32Array(Math.max(16, terms));
    this.postingEnds = new Uint32Array(Math.max(16, terms));
    this.postings = new Uint8Array(Math.max(64, postings));
  }

  add(term: string, docs: readonly number[]): void {
    if (docs.length === 0) return;
    // At most five bytes a number.
    this.reserve(docs.length * 5);
    this.lo = Math.min(this.lo, docs[0] as number);
    this.hi = Math.max(this.hi, (docs[docs.length - 1] as number) + 1);
    const out = this.postings;
    let at = this.bytes;
    let previous = 0;
    for (const doc of docs) {
      // Each delta as 7-bit groups, low first, the high bit set on all but the last.
      let rest = doc - previous;
      while (rest >= 0x80) {
        out[at++] = (rest & 0x7f) | 0x80;
        rest = Math.floor(rest / 0x80);
      }
      out[at++] = rest;
      previous = doc;
    }
    this.bytes = at;
    this.count += docs.length;
    this.ended(term);
  }

  /** A term whose documents are `bytes` as another segment wrote them, documents from `lo` to before `hi`. */
  addBytes(term: string, bytes: Uint8Array, range: { readonly lo: number; readonly hi: number }): void {
    this.reserve(bytes.length);
    this.postings.set(bytes, this.bytes);
    this.bytes += bytes.length;
    for (const byte of bytes) if (byte < 0x80) this.count += 1;
    this.lo = Math.min(this.lo, range.lo);
    this.hi = Math.max(this.hi, range.hi);
    this.ended(term);
  }

  private reserve(bytes: number): void {
    if (this.size === this.termEnds.length) {
      this.termEnds = grownTo(this.termEnds, this.size * 2, (n) => new Uint32Array(n));
      this.postingEnds = grownTo(this.postingEnds, this.size * 2, (n) => new Uint32Array(n));
    }
    if (this.bytes + bytes > this.postings.length) {
      this.postings = grownTo(this.postings, Math.max(this.postings.length * 2, this.bytes + bytes), (n) => new Uint8Array(n));
    }
  }

  private ended(term: string): void {
    this.terms.push(term);
    this.characters += term.length;
    this.termEnds[this.size] = this.characters;
    this.postingEnds[this.size] = this.bytes;
    this.size += 1;
  }

  done(): SearchSegment {
    return new SearchSegment(
      this.terms.join(''),
      this.termEnds.slice(0, this.size),
      this.postingEnds.slice(0, this.size),
      this.postings.slice(0, this.bytes),
      this.count,
      { lo: this.count === 0 ? 0 : this.lo, hi: this.hi },
    );
  }
}

function grownTo<T extends Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(array: T, length: number, make: (n: number) => T): T {
  const bigger = make(length);
  bigger.set(array);
  return bigger;
}

export class SearchSegment {
  constructor(
    private readonly terms: string,
    private readonly termEnds: Uint32Array,
    private readonly postingEnds: Uint32Array,
    private readonly postings: Uint8Array,
    /** How many (term, document) pairs it holds. */
    readonly postingCount: number,
    /** Its documents are numbered from `lo` up to, not including, `hi`. */
    readonly range: { readonly lo: number; readonly hi: number },
  ) {}

  /** A segment of `terms` terms and `postings` postings, which `fill` adds in ascending order of term. */
  static build(terms: number, postings: number, fill: (add: (term: string, docs: readonly number[]) => void) => void): SearchSegment {
    const builder = new SegmentBuilder(terms, postings * 2);
    fill((term, docs) => builder.add(term, docs));
    return builder.done();
  }

  /** How many terms it holds. */
  get size(): number {
    return this.termEnds.length;
  }

  /** Bytes held by its arrays and its string (two per character, as the string may hold Chinese). */
  get bytes(): number {
    return this.terms.length * 2 + this.termEnds.byteLength + this.postingEnds.byteLength + this.postings.byteLength;
  }

  /** Calls `visit` with every document holding `key`, or with `prefix`, every term beginning with it (once per term). */
  forEachDoc(key: string, prefix: boolean, visit: (doc: number) => void): void {
    const from = this.lowerBound(key, key.length + 1);
    const to = prefix ? this.lowerBound(key, key.length, from, true) : from < this.size && this.compareAt(from, key, key.length + 1) === 0 ? from + 1 : from;
    for (let i = from; i < to; i++) this.decode(i, visit);
  }

  termAt(i: number): string {
    return this.terms.slice(i === 0 ? 0 : this.termEnds[i - 1], this.termEnds[i]);
  }

  decode(i: number, visit: (doc: number) => unknown): void {
    const end = this.postingEnds[i] as number;
    let at = i === 0 ? 0 : (this.postingEnds[i - 1] as number);
    let doc = 0;
    while (at < end) {
      let value = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = this.postings[at++] as number;
        value += (byte & 0x7f) * scale;
        scale *= 0x80;
      } while (byte >= 0x80);
      doc += value;
      visit(doc);
    }
  }

  /** The bytes its postings take (a merge's estimate of what it writes). */
  get postingBytes(): number {
    return this.postings.length;
  }

  /** Term `i`'s documents as written. */
  bytesOf(i: number): Uint8Array {
    return this.postings.subarray(i === 0 ? 0 : this.postingEnds[i - 1], this.postingEnds[i]);
  }

  /**
   * Term `i` against `key`, on at most `length` characters of both (the key's length: does the term begin with the
   * key; one more: is it the key).
   */
  private compareAt(i: number, key: string, length: number): number {
    const start = i === 0 ? 0 : (this.termEnds[i - 1] as number);
    const termLength = (this.termEnds[i] as number) - start;
    const n = Math.min(termLength, key.length, length);
    for (let k = 0; k < n; k++) {
      const d = this.terms.charCodeAt(start + k) - key.charCodeAt(k);
      if (d !== 0) return d;
    }
    return Math.min(termLength, length) - Math.min(key.length, length);
  }

  /** The first term from `from` not below `key` (`past`: not beginning with it either) on `length` characters. */
  private lowerBound(key: string, length: number, from = 0, past = false): number {
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compareAt(mid, key, length);
      if (order < 0 || (past && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * One segment made of several, a slice of terms at a time, without the documents no longer `alive`. The segments are
 * given oldest first, and every document number of a newer segment is above those of an older one (numbers only
 * grow), so a term's documents stay in order when the segments' lists are joined. A document that dies while the
 * merge goes on may stay in it: queries skip dead documents, and the next merge drops it.
 */
export class SegmentMerge {
  private readonly builder: SegmentBuilder;
  /** Per segment: none of its documents had died when the merge began (a term only it holds is copied as written). */
  private readonly clean: boolean[];
  private readonly at: number[];
  private readonly heads: (string | undefined)[];
  private readonly docs: number[] = [];
  private readonly keep = (doc: number): void => {
    if (this.alive(doc)) this.docs.push(doc);
  };

  constructor(
    readonly segments: readonly SearchSegment[],
    private readonly alive: (doc: number) => boolean,
  ) {
    this.builder = new SegmentBuilder(
      segments.reduce((sum, segment) => sum + segment.size, 0),
      segments.reduce((sum, segment) => sum + segment.postingBytes, 0),
    );
    this.clean = segments.map(({ range }) => {
      for (let doc = range.lo; doc < range.hi; doc++) if (!alive(doc)) return false;
      return true;
    });
    this.at = segments.map(() => 0);
    this.heads = segments.map((segment) => (segment.size > 0 ? segment.termAt(0) : undefined));
  }

  /** Merges up to `terms` more terms; the merged segment once every term is merged. */
  step(terms: number): SearchSegment | undefined {
    for (let n = 0; n < terms; n++) {
      let term: string | undefined;
      for (const head of this.heads) if (head !== undefined && (term === undefined || head < term)) term = head;
      if (term === undefined) return this.builder.done();
      const holders: number[] = [];
      this.heads.forEach((head, k) => head === term && holders.push(k));
      const only = holders.length === 1 ? (holders[0] as number) : -1;
      if (only >= 0 && this.clean[only] === true) {
        const segment = this.segments[only] as SearchSegment;
        this.builder.addBytes(term, segment.bytesOf(this.at[only] as number), segment.range);
      } else {
        this.docs.length = 0;
        for (const k of holders) (this.segments[k] as SearchSegment).decode(this.at[k] as number, this.keep);
        this.builder.add(term, this.docs);
      }
      for (const k of holders) {
        const segment = this.segments[k] as SearchSegment;
        const i = (this.at[k] as number) + 1;
        this.at[k] = i;
        this.heads[k] = i < segment.size ? segment.termAt(i) : undefined;
      }
    }
    return undefined;
  }
}
