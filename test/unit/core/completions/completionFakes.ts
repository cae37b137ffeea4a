// Test doubles for the completion engine: a clock moved by hand (every wait is registered, so a test can wait for the
// engine to start waiting, then move time), and a chat backend whose streams the test feeds event by event.
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import { cancelledError, type ServiceError } from '../../../../src/core/http/serviceError';
import type { CompletionClock } from '../../../../src/core/completions/completionClock';

interface Timer {
  readonly at: number;
  readonly resolve: (elapsed: boolean) => void;
}

export class ManualClock implements CompletionClock {
  private time = 1_000_000;
  private readonly timers = new Set<Timer>();
  private readonly watchers: (() => void)[] = [];

  now(): number {
    return this.time;
  }

  wait(ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const timer: Timer = { at: this.time + ms, resolve };
      this.timers.add(timer);
      signal.addEventListener(
        'abort',
        () => {
          if (this.timers.delete(timer)) resolve(false);
        },
        { once: true },
      );
      for (const watcher of this.watchers.splice(0)) watcher();
    });
  }

  /** Resolves once `count` waits are pending. */
  async untilWaiting(count: number): Promise<void> {
    while (this.timers.size < count) await new Promise<void>((resolve) => this.watchers.push(resolve));
  }

  get waiting(): number {
    return this.timers.size;
  }

  /** Moves time on, ending the waits that are due. */
  advance(ms: number): void {
    this.time += ms;
    for (const timer of [...this.timers]) {
      if (timer.at > this.time) continue;
      this.timers.delete(timer);
      timer.resolve(true);
    }
  }
}

type Step = { readonly kind: 'event'; readonly event: ChatEvent } | { readonly kind: 'end' } | { readonly kind: 'fail'; readonly error: ServiceError };

/** One streamChat call: the request, its signal, and the events the test sends down it. */
export class StreamCall {
  private readonly steps: Step[] = [];
  private wake: (() => void) | undefined;
  /** Whether the engine stopped reading (aborted or returned) before the stream ended. */
  closedEarly = false;
  ended = false;
  /** Requests neither ended nor aborted when this one was made (an abort closes the connection at once). */
  readonly othersOpen: number;

  constructor(
    readonly request: ChatRequest,
    readonly signal: AbortSignal,
    others: readonly StreamCall[],
  ) {
    this.othersOpen = others.filter((call) => !call.finished && !call.signal.aborted).length;
    signal.addEventListener('abort', () => this.wake?.(), { once: true });
  }

  get finished(): boolean {
    return this.ended || this.closedEarly;
  }

  /** The user message: the prompt with the code. */
  get prompt(): string {
    const last = this.request.messages[this.request.messages.length - 1];
    return typeof last?.content === 'string' ? last.content : '';
  }

  text(...pieces: string[]): void {
    for (const text of pieces) this.push({ kind: 'event', event: { type: 'text', text } });
  }

  send(event: ChatEvent): void {
    this.push({ kind: 'event', event });
  }

  end(): void {
    this.push({ kind: 'event', event: { type: 'finish', reason: 'stop' } });
    this.push({ kind: 'end' });
  }

  fail(error: ServiceError): void {
    this.push({ kind: 'fail', error });
  }

  private push(step: Step): void {
    this.steps.push(step);
    this.wake?.();
  }

  async *events(): AsyncGenerator<ChatEvent> {
    try {
      for (;;) {
        if (this.signal.aborted) throw cancelledError(this.signal.reason);
        const step = this.steps.shift();
        if (step === undefined) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        if (step.kind === 'end') {
          this.ended = true;
          return;
        }
        if (step.kind === 'fail') throw step.error;
        yield step.event;
      }
    } finally {
      if (!this.ended) this.closedEarly = true;
    }
  }
}

export class FakeBackend {
  readonly calls: StreamCall[] = [];
  private readonly watchers: (() => void)[] = [];

  readonly streamChat = (request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent> => {
    const call = new StreamCall(request, options.signal ?? new AbortController().signal, this.calls);
    this.calls.push(call);
    for (const watcher of this.watchers.splice(0)) watcher();
    return call.events();
  };

  /** Resolves with the `n`-th call (from 1) once it has been made. */
  async call(n: number): Promise<StreamCall> {
    while (this.calls.length < n) await new Promise<void>((resolve) => this.watchers.push(resolve));
    const call = this.calls[n - 1];
    if (call === undefined) throw new Error(`no call ${n}`);
    return call;
  }
}
