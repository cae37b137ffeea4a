// Completions already made, so that typing through a suggestion, or deleting and typing again, sends nothing. An
// entry answers a position whose code before the cursor is the entry's followed by the start of its completion
// (what the user typed of it), with the same code after the cursor; the rest of the completion is the answer.

export interface CachedPosition {
  /** The document the completion was made in. */
  readonly path: string;
  readonly prefix: string;
  readonly suffix: string;
}

interface Entry extends CachedPosition {
  /** The completion; empty when the model had nothing to insert there. */
  readonly text: string;
}

/**
 * How much of an entry's code before the cursor a later position must end with (plus what was typed). The window
 * before the cursor drops whole lines from its start as the user types, so the comparison is of the ends.
 */
const COMPARED_PREFIX_CHARS = 1000;

export class CompletionCache {
  /** Oldest first; a hit moves its entry to the end. */
  private readonly entries: Entry[] = [];

  constructor(private readonly capacity = 50) {}

  /** The completion at this position, from an entry made here or earlier on the way typed; undefined when none. */
  get(position: CachedPosition): string | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i];
      if (entry === undefined) continue;
      const rest = remainder(entry, position);
      if (rest === undefined) continue;
      this.entries.splice(i, 1);
      this.entries.push(entry);
      return rest;
    }
    return undefined;
  }

  set(position: CachedPosition, text: string): void {
    const same = this.entries.findIndex((e) => e.path === position.path && e.prefix === position.prefix && e.suffix === position.suffix);
    if (same >= 0) this.entries.splice(same, 1);
    this.entries.push({ path: position.path, prefix: position.prefix, suffix: position.suffix, text });
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** What is left of the entry's completion at `position`, or undefined when the entry does not lead there. */
function remainder(entry: Entry, position: CachedPosition): string | undefined {
  if (entry.path !== position.path || entry.suffix !== position.suffix) return undefined;
  if (entry.prefix.length <= COMPARED_PREFIX_CHARS) {
    return position.prefix.startsWith(entry.prefix) ? restAfterTyped(entry.text, position.prefix.slice(entry.prefix.length)) : undefined;
  }
  const tail = entry.prefix.slice(-COMPARED_PREFIX_CHARS);
  // The last occurrence means the least typed; an earlier one may still be the right one when the code repeats.
  for (let at = position.prefix.lastIndexOf(tail); at >= 0; at = at === 0 ? -1 : position.prefix.lastIndexOf(tail, at - 1)) {
    const typed = position.prefix.slice(at + tail.length);
    if (typed.length > 0 && typed.length >= entry.text.length) return undefined;
    const rest = restAfterTyped(entry.text, typed);
    if (rest !== undefined) return rest;
  }
  return undefined;
}

/** The completion after what was typed of it; undefined when the typing left it or has typed all of it. */
function restAfterTyped(text: string, typed: string): string | undefined {
  if (typed === '') return text;
  return typed.length < text.length && text.startsWith(typed) ? text.slice(typed.length) : undefined;
}
