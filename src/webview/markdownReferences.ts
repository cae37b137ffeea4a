// The reference definitions of a streaming answer, and which settled blocks each one can change. A definition often
// arrives after the text citing it (a model writes its sources last); the blocks that may cite a label defined or
// changed since the last render are rendered again, and only those.
import type MarkdownIt from 'markdown-it';

/**
 * Every label `source` may cite, normalised as markdown-it matches labels: the text of each innermost pair of
 * brackets. A label holds no unescaped bracket, so a reference link's label (`[text][label]`, `[label][]`,
 * `[label]`, and the same for images) is always one of these; extra candidates only cost an extra render.
 */
export function citedLabels(md: MarkdownIt, source: string): string[] {
  const labels = new Set<string>();
  for (const match of source.matchAll(/\[((?:[^[\]\\]|\\[\s\S])*)\]/g)) {
    const label = md.utils.normalizeReference(match[1] ?? '');
    if (label !== '') labels.add(label);
  }
  return [...labels];
}

export class ReferenceBook {
  /** Definitions of the settled text, first one of a label wins; inherited by every later parse. */
  readonly settled: Record<string, unknown> = {};
  /** What each label stood for in the last render (JSON; '' for undefined). */
  private readonly shown = new Map<string, string>();
  private openLabels: readonly string[] = [];
  /** Settled block indices citing each label. */
  private readonly citing = new Map<string, number[]>();

  constructor(private readonly md: MarkdownIt) {}

  /** Adds the definitions of text that just settled (earlier ones keep theirs); returns the labels it defined. */
  settle(references: Readonly<Record<string, unknown>>): string[] {
    const added: string[] = [];
    for (const [label, value] of Object.entries(references)) {
      if (label in this.settled) continue;
      this.settled[label] = value;
      added.push(label);
    }
    return added;
  }

  /** Records the labels settled block `index` may cite. */
  cite(index: number, source: string): void {
    for (const label of citedLabels(this.md, source)) {
      const blocks = this.citing.get(label);
      if (blocks === undefined) this.citing.set(label, [index]);
      else blocks.push(index);
    }
  }

  /**
   * The labels whose definition changed since the last call, given the open text's own definitions and the labels
   * settled since; only those can differ, as settled definitions never change.
   */
  changed(open: Readonly<Record<string, unknown>>, settledNow: readonly string[]): Set<string> {
    const changed = new Set<string>();
    const openLabels = Object.keys(open);
    for (const label of [...this.openLabels, ...openLabels, ...settledNow]) {
      const value = label in this.settled ? this.settled[label] : open[label];
      const shown = value === undefined ? '' : JSON.stringify(value);
      if ((this.shown.get(label) ?? '') === shown) continue;
      this.shown.set(label, shown);
      changed.add(label);
    }
    this.openLabels = openLabels;
    return changed;
  }

  /** Settled blocks that may cite one of `labels`, in order. */
  citingAny(labels: ReadonlySet<string>): number[] {
    const blocks = new Set<number>();
    for (const label of labels) for (const index of this.citing.get(label) ?? []) blocks.add(index);
    return [...blocks].sort((a, b) => a - b);
  }
}
