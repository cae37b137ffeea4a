// What VS Code's chat receives from the provider for each event of an answer: answer text as text parts, the
// model's reasoning as thinking parts, function calls as tool-call parts, and the usage as a data part of mime type
// `usage` holding OpenAI's usage JSON (VS Code's chat fills its context meter from it; the last one wins).
// VS Code 1.139 has `LanguageModelThinkingPart` and `LanguageModelDataPart`; the manifest's 1.104 does not: both are
// looked up at run time, and where a class is missing its parts are left out (reasoning never goes into the answer).
// Answer and reasoning text pass through the chat's link rule (core/markdown/chatMarkdownLinks.ts), as VS Code's chat
// renders them as Markdown whatever its version: a piece of a link still arriving waits for the next delta. Then each
// piece passes the image guard (core/markdown/markdownGuard.ts) with the pieces before it in the same block.
import type { Usage } from '../../core/chat/chatEvents';
import type { AnswerEvent } from '../../core/requests/answerRun';
import { ChatMarkdownLinks, chatMarkdown } from '../../core/markdown/chatMarkdownLinks';
import type { MarkdownGuard } from '../../core/markdown/markdownGuard';
import { assertNever } from '../../shared/protocol';

/** The part classes this needs, as the vscode module has them (tests pass fakes). */
export interface PartClasses {
  readonly LanguageModelTextPart: new (value: string) => unknown;
  readonly LanguageModelToolCallPart: new (callId: string, name: string, input: object) => unknown;
  readonly LanguageModelThinkingPart?: new (value: string | string[], id?: string, metadata?: Record<string, unknown>) => unknown;
  readonly LanguageModelDataPart?: new (data: Uint8Array, mimeType: string) => unknown;
}

export const USAGE_MIME = 'usage';

/** The usage JSON VS Code's chat reads (`prompt_tokens`, `completion_tokens`, `total_tokens`). */
function usageJson(usage: Usage): string {
  return JSON.stringify({ prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens });
}

export interface ResponseParts {
  /** The parts of one event, in order (none for events VS Code's chat has no part for). */
  of(event: AnswerEvent, toolInput: (name: string, text: string) => object): unknown[];
  /** A note or a description shown as the model's thinking, when the host can show thinking. */
  thinking(text: string): unknown[];
  /** Markdown of the extension's own shown in the answer's block, before the answer (a line saying which model answers). */
  note(markdown: string): unknown[];
  /** The answer ended (or failed): the text still held back, as parts. */
  end(): unknown[];
  /** Whether reasoning can be shown (the host has thinking parts). */
  readonly showsThinking: boolean;
}

export function responseParts(classes: PartClasses, guard: MarkdownGuard): ResponseParts {
  const { LanguageModelTextPart, LanguageModelToolCallPart, LanguageModelThinkingPart, LanguageModelDataPart } = classes;
  // The thinking section shows every thinking part joined, as the answer's block shows its text parts.
  const thinkingShown = guard.stream();
  let answerShown = guard.stream();
  const thinkingPart = (text: string): unknown[] => {
    if (LanguageModelThinkingPart === undefined || text === '') return [];
    return [new LanguageModelThinkingPart(thinkingShown.push(text))];
  };
  const textPart = (text: string): unknown[] => (text === '' ? [] : [new LanguageModelTextPart(answerShown.push(text))]);
  let answer = new ChatMarkdownLinks();
  const reasoning = new ChatMarkdownLinks();
  /** The answer text held back so far; the text after a tool call is a Markdown block of its own in VS Code's chat. */
  const endAnswer = (): unknown[] => {
    const rest = textPart(answer.end());
    answer = new ChatMarkdownLinks();
    answerShown = guard.stream();
    return rest;
  };
  return {
    showsThinking: LanguageModelThinkingPart !== undefined,
    thinking: (text) => thinkingPart(chatMarkdown(text)),
    note: (markdown) => textPart(markdown),
    end: () => [...thinkingPart(reasoning.end()), ...endAnswer()],
    of: (event, toolInput) => {
      switch (event.type) {
        case 'delta':
          return [...thinkingPart(reasoning.push(event.reasoning)), ...textPart(answer.push(event.answer))];
        case 'toolCall':
          return [...endAnswer(), new LanguageModelToolCallPart(event.call.id, event.call.name, toolInput(event.call.name, event.call.arguments))];
        case 'usage':
          return LanguageModelDataPart === undefined ? [] : [new LanguageModelDataPart(new TextEncoder().encode(usageJson(event.usage)), USAGE_MIME)];
        case 'references':
        case 'finish':
        case 'retry':
        case 'failover':
        case 'connected':
        case 'imageDescription':
        case 'end':
          return [];
        default:
          return assertNever(event, 'answer event');
      }
    },
  };
}
