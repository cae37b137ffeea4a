// What VS Code's chat receives from the provider for each event of a question (ask()): answer text as text parts, the
// model's reasoning as thinking parts, function calls as tool-call parts, and the usage as a data part of mime type
// `usage` holding OpenAI's usage JSON (VS Code's chat fills its context meter from it; the last one wins). A question
// routed to the vision model gets a line above the answer saying so; a description the vision model made for a
// language model is shown as thinking, before the model's own reasoning.
// VS Code 1.139 has `LanguageModelThinkingPart` and `LanguageModelDataPart`; the manifest's 1.104 does not: both are
// looked up at run time, and where a class is missing its parts are left out (reasoning never goes into the answer).
// Answer and reasoning text pass through the chat's link rule (core/markdown/chatMarkdownLinks.ts), as VS Code's chat
// renders them as Markdown whatever its version: a piece of a link still arriving waits for the next delta. Then each
// piece passes the image guard (core/markdown/markdownGuard.ts) with the pieces before it in the same block.
import type { Usage } from '../../core/chat/chatEvents';
import type { AskEvent } from '../../core/requests/ask';
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

/** The extension's own words about images asked about with a language model (Markdown for `routed`, text for `described`). */
export interface ImageNotes {
  routed(model: string, visionModel: string): string;
  described(visionModel: string, model: string): string;
}

export interface ResponseParts {
  /** The parts of one event, in order (none for events VS Code's chat has no part for). */
  of(event: AskEvent, toolInput: (name: string, text: string) => object): unknown[];
  /** The answer ended (or failed): the text still held back, as parts. */
  end(): unknown[];
  /** Whether reasoning can be shown (the host has thinking parts). */
  readonly showsThinking: boolean;
}

export function responseParts(classes: PartClasses, guard: MarkdownGuard, notes: ImageNotes): ResponseParts {
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
    end: () => [...thinkingPart(reasoning.end()), ...endAnswer()],
    of: (event, toolInput) => {
      switch (event.type) {
        case 'text':
          return textPart(answer.push(event.text));
        case 'thinking':
          return thinkingPart(reasoning.push(event.text));
        case 'routed':
          return textPart(notes.routed(event.from, event.to));
        case 'described':
          // The thinking that follows (the model's reasoning) is shown in the same section: a blank line sets it apart.
          return thinkingPart(chatMarkdown(`${notes.described(event.visionModel, event.model)}\n\n${event.text}\n\n`));
        case 'toolCall':
          return [...endAnswer(), new LanguageModelToolCallPart(event.call.id, event.call.name, toolInput(event.call.name, event.call.arguments))];
        case 'usage':
          return LanguageModelDataPart === undefined ? [] : [new LanguageModelDataPart(new TextEncoder().encode(usageJson(event.usage)), USAGE_MIME)];
        case 'describing':
        case 'citations':
        case 'finish':
        case 'retry':
        case 'failover':
        case 'connected':
        case 'refusal':
        case 'error':
        case 'stopped':
        case 'done':
          return [];
        default:
          return assertNever(event, 'question event');
      }
    },
  };
}
