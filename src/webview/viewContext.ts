// What every part of the view needs: the current strings, the markdown engine and the way to post an intent.
import type MarkdownIt from 'markdown-it';
import type { WebviewStrings, WebviewToHost } from '../shared/protocol';

export interface ViewContext {
  readonly md: MarkdownIt;
  strings(): WebviewStrings;
  post(message: WebviewToHost): void;
  /** The UI language, for dates and numbers. */
  readonly lang: string;
}
