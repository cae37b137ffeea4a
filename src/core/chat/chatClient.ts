// Chat completion (spec 4.1) with the client's resilience: validation before sending, retries with backoff
// only before the first visible token, Retry-After, failover to the alternative base URL, cancellation that
// closes the connection at once, and `interrupted` errors that keep the partial text.
import type { Dispatcher } from 'undici';
import { retryDelay, type RetryPolicy } from '../http/backoff';
import type { BaseUrlSelector } from '../http/baseUrlSelector';
import { buildChatBody, type ChatRequest } from './chatRequest';
import type { ChatEvent, ChatResult } from './chatEvents';
import { ChatStreamAssembler } from './chatStreamAssembler';
import { ChatStreamDecoder } from './chatStreamDecoder';
import { classifyHttpError } from '../http/classifyError';
import { header, readBody, type HttpTransport } from '../http/httpTransport';
import { isUnreachable, toServiceError } from '../http/transportError';
import { parseJsonBody } from '../http/parseOrThrow';
import { redactSecrets } from '../http/redact';
import { ServiceError } from '../http/serviceError';
import { sleep, type Sleeper } from '../http/sleep';

const CHAT_PATH = '/maas/v1/chat/completions';

export interface ChatCallOptions {
  readonly signal?: AbortSignal;
}

export interface ChatClientDeps {
  readonly transport: HttpTransport;
  readonly selector: BaseUrlSelector;
  readonly retry: RetryPolicy;
  /** Headers timeout of a non-stream chat, which waits for the whole answer. */
  readonly completionTimeoutMs: number;
  /** The key for a request about to go to this base URL; it may refuse the address (an 'addressRefused' error). */
  readonly getApiKey: (baseUrl: string, signal?: AbortSignal) => Promise<string | undefined>;
  readonly secrets: () => readonly string[];
  readonly rememberSecret: (value: string) => void;
  readonly onMalformed?: (raw: string) => void;
  /** Jitter of the retry delays (Math.random in production). */
  readonly random?: () => number;
  /** The waits between retries (sleep in production, a recording fake in tests). */
  readonly sleep?: Sleeper;
  /** The clock of the keep-alive limit. */
  readonly now?: () => number;
  /** Longest a stream may send only keep-alive comments, without data, before it ends as a timeout. */
  readonly keepAliveLimitMs?: number;
  /** How long a stream that sent a finish reason may stay silent (no usage, no [DONE]) before the answer ends there. */
  readonly finishGraceMs?: number;
  /** The most bytes read for one answer, streamed or not: past it the answer ends with a 'tooLarge' error. */
  readonly maxAnswerBytes?: number;
}

/** Default of keepAliveLimitMs: as long as the idle limit a silent body gets. */
const DEFAULT_KEEP_ALIVE_LIMIT_MS = 60_000;
/**
 * Default of finishGraceMs. The usage of an OpenAI-style stream (`stream_options.include_usage`) comes in a chunk of
 * its own, with empty choices, right after the finish reason, and [DONE] right after that: both are written at once,
 * so a grace far shorter than the idle limit loses neither, and a server that never sends [DONE] costs the user
 * this long instead of a minute.
 */
const DEFAULT_FINISH_GRACE_MS = 2_000;

/**
 * Default of maxAnswerBytes. A streamed answer's bytes are mostly the JSON around each token (a few hundred bytes a
 * chunk): this is room for well over a hundred thousand tokens, more than any model writes in one answer, and it
 * bounds what a service that never stops (or a body that is not an answer) can make the extension host hold.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Whether visible text reached the caller: from then on an error is never retried (no duplicated text). */
interface AttemptState {
  visible: boolean;
}

export class ChatClient {
  constructor(private readonly deps: ChatClientDeps) {}

