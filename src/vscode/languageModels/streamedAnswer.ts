// An answer shown in VS Code's chat by @maas as it streams: citation marks become plain `[n]` (a mark arriving in
// pieces, "^[1" then "]^", is held back until whole), links follow the chat's link rule (a link arriving in pieces is
// held back too), and the answer is spoken as it streams while maas.speech.readAnswers is on (the voice begins with
// the first piece).
import * as vscode from 'vscode';
import { PlainCitationStream } from '../../core/knowledge/citationMarks';
import { ChatMarkdownLinks } from '../../core/markdown/chatMarkdownLinks';
import type { AnswerVoice } from '../speech/answerVoice';
import type { GuardedChatStream } from './guardedChatStream';

export class StreamedAnswer {
  private readonly plain = new PlainCitationStream();
  private readonly links = new ChatMarkdownLinks();
  private spoken: ReturnType<AnswerVoice['begin']> | undefined;
  text = '';

  constructor(
    private readonly stream: GuardedChatStream,
    private readonly voice: Pick<AnswerVoice, 'begin'> | undefined,
  ) {}

  push(piece: string): void {
    if (piece === '') return;
    this.text += piece;
    this.show(this.plain.push(piece));
    this.spoken ??= this.voice?.begin(vscode.l10n.t('@maas answer'));
    this.spoken?.update(this.text);
  }

  /** The answer ended (whole, or broken off): what was held back is shown, and what arrived is spoken. */
  end(): void {
    this.spoken?.end(this.text);
    this.show(this.plain.end());
    const rest = this.links.end();
    if (rest !== '') this.stream.markdown(rest);
  }

  /** The user stopped it: the voice stops too. */
  stop(): void {
    this.spoken?.stop();
  }

  private show(piece: string): void {
    const markdown = this.links.push(piece);
    if (markdown !== '') this.stream.markdown(markdown);
  }
}
