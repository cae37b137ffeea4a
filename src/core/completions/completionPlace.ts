// What the provider decides about the place of a completion before asking the engine, free of the VS Code API so the
// unit tests cover it: whether the document's language is on, whether the cursor asks for a line or a block, and the
// IntelliSense item selected in the suggest widget as the engine takes it.
import type { CompletionMode } from '../../../packages/completions/completionPrompt';
import type { SelectedItem } from './completionRequest';

/** maas.completions.languages: the language's own switch, else `"*"`'s, else on. */
export function languageEnabled(switches: Readonly<Record<string, boolean>>, languageId: string): boolean {
  return switches[languageId] ?? switches['*'] ?? true;
}

/** A line that opens a block: it ends with `{`, `(`, `[`, `:` (Python, YAML), `=>`, `->`, ` do`, ` then` or `begin`. */
const OPENER = /(?:[{([:]|=>|->|\bdo|\bthen|\bbegin)\s*(?:\/\/.*|#.*)?$/;

/**
 * `block` on a line that is blank up to the cursor and to its end, below a line that opens a block (the nearest
 * non-blank line above); `line` anywhere else, among them the middle of a line.
 */
export function completionMode(lineText: string, cursorCharacter: number, lineAbove: string | undefined): CompletionMode {
  if (lineText.trim() !== '' || cursorCharacter < lineText.length) return 'line';
  return lineAbove !== undefined && OPENER.test(lineAbove.trimEnd()) ? 'block' : 'line';
}

/**
 * The selected item (InlineCompletionContext.selectedCompletionInfo) as the engine takes it: its text and how far its
 * range reaches before and after the cursor. Undefined when its range is not on the cursor's line around the cursor
 * (then a suggestion could not start with it).
 */
export function selectedItem(
  info:
    { readonly text: string; readonly startLine: number; readonly startCharacter: number; readonly endLine: number; readonly endCharacter: number } | undefined,
  cursor: { readonly line: number; readonly character: number },
): SelectedItem | undefined {
  if (info === undefined || info.startLine !== cursor.line || info.endLine !== cursor.line) return undefined;
  if (info.startCharacter > cursor.character || info.endCharacter < cursor.character) return undefined;
  return { text: info.text, replaceBefore: cursor.character - info.startCharacter, replaceAfter: info.endCharacter - cursor.character };
}