  /** A streamed answer as typed events. Ends with `finish`; throws a ServiceError otherwise. */
  streamChat(request: ChatRequest, options: ChatCallOptions = {}): AsyncGenerator<ChatEvent, void, undefined> {
    // Validated here, synchronously, so that a bad request throws before anything is sent or iterated.
    return this.run(JSON.stringify(buildChatBody(request, true)), true, options.signal);
  }

  /** A non-stream answer (`stream: false`); `onEvent` sees the retry, failover and connected events. */
  async chat(request: ChatRequest, options: ChatCallOptions & { onEvent?: (event: ChatEvent) => void } = {}): Promise<ChatResult> {
    const body = JSON.stringify(buildChatBody(request, false));
    let result: ChatResult | undefined;
    for await (const event of this.run(body, false, options.signal, (r) => (result = r))) {
      if (event.type === 'retry' || event.type === 'failover' || event.type === 'connected') options.onEvent?.(event);
    }
    if (!result) throw new ServiceError('protocol', 'The answer ended without a result.');
    return result;
  }

  private async *run(
    body: string,
    stream: boolean,
    signal: AbortSignal | undefined,
    onResult?: (result: ChatResult) => void,
  ): AsyncGenerator<ChatEvent, void, undefined> {
    const { selector, retry } = this.deps;
    const tried = new Set<string>();
    const state: AttemptState = { visible: false };
    let waited = 0;
    let url = selector.current();
    for (let attempt = 1; ; attempt++) {
      if (selector.use(url)) yield { type: 'failover', baseUrl: url };
      tried.add(url);
      try {
        // The key is asked for each address tried: the alternative address may not be one the user chose.
        const key = await this.deps.getApiKey(url, signal);
        if (!key) throw new ServiceError('keyMissing', 'No API key is set for the service.', { retryable: false });
        this.deps.rememberSecret(key);
        // Batches (one per network read) keep the per-token cost off the async-iteration machinery.
        for await (const batch of this.attempt({ url, attempt, body, key, stream, signal, state, onResult })) {
          for (const event of batch) yield event;
        }
        return;
      } catch (caught) {
        const error = toServiceError(caught, signal, this.deps.secrets());
        if (error.kind === 'cancelled' || state.visible || !error.retryable || attempt >= retry.maxAttempts) throw error;
        if (isUnreachable(error) || error.kind === 'busy') selector.markFailed(url);
        const next = selector.current();
        // Failing over to a base URL not yet tried in this call needs no wait: it is another server.
        const delayMs = next !== url && !tried.has(next) ? 0 : retryDelay(attempt, retry, error.retryAfterMs, this.deps.random);
        if (waited + delayMs > retry.maxTotalDelayMs) throw error;
        waited += delayMs;
        yield { type: 'retry', attempt: attempt + 1, maxAttempts: retry.maxAttempts, delayMs, error };
        await (this.deps.sleep ?? sleep)(delayMs, signal);
        url = next;
      }
    }
  }

  private async *attempt(a: {
    url: string;
    attempt: number;
    body: string;
    key: string;
    stream: boolean;
    signal: AbortSignal | undefined;
    state: AttemptState;
    onResult: ((result: ChatResult) => void) | undefined;
  }): AsyncGenerator<readonly ChatEvent[], void, undefined> {
    const response = await this.deps.transport.send({
      method: 'POST',
      baseUrl: a.url,
      path: CHAT_PATH,
      headers: { 'content-type': 'application/json', accept: a.stream ? 'text/event-stream' : 'application/json', authorization: `Bearer ${a.key}` },
      body: a.body,
      signal: a.signal,
      attempt: a.attempt,
      // A non-stream answer arrives whole when it is written: its body may be as slow as its headers.
      ...(a.stream ? {} : { headersTimeoutMs: this.deps.completionTimeoutMs, bodyTimeoutMs: this.deps.completionTimeoutMs }),
    });
    let failure: ServiceError | undefined;
    try {
      if (response.status !== 200) {
        const text = (await readBody(response.body, 1024 * 1024)).toString('utf8');
        throw classifyHttpError({
          status: response.status,
          body: redactSecrets(text, this.deps.secrets()),
          retryAfter: header(response.headers, 'retry-after'),
        });
      }
      this.deps.selector.markHealthy(a.url);
      yield [{ type: 'connected', baseUrl: a.url, primary: a.url === this.deps.selector.primary }];
      yield* this.readAnswer(response.body, header(response.headers, 'content-type') ?? '', a.signal, a.state, a.onResult);
    } catch (caught) {
      failure = toServiceError(caught, a.signal, this.deps.secrets());
      throw failure;
    } finally {
      // Closes the socket at once when the answer was abandoned (cancel, consumer stopped, error).
      if (!response.body.readableEnded) response.body.destroy();
      response.done(failure);
    }
  }

