// What @maas writes into VS Code's chat, every word of it through the image guard (core/markdown/markdownGuard.ts).
// VS Code joins the Markdown parts of a response that follow one another into one block (a reference, listed apart,
// does not part them; a progress line or a button does), so each piece is checked with the pieces before it in its
// block. Plain text (our words, with names from settings, certificates or the service in them) is written so that it
// shows as it is: no link, image or emphasis can come of it.
import type * as vscode from 'vscode';
import { markdownText } from '../../core/markdown/markdownEscapes';
import type { MarkdownGuard } from '../../core/markdown/markdownGuard';
import type { GuardedMarkdownStream } from '../../core/markdown/markdownGuardStream';

export class GuardedChatStream {
  private block: GuardedMarkdownStream;

  constructor(
    private readonly stream: Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'button' | 'reference'>,
    private readonly guard: MarkdownGuard,
  ) {
    this.block = guard.stream();
  }

  /** Markdown (an answer's piece, a Sources list, a note), shown after the Markdown before it. */
  markdown(value: string): void {
    const shown = this.block.push(value);
    if (shown !== '') this.stream.markdown(shown);
  }

  /** A progress line (VS Code renders it as Markdown of its own): plain text, shown as it is written. */
  progress(value: string): void {
    this.stream.progress(this.guard.inert(markdownText(value)));
    this.block = this.guard.stream();
  }

  button(command: vscode.Command): void {
    this.stream.button(command);
    this.block = this.guard.stream();
  }

  reference(value: vscode.Uri): void {
    this.stream.reference(value);
  }
}
