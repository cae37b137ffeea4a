// Bytes of a chat event stream -> ChatEvents. Synchronous and transport-free, so that the same code runs
// under the network client, the byte-split fixture tests and the benchmark.
import type { ChatEvent, ChatResult } from './chatEvents';
import { ChatStreamAssembler } from './chatStreamAssembler';
import { ServiceError } from '../http/serviceError';
import { SseJsonDecoder } from '../http/sseJsonDecoder';

export class ChatStreamDecoder {
  private readonly assembler = new ChatStreamAssembler();
  private readonly sse: SseJsonDecoder;
  private out: ChatEvent[] = [];
  private failure: ServiceError | undefined;
  private finished = false;
  /** Payloads decoded so far (any data, readable or not; comments are not payloads). */
  payloads = 0;

  /**
   * `coalesce`: merge the text deltas decoded from one push into one event (the network client does this, so that
   * a UI gets one update per network read instead of one per token; the text is the same).
   */
  constructor(onMalformed: (raw: string) => void = () => undefined, coalesce = false) {
    this.assembler.coalesce = coalesce;
    // Reported, up to a few per answer (the log must not fill with one line per chunk of a broken stream).
    this.assembler.onUnreadable = (value) => {
      if (this.assembler.unreadable <= MAX_REPORTED) onMalformed(describe(value));
      else if (this.assembler.unreadable === MAX_REPORTED + 1) onMalformed('(further unreadable parts of this answer are counted, not shown)');
    };
    this.sse = new SseJsonDecoder({
      onPayload: (value) => {
        this.payloads += 1;
        // After [DONE] or an error nothing counts.
        if (this.assembler.done || this.failure) return;
        try {
          this.assembler.accept(value, this.out);
        } catch (error) {
          this.failure = error instanceof ServiceError ? error : new ServiceError('protocol', String(error), { cause: error });
        }
      },
      onMalformed,
    });
  }

  /**
   * Events decoded from these bytes; the closing events (usage, finish) as soon as [DONE] arrives, without
   * waiting for the body to end. An error object in the stream is thrown by the next call (see throwIfFailed).
   */
  push(bytes: Uint8Array): ChatEvent[] {
    this.throwIfFailed();
    const out = (this.out = []);
    if (this.finished) return out;
    this.sse.push(bytes);
    this.assembler.flushRun(out);
    // The text decoded before an error object is delivered first; the error follows (throwIfFailed, next push, end).
    if (this.failure) return out;
    if (this.assembler.done) {
      this.finished = true;
      this.assembler.finish(out);
    }
    return out;
  }

  /** Throws the error object the stream carried, once the events decoded before it have been returned. */
  throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  /** Whether the answer reached its end: [DONE] or a finish reason (only [DONE] and usage may still follow). */
  get complete(): boolean {
    return this.assembler.complete;
  }

  /** Whether the closing events have been produced. */
  get finishedAnswer(): boolean {
    return this.finished;
  }

  /** Whether any answer or reasoning text has been produced. */
  get visible(): boolean {
    return this.assembler.visible;
  }

  get partialText(): string {
    return this.assembler.text;
  }

  /**
   * End of body: the closing events (usage, finish). A stream that ended without [DONE] or a finish reason
   * throws an `interrupted` error carrying the partial text.
   */
  end(): ChatEvent[] {
    this.throwIfFailed();
    const out = (this.out = []);
    if (this.finished) return out;
    this.finished = true;
    this.sse.end();
    if (this.failure) throw this.failure;
    if (!this.assembler.complete) {
      this.assembler.flushPartial(out);
      throw this.interrupted();
    }
    this.assembler.finish(out);
    return out;
  }

  /** The error for a body that broke off (socket closed, idle timeout) with what was received so far. */
  interrupted(cause?: unknown): ServiceError {
    const text = this.assembler.text;
    const detail = text === '' ? 'before any text arrived' : `after ${text.length} characters`;
    return new ServiceError('interrupted', `The answer stopped ${detail} (no end-of-stream marker).`, { partialText: text, cause });
  }

  result(): ChatResult {
    return this.assembler.result();
  }
}

const MAX_REPORTED = 3;

function describe(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 500);
  } catch {
    return String(value).slice(0, 500);
  }
}
