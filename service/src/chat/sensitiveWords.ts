// The sensitive-word list: a request containing one is refused with the spec's 403; an answer that would contain
// one is cut before it and ends with finish_reason `content_filter`. Matching is case-insensitive on plain text.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_SENSITIVE_WORDS_FILE = path.join(__dirname, '..', '..', 'config', 'sensitive-words.txt');

export class SensitiveWords {
  private readonly words: readonly string[];

  constructor(words: readonly string[]) {
    this.words = words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0);
  }

  /** One word per line; blank lines and lines starting with # are ignored. */
  static fromFile(file: string = DEFAULT_SENSITIVE_WORDS_FILE): SensitiveWords {
    const lines = readFileSync(file, 'utf8').split(/\r?\n/);
    return new SensitiveWords(lines.filter((l) => !l.trim().startsWith('#')));
  }

  contains(text: string): boolean {
    return this.firstIndex(text) >= 0;
  }

  /** Index of the first character of the first sensitive word in text, or -1. */
  firstIndex(text: string): number {
    const lower = text.toLowerCase();
    let first = -1;
    for (const word of this.words) {
      const at = lower.indexOf(word);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    return first;
  }
}
