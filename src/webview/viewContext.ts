// What every part of the view needs: the markdown engine and the way to post an intent.
import type MarkdownIt from 'markdown-it';
import type { WebviewToHost } from '../shared/protocol';

export interface ViewContext {
  readonly md: MarkdownIt;
  post(message: WebviewToHost): void;
  /** The UI language, for dates and numbers. */
  readonly lang: string;
}
