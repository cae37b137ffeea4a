// Builds answers generated in this process: the responder's text (or an override from /_local/next-answer) cut into
// one-token pieces, ended by max_tokens (`length`) or by a sensitive word (`content_filter`), whichever comes first.
import { randomBytes } from 'node:crypto';
import { countTokens, splitIntoTokenPieces } from './tokenCount';
import type { ChatAnswer, FinishReason } from './chatAnswer';
import type { ToolCall } from './toolResponder';
import type { SensitiveWords } from './sensitiveWords';
import type { OverrideAnswer } from '../testing/nextAnswers';
import type { Reference } from './retrieval/retrievalAnswer';

export interface AnswerFrame {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  readonly promptTokens: number;
}

export function newAnswerFrame(model: string, promptTokens: number): AnswerFrame {
  return { id: `cmpl-${randomBytes(16).toString('hex')}`, created: Math.floor(Date.now() / 1000), model, promptTokens };
}

export function textAnswer(frame: AnswerFrame, text: string, maxTokens: number, sensitive: SensitiveWords, references?: readonly Reference[]): ChatAnswer {
  const pieces = splitIntoTokenPieces(text);
  const cutAt = sensitive.firstIndex(text);
  let finish: FinishReason = 'stop';
  let offset = 0;
  let kept = 0;
  for (const piece of pieces) {
    if (cutAt >= 0 && offset + piece.length > cutAt) {
      finish = 'content_filter';
      break;
    }
    // `>=`: with --ranges accept a max_tokens of 0 or below arrives here as sent.
    if (kept >= maxTokens) {
      finish = 'length';
      break;
    }
    offset += piece.length;
    kept++;
  }
  const sent = pieces.slice(0, kept);
  return { ...frame, pieces: sent, finishReason: () => finish, completionTokens: () => kept, ...(references && references.length > 0 ? { references } : {}) };
}

/** An override is sent exactly as given: neither max_tokens nor the sensitive-word list cuts it. */
export function overrideAnswer(frame: AnswerFrame, override: OverrideAnswer): ChatAnswer {
  if (override.kind === 'text') {
    const pieces = splitIntoTokenPieces(override.text);
    return { ...frame, pieces, finishReason: () => 'stop', completionTokens: () => countTokens(override.text) };
  }
  const { piece, times } = override;
  function* repeat(): Generator<string> {
    for (let i = 0; i < times; i++) yield piece;
  }
  return { ...frame, pieces: repeat(), finishReason: () => 'stop', completionTokens: () => countTokens(piece) * times };
}

/** An answer that only calls tools: no content, finish reason tool_calls. */
export function toolCallAnswer(frame: AnswerFrame, calls: readonly ToolCall[]): ChatAnswer {
  const tokens = calls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0);
  return { ...frame, pieces: [], finishReason: () => 'tool_calls', completionTokens: () => tokens, toolCalls: calls };
}
