// Fenced code blocks, line by line, by CommonMark's rule: a fence opens with three or more backticks or tildes
// indented at most three spaces, and closes with the same character, at least as many, and nothing else on the line;
// an unclosed fence runs to the end. Citation marks and spoken sentences both skip what is inside.

/** What a line is, given the lines before it. */
export type FenceLine = 'opens' | 'closes' | 'code' | 'text';

export class FenceTracker {
  private fence: { readonly char: string; readonly length: number } | undefined;

  /** Whether a fence is open after the lines fed so far. */
  get open(): boolean {
    return this.fence !== undefined;
  }

  /** Takes the next line (without its line end) and says what it is. */
  line(line: string): FenceLine {
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    const run = marker?.[1];
    if (this.fence === undefined) {
      if (run === undefined) return 'text';
      this.fence = { char: run[0] ?? '`', length: run.length };
      return 'opens';
    }
    if (run !== undefined && run[0] === this.fence.char && run.length >= this.fence.length && (marker?.[2] ?? '').trim() === '') {
      this.fence = undefined;
      return 'closes';
    }
    return 'code';
  }
}
