// Chunk payloads -> ChatEvents, with the state of one answer: text so far, reasoning, the last non-zero usage
// (never a sum: usage is on every chunk), the finish reason (the empty string means "not yet"), [DONE].
import type { AnswerEnding, ChatEvent, ChatResult, FinishReason, Reference, ToolCallEvent, Usage } from './chatEvents';
import { toFinishReason } from './chatEvents';
import { parseChunk, referencesOf, usageOf, type ToolCallFragment } from './chatChunk';
import { errorFromMessage, errorMessageOf, isErrorPayload } from '../http/classifyError';
import { DONE } from '../http/sseJsonDecoder';
import { ServiceError } from '../http/serviceError';
import { ThinkSplitter } from './thinkSplitter';

export class ChatStreamAssembler {
  text = '';
  reasoning = '';
  usage: Usage | undefined;
  finishReason: FinishReason | undefined;
  references: readonly Reference[] = [];
  done = false;
  /** Whether any visible text (answer or reasoning) has been produced: from then on nothing is retried. */
  visible = false;
  /** Payloads that were neither a chunk the client can read nor an error object (skipped, counted). */
  unreadable = 0;
  /** Told of each unreadable payload (the decoder reports a few of them). */
  onUnreadable: (value: unknown) => void = () => undefined;
  /**
   * When set, consecutive text (or reasoning) deltas become one event per batch (see flushRun): a UI gets one
   * update per network read instead of one per token, and the hot path allocates no event per token.
   */
  coalesce = false;
  /** Function calls being assembled, by their index in the stream. */
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();
  private readonly splitter = new ThinkSplitter();
  private readonly scratch: ChatEvent[] = [];
  private runType: 'text' | 'reasoning' | undefined;
  // Deltas of the current run, joined once per batch: `text` then grows by one flat piece per network read
  // rather than by one rope node per token, all kept alive for as long as the answer.
  private readonly runParts: string[] = [];

  /** Handles one payload; pushes its events onto `out`. Throws the ServiceError of an in-stream error object. */
  accept(value: unknown, out: ChatEvent[]): void {
    if (value === DONE) {
      this.done = true;
      return;
    }
    const chunk = parseChunk(value);
    // An error object parses as a chunk without choices.
    if (!chunk?.choices && isErrorPayload(value)) throw this.streamError(value);
    if (!chunk) {
      this.unreadable += 1;
      this.onUnreadable(value);
      return;
    }
    const choice = chunk.choices?.[0];
    const delta = choice?.delta ?? choice?.message;
    if (delta?.reasoning_content) this.emitText('reasoning', delta.reasoning_content, out);
    const content = delta?.content;
    if (content) {
      if (this.splitter.plain) this.emitText('text', content, out);
      else {
        const scratch = this.scratch;
        scratch.length = 0;
        this.splitter.push(content, scratch);
        for (const event of scratch) if (event.type === 'text' || event.type === 'reasoning') this.emitText(event.type, event.text, out);
      }
    }
    if (delta?.tool_calls) this.addToolCalls(delta.tool_calls);
    if (choice?.finish_reason) this.finishReason = toFinishReason(choice.finish_reason);
    const usage = usageOf(chunk);
    if (usage) this.usage = usage;
    const references = referencesOf(value);
    if (references) {
      this.flushRun(out);
      this.references = references;
      out.push({ type: 'references', references });
    }
  }

  /** Whether the answer reached its end ([DONE] or a finish reason). */
  get complete(): boolean {
    return this.done || this.finishReason !== undefined;
  }

  /** Ends a batch: the pending run of text becomes one event. */
  flushRun(out: ChatEvent[]): void {
    const type = this.runType;
    if (type === undefined) return;
    const text = this.runParts.length === 1 ? (this.runParts[0] ?? '') : this.runParts.join('');
    this.runParts.length = 0;
    this.runType = undefined;
    if (type === 'text') this.text += text;
    else this.reasoning += text;
    out.push({ type, text });
  }

  /** The closing events: held-back text, usage, finish. Call once the answer is complete. */
  finish(out: ChatEvent[]): void {
    // Chunks that could not be read, and no text at all: an error that says so, never an empty answer.
    if (this.unreadable > 0 && !this.visible) {
      throw new ServiceError('protocol', `${this.unreadable} parts of the answer could not be read, and no text arrived; see the log for what was received.`);
    }
    this.flushPartial(out);
    for (const call of this.toolCalls()) out.push({ type: 'toolCall', call });
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    // [DONE] without any finish reason: the answer ended, for a reason the service did not say.
    out.push({ type: 'finish', reason: this.finishReason ?? 'unknown' });
  }

  /** Flushes held-back text into the partial answer of an interrupted stream. */
  flushPartial(out: ChatEvent[]): void {
    const scratch: ChatEvent[] = [];
    this.splitter.flush(scratch);
    for (const event of scratch) if (event.type === 'text' || event.type === 'reasoning') this.emitText(event.type, event.text, out);
    this.flushRun(out);
  }

  result(ended: AnswerEnding = this.done ? 'done' : 'finishReason'): ChatResult {
    return {
      text: this.text,
      reasoning: this.reasoning,
      finishReason: this.finishReason ?? 'unknown',
      usage: this.usage,
      references: this.references,
      toolCalls: this.toolCalls(),
      ended,
    };
  }

  /**
   * Joins function-call fragments: a fragment with an index (or, without one, the call it continues) adds its
   * id and name when given and appends its piece of the arguments. A call counts as visible output (no retry).
   */
  private addToolCalls(fragments: readonly ToolCallFragment[]): void {
    for (const fragment of fragments) {
      const index = fragment.index ?? (fragment.id ? this.calls.size : Math.max(0, this.calls.size - 1));
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name && call.name === '') call.name = fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      this.calls.set(index, call);
      this.visible = true;
    }
  }

  /** The assembled calls in index order; a call without an id gets one, so results can name it. */
  private toolCalls(): ToolCallEvent[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== '')
      .map(([index, call]) => ({ id: call.id === '' ? `call_${index}` : call.id, name: call.name, arguments: call.arguments === '' ? '{}' : call.arguments }));
  }

  private emitText(type: 'text' | 'reasoning', text: string, out: ChatEvent[]): void {
    this.visible = true;
    if (this.runType !== type) {
      this.flushRun(out);
      this.runType = type;
    }
    this.runParts.push(text);
    if (!this.coalesce) this.flushRun(out);
  }

  private streamError(value: unknown): ServiceError {
    const error = (value as { error?: unknown }).error;
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : (value as { code?: unknown }).code;
    const status = typeof code === 'number' ? code : typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : undefined;
    const base = errorFromMessage(status, errorMessageOf(value) ?? 'error inside the stream');
    const pending = this.runType === 'text' ? this.runParts.join('') : '';
    return new ServiceError(base.kind, base.message, { status, serverMessage: base.serverMessage, partialText: this.text + pending });
  }
}
