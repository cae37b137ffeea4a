// @maas's earlier turns as the request plan's messages, and the text of a turn: VS Code's chat hands a participant
// only its own turns (context.history), each answer as the Markdown parts it showed.
import * as vscode from 'vscode';
import type { PlanMessage } from '../../core/requests/requestPlan';
import { withoutPersonaNotice } from './workspacePersonaNotice';

/** The prompt without a `#` reference typed in it (its range counts the `#`). */
export function withoutReference(prompt: string, range: readonly [number, number] | undefined): string {
  return (range === undefined ? prompt : `${prompt.slice(0, range[0])} ${prompt.slice(range[1])}`).replace(/\s+/g, ' ').trim();
}

/** The text of a chat history turn, as the service takes it. */
export function turnText(turn: vscode.ChatRequestTurn | vscode.ChatResponseTurn): string {
  if (turn instanceof vscode.ChatRequestTurn) return turn.prompt;
  return turn.response
    .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
    .join('')
    .trim();
}

/**
 * This participant's earlier questions and answers, as alternating user and assistant messages: a question goes with
 * the answer that followed it. A question that got no answer (an error, a stop before any text) and /read, which reads
 * aloud rather than answers, are left out.
 */
export function historyMessages(context: vscode.ChatContext): PlanMessage[] {
  const messages: PlanMessage[] = [];
  let asked: string | undefined;
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      asked = turn.command === 'read' ? undefined : turnText(turn);
      continue;
    }
    const answer = withoutPersonaNotice(turnText(turn), turn.result?.metadata);
    const answered = (turn.result?.metadata as { answered?: unknown } | undefined)?.answered !== false;
    if (asked !== undefined && asked !== '' && answer !== '' && answered) messages.push({ role: 'user', text: asked }, { role: 'assistant', text: answer });
    asked = undefined;
  }
  return messages;
}
