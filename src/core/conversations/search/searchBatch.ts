// The documents added to the search index since its last segment: each distinct term has a slot (words by their
// string in a map, Chinese and Japanese characters and pairs by their number in a hash table of typed arrays:
// searchText.ts), and each slot's documents are a list threaded through two typed arrays, so that indexing a
// conversation allocates nothing per occurrence of a term but the words' strings. It becomes a segment
// (searchSegment.ts) when it is full or a query comes.
import { SearchSegment } from './searchSegment';
import { unspacedTerm } from './searchText';

/** A typed array twice as long, holding what the old one held. */
function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Slots by number (every number is at least 0): open addressing, linear probing, at most half full. */
class CodeTable {
  private keys: Int32Array<ArrayBuffer> = new Int32Array(4096).fill(-1);
  private values: Int32Array<ArrayBuffer> = new Int32Array(4096);
  size = 0;

  /** The slot of `code`, made by `make` when it has none. */
  slot(code: number, make: () => number): number {
    const mask = this.keys.length - 1;
    let at = Math.imul(code, 0x9e3779b1) & mask;
    for (let key = this.keys[at] as number; key !== -1; key = this.keys[at] as number) {
      if (key === code) return this.values[at] as number;
      at = (at + 1) & mask;
    }
    const slot = make();
    this.keys[at] = code;
    this.values[at] = slot;
    this.size += 1;
    if (this.size * 2 > this.keys.length) this.grow();
    return slot;
  }

  /** Every code with its slot, in ascending order of code: `code * 2^21 + slot`, exact in a double. */
  sorted(): Float64Array {
    const pairs = new Float64Array(this.size);
    let n = 0;
    this.keys.forEach((key, at) => {
      if (key !== -1) pairs[n++] = key * SLOT_SPAN + (this.values[at] as number);
    });
    return pairs.sort();
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    keys.forEach((key, at) => {
      if (key !== -1) this.slot(key, () => values[at] as number);
    });
  }
}

/** Slots fit below this (a batch is a few hundred thousand postings). */
const SLOT_SPAN = 2 ** 21;

export class SearchBatch {
  private readonly words = new Map<string, number>();
  private readonly codes = new CodeTable();
  /** Per slot: the last document added (a document is listed once per term), the first and last entries of its list. */
  private lastDoc: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private first: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private last: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private slots = 0;
  /** Per entry: its document and the next entry of its slot's list (-1 at the end). */
  private doc: Int32Array<ArrayBuffer> = new Int32Array(8192);
  private next: Int32Array<ArrayBuffer> = new Int32Array(8192);
  private readonly makeSlot = (): number => this.newSlot();
  /** How many (term, document) pairs it holds. */
  postings = 0;

  get empty(): boolean {
    return this.slots === 0;
  }

  /** Adds `doc` to a word's documents; true when it was not there yet. */
  addWord(term: string, doc: number): boolean {
    let slot = this.words.get(term);
    if (slot === undefined) {
      slot = this.newSlot();
      this.words.set(term, slot);
    }
    return this.post(slot, doc);
  }

  /** Adds `doc` to the documents of a Chinese or Japanese term given by its number; true when it was not there yet. */
  addCode(code: number, doc: number): boolean {
    return this.post(this.codes.slot(code, this.makeSlot), doc);
  }

  /** The segment of what it holds: the words and the numbered terms, each sorted, merged in the order of strings. */
  segment(): SearchSegment {
    if (this.slots >= SLOT_SPAN) throw new Error('A search batch holds too many terms.');
    const words = [...this.words.keys()].sort();
    const codes = this.codes.sorted();
    const docs: number[] = [];
    return SearchSegment.build(this.slots, this.postings, (add) => {
      const emit = (term: string, slot: number): void => {
        docs.length = 0;
        for (let entry = this.first[slot] as number; entry >= 0; entry = this.next[entry] as number) docs.push(this.doc[entry] as number);
        add(term, docs);
      };
      let w = 0;
      let c = 0;
      let coded = c < codes.length ? unspacedTerm(Math.floor((codes[c] as number) / SLOT_SPAN)) : undefined;
      while (w < words.length || coded !== undefined) {
        const word = words[w];
        if (coded === undefined || (word !== undefined && word < coded)) {
          emit(word as string, this.words.get(word as string) as number);
          w += 1;
        } else {
          emit(coded, (codes[c] as number) % SLOT_SPAN);
          c += 1;
          coded = c < codes.length ? unspacedTerm(Math.floor((codes[c] as number) / SLOT_SPAN)) : undefined;
        }
      }
    });
  }

  private newSlot(): number {
    if (this.slots === this.lastDoc.length) {
      this.lastDoc = grown(this.lastDoc);
      this.first = grown(this.first);
      this.last = grown(this.last);
    }
    const slot = this.slots++;
    this.lastDoc[slot] = -1;
    this.first[slot] = -1;
    return slot;
  }

  private post(slot: number, doc: number): boolean {
    if (this.lastDoc[slot] === doc) return false;
    this.lastDoc[slot] = doc;
    if (this.postings === this.doc.length) {
      this.doc = grown(this.doc);
      this.next = grown(this.next);
    }
    const entry = this.postings++;
    this.doc[entry] = doc;
    this.next[entry] = -1;
    if (this.first[slot] === -1) this.first[slot] = entry;
    else this.next[this.last[slot] as number] = entry;
    this.last[slot] = entry;
    return true;
  }
}