  private async *readAnswer(
    body: Dispatcher.ResponseData['body'],
    contentType: string,
    signal: AbortSignal | undefined,
    state: AttemptState,
    onResult: ((result: ChatResult) => void) | undefined,
  ): AsyncGenerator<readonly ChatEvent[], void, undefined> {
    const decoder = new ChatStreamDecoder(this.deps.onMalformed, true);
    // The body decides, not the request: an SSE body may answer stream:false and vice versa (docs/wire.md). Decided
    // once, from the first bytes that tell (a first read may hold only "da"); `held` keeps the bytes until then,
    // and the whole body when it is JSON.
    let kind: BodyKind | undefined = contentType.includes('text/event-stream') ? 'sse' : undefined;
    let held: Buffer[] = [];
    const now = this.deps.now ?? Date.now;
    const keepAliveLimit = this.deps.keepAliveLimitMs ?? DEFAULT_KEEP_ALIVE_LIMIT_MS;
    let lastData = now();
    // After a finish reason the answer is whole; a connection left open without [DONE] ends after the grace, counted
    // from the last data (so usage or [DONE] that follow promptly are read; keep-alive comments do not extend it).
    let grace: { readonly after: number; readonly wait: Promise<void>; readonly stop: AbortController } | undefined;
    const graceFor = (): Promise<void> | undefined => {
      if (kind !== 'sse' || !decoder.complete || decoder.finishedAnswer) return undefined;
      if (grace?.after !== decoder.payloads) {
        grace?.stop.abort();
        const stop = new AbortController();
        const wait = (this.deps.sleep ?? sleep)(this.deps.finishGraceMs ?? DEFAULT_FINISH_GRACE_MS, stop.signal).catch(() => undefined);
        grace = { after: decoder.payloads, wait, stop };
      }
      return grace.wait;
    };
    const maxBytes = this.deps.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    let received = 0;
    try {
      for await (const chunk of chunksWithin(body as AsyncIterable<Buffer>, graceFor)) {
        received += chunk.length;
        if (received > maxBytes) throw answerTooLarge(maxBytes, kind === 'sse' ? decoder.partialText : undefined);
        let bytes = chunk;
        if (kind !== 'sse') {
          held.push(chunk);
          kind ??= sniffBody(held);
          if (kind !== 'sse') continue;
          bytes = Buffer.concat(held);
          held = [];
        }
        const before = decoder.payloads;
        const events = decoder.push(bytes);
        state.visible = decoder.visible;
        // Keep-alive comments reset the transport's idle timer but carry nothing: past the limit, the stream ends.
        if (decoder.payloads > before) lastData = now();
        else if (now() - lastData > keepAliveLimit) {
          throw new ServiceError(
            'timeout',
            `The service sent only keep-alive comments for more than ${Math.round(keepAliveLimit / 1000)} s; the answer ended there.`,
            {
              partialText: decoder.partialText,
            },
          );
        }
        if (events.length > 0) yield events;
        decoder.throwIfFailed();
        // [DONE] ends the answer even if the server keeps the connection open (the caller's finally closes it).
        if (decoder.finishedAnswer) break;
      }
    } catch (caught) {
      if (signal?.aborted) throw toServiceError(caught, signal, []);
      if (caught instanceof ServiceError) throw caught;
      // The body broke off (socket closed, idle timeout). After a finish reason the answer is whole and only
      // [DONE] is missing: complete, exactly as when the body ends cleanly there. Otherwise it is interrupted,
      // except that silence (idleMs) before any text is a timeout: nothing was shown, nothing is partial.
      if (kind !== 'sse' || !decoder.complete) {
        if (!decoder.visible && (caught as { code?: unknown } | null)?.code === 'UND_ERR_BODY_TIMEOUT') throw toServiceError(caught, signal, []);
        throw decoder.interrupted(caught);
      }
    } finally {
      // A grace still running when the answer ended otherwise ([DONE], an error, Stop) leaves no timer behind.
      grace?.stop.abort();
    }
    if (kind !== 'sse') {
      yield this.readJson(Buffer.concat(held).toString('utf8'), onResult);
      return;
    }
    yield decoder.end();
    onResult?.(decoder.result());
  }

