// The sentence being spoken, marked in the answer it comes from: a CSS custom highlight over the answer's text, so
// the rendered Markdown is not touched (the incremental renderer may replace a block at any frame; the mark is put
// back after each render). The spoken text is the answer's words without Markdown syntax, code or citation marks, so
// it is looked for without its blanks, after the sentence marked before it; when the whole of it is not found (a
// citation chip inside it), its first and last words bound the mark. A sentence whose synthesis failed is marked so.

const NAME = 'maas-spoken';
const FAILED = 'maas-spoken-failed';

interface Target {
  readonly turnId: string;
  readonly text: string;
  readonly failed: boolean;
}

/** The CSS Custom Highlight API (Chromium 105+), looked up so a browser without it marks nothing. */
interface Highlights {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
function highlights(): { registry: Highlights; Highlight: new (...ranges: Range[]) => unknown } | undefined {
  const css = (globalThis as { CSS?: { highlights?: Highlights } }).CSS;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights === undefined || Highlight === undefined ? undefined : { registry: css.highlights, Highlight };
}

/** The answer's text without blanks, each character's node and offset beside it. */
function textIndex(root: Element): { text: string; at: { node: Text; offset: number }[] } {
  const at: { node: Text; offset: number }[] = [];
  let text = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
    const data = node.data;
    for (let i = 0; i < data.length; i++) {
      if (/\s/.test(data[i] ?? '')) continue;
      text += data[i];
      at.push({ node, offset: i });
    }
  }
  return { text, at };
}

export class SpokenSentence {
  private target: Target | undefined;
  /** Sentences of the same answer whose synthesis failed: marked as skipped until the playback ends. */
  private failed: string[] = [];
  /** Where the last mark began in the answer (blanks left out): the next sentence is looked for from there. */
  private cursor = 0;
  private turnId: string | undefined;
  /** The ranges marked last, and whether the marks changed since: while both hold, a render leaves the marks be. */
  private marked: Range[] = [];
  private changed = false;

  /** Marks `text` in the answer of `turnId` as the sentence spoken now; `failed`: skipped, its synthesis failed. */
  mark(turnId: string, text: string, failed = false): void {
    if (turnId !== this.turnId) {
      this.cursor = 0;
      this.failed = [];
    }
    this.turnId = turnId;
    if (failed) this.failed.push(text);
    else this.target = { turnId, text, failed };
    this.changed = true;
    this.apply();
  }

  clear(): void {
    this.target = undefined;
    this.turnId = undefined;
    this.failed = [];
    this.cursor = 0;
    this.marked = [];
    const api = highlights();
    api?.registry.delete(NAME);
    api?.registry.delete(FAILED);
  }

  /**
   * Puts the marks back after a render. A render of a streaming answer replaces only its open block: while the marked
   * text is still in the page (its ranges' nodes connected) and no mark changed, nothing is looked for again.
   */
  apply(): void {
    const api = highlights();
    const turnId = this.turnId;
    if (api === undefined || turnId === undefined) return;
    const intact = this.marked.every((range) => !range.collapsed && range.startContainer.isConnected && range.endContainer.isConnected);
    if (!this.changed && intact && this.marked.length > 0) return;
    this.changed = false;
    this.marked = [];
    api.registry.delete(NAME);
    api.registry.delete(FAILED);
    const answer = document.querySelector(`[data-turn-id="${CSS.escape(turnId)}"] [data-testid="answer"]`);
    if (answer === null) return;
    const index = textIndex(answer);
    if (this.target !== undefined) {
      const found = find(index, this.target.text, this.cursor);
      if (found !== undefined) {
        this.cursor = Math.max(this.cursor, found.start);
        this.marked.push(found.range);
        api.registry.set(NAME, new api.Highlight(found.range));
      }
    }
    const skipped = this.failed.flatMap((text) => find(index, text, 0)?.range ?? []);
    this.marked.push(...skipped);
    if (skipped.length > 0) api.registry.set(FAILED, new api.Highlight(...skipped));
  }
}

/** The range of `text` in the answer (blanks left out on both sides), looked for from `from`. */
function find(index: ReturnType<typeof textIndex>, text: string, from: number): { start: number; range: Range } | undefined {
  const { text: answer, at } = index;
  const wanted = text.replace(/\s+/g, '');
  if (wanted === '') return undefined;
  let start = answer.indexOf(wanted, from);
  if (start === -1) start = answer.indexOf(wanted);
  let end = start + wanted.length;
  if (start === -1) {
    // Bounded by its first and last words: something inside it differs (a citation chip, a table's cells).
    const head = wanted.slice(0, Math.min(12, Math.ceil(wanted.length / 2)));
    const tail = wanted.slice(-Math.min(8, Math.floor(wanted.length / 2)));
    start = answer.indexOf(head, from);
    const tailAt = start === -1 || tail === '' ? -1 : answer.indexOf(tail, start + head.length);
    if (start === -1 || tailAt === -1 || tailAt - start > wanted.length * 2) return undefined;
    end = tailAt + tail.length;
  }
  const first = at[start];
  const last = at[end - 1];
  if (first === undefined || last === undefined) return undefined;
  const range = document.createRange();
  range.setStart(first.node, first.offset);
  range.setEnd(last.node, last.offset + 1);
  return { start, range };
}
