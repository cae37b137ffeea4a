// What the completion engine is asked and answers (completionEngine.ts): the shapes an InlineCompletionItemProvider
// fills from VS Code's document, position, context and token, and turns back into an InlineCompletionItem.
import type { CompletionMode } from '../../../packages/completions/completionPrompt';
import type { ChatEvent } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';
import type { Indentation } from './indentation';

/** Shaped like ChatBackend.streamChat (src/core/requests/chatBackend.ts): the adapter passes the real one. */
export type StreamChat = (request: ChatRequest, options: { readonly signal?: AbortSignal }) => AsyncIterable<ChatEvent>;

/** The IntelliSense item selected in the suggest widget (InlineCompletionContext.selectedCompletionInfo). */
export interface SelectedItem {
  /** Its insert text, which the suggestion must start with. */
  readonly text: string;
  /** How many characters before the cursor its range covers (the part of the word already typed). */
  readonly replaceBefore: number;
  /** How many characters after the cursor its range covers. */
  readonly replaceAfter: number;
}

export interface CompletionRequest {
  /** The document's name in the prompt (CompletionPrivacy.decide's promptPath); also the cache's key. */
  readonly path: string;
  readonly language: string;
  /** The code around the cursor (readCompletionWindow). */
  readonly window: { readonly prefix: string; readonly suffix: string };
  /** `block` on an empty line after a line that opens a block; `line` elsewhere. */
  readonly mode: CompletionMode;
  /** `explicit` (the user asked) skips the debounce. */
  readonly trigger: 'automatic' | 'explicit';
  readonly selected?: SelectedItem;
  /** The editor's tabs or spaces; without it, what the code shows. */
  readonly indentation?: Indentation;
  /** Aborted when VS Code cancels the request (the text changed, the cursor moved). */
  readonly signal: AbortSignal;
}

/** The text to insert, and the range it replaces around the cursor (empty unless an IntelliSense item is selected). */
export interface CompletionSuggestion {
  readonly insertText: string;
  readonly replaceBefore: number;
  readonly replaceAfter: number;
}