  private readJson(text: string, onResult: ((result: ChatResult) => void) | undefined): ChatEvent[] {
    let value: unknown;
    try {
      value = parseJsonBody(text);
    } catch (error) {
      throw new ServiceError('protocol', `The answer is neither JSON nor an event stream: ${redactSecrets(text.slice(0, 200), this.deps.secrets())}`, {
        cause: error,
      });
    }
    const assembler = new ChatStreamAssembler();
    const out: ChatEvent[] = [];
    assembler.accept(value, out);
    assembler.finish(out);
    onResult?.(assembler.result('json'));
    return out;
  }
}

type BodyKind = 'sse' | 'json';

/** The error of an answer past the size cap; a streamed one keeps the text that arrived before it. */
function answerTooLarge(maxBytes: number, partialText: string | undefined): ServiceError {
  return new ServiceError('tooLarge', `The answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most read for one answer; it ended there.`, {
    retryable: false,
    partialText,
  });
}

const GRACE_OVER: unique symbol = Symbol('grace over');

/**
 * The chunks of a body, until it ends or, while `graceFor` gives a wait, until that wait ends before the next chunk
 * arrives (the caller then closes the connection). The pending read is left to that close, not to the iterator's
 * return(), which would wait for it.
 */
async function* chunksWithin(body: AsyncIterable<Buffer>, graceFor: () => Promise<void> | undefined): AsyncGenerator<Buffer, void, undefined> {
  const chunks = body[Symbol.asyncIterator]();
  for (;;) {
    const grace = graceFor();
    const next = grace === undefined ? await chunks.next() : await Promise.race([chunks.next(), grace.then((): typeof GRACE_OVER => GRACE_OVER)]);
    if (next === GRACE_OVER || next.done === true) return;
    yield next.value;
  }
}

const SSE_FIELDS = ['data:', 'event:', 'id:', 'retry:'];
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * An event stream or JSON, from the first bytes that are not white space or a byte order mark (trimStart removes
 * both; any SSE field or a comment starts a stream, whatever the Content-Type says); undefined while they could still
 * be either.
 */
export function sniffBody(parts: readonly Buffer[]): BodyKind | undefined {
  const bytes = Buffer.concat(parts);
  // A first read that ends inside the byte order mark (EF BB BF) tells nothing yet.
  if (bytes.length < 3 && UTF8_BOM.subarray(0, bytes.length).equals(bytes)) return undefined;
  const start = bytes.toString('utf8').trimStart().slice(0, 6);
  if (start === '') return undefined;
  if (start.startsWith(':') || SSE_FIELDS.some((field) => start.startsWith(field))) return 'sse';
  return SSE_FIELDS.some((field) => field.startsWith(start)) ? undefined : 'json';
}
