// The facade the VS Code layer (or any front end) constructs: one pooled dispatcher, the chat and speech
// clients, the base URL failover state and the redaction of every secret the client has seen. Every call is an
// operation (a stream with its retries, a long task with its polls); a retired client finishes the operations it
// has, closes its connections once none is left, and still serves whoever holds it.
import { DEFAULT_RETRY_POLICY } from './http/backoff';
import type { RetryPolicy } from './http/backoff';
import { BaseUrlSelector } from './http/baseUrlSelector';
import { redactSecrets } from './http/redact';
import type { Sleeper } from './http/sleep';
import { ChatClient } from './chat/chatClient';
import type { ChatCallOptions } from './chat/chatClient';
import type { ChatEvent, ChatResult } from './chat/chatEvents';
import type { ChatRequest } from './chat/chatRequest';
import { DEFAULT_TIMEOUTS, HttpTransport, LazyDispatcher } from './http/httpTransport';
import type { OnLog } from './http/httpTransport';
import type { Timeouts } from './http/connector';
import { networkSecrets, type NetworkOptions } from './http/networkOptions';
import { SpeechClient } from './speech/speechClient';
import type { SpeechCallOptions, SpeechCredentials } from './speech/speechClient';
import type { AudioResult } from './speech/speechAnswer';
import type { WaitOptions } from './speech/longTaskWait';
import type { LongTask, Speaker, SynthesisRequest } from './speech/speechPayloads';
import type { SpeechCodeConvention } from './speech/speechProblems';

export interface MaasClientOptions {
  /** {base_url}, e.g. https://host (no trailing slash needed). */
  readonly baseUrl: string;
  /** {alt_base_url}: serves the same chat path; used while the primary is unreachable or busy. */
  readonly altBaseUrl?: string;
  /**
   * The API key for a request about to go to `baseUrl` (the primary or the alternative address). It may refuse the
   * address by throwing a ServiceError of kind 'addressRefused': nothing is sent then.
   */
  readonly getApiKey: (baseUrl: string, signal?: AbortSignal) => Promise<string | undefined>;
  /** The speech appkey and token for a request about to go to `baseUrl`; it may refuse the address likewise. */
  readonly getSpeechCredentials?: (baseUrl: string, signal?: AbortSignal) => Promise<SpeechCredentials | undefined>;
  /** The proxy, its credentials, the hosts that bypass it and the certificates trusted (VS Code's http.* settings). */
  readonly network?: NetworkOptions;
  /**
   * connectMs, headersMs, idleMs (the transport's), completionMs (a non-stream answer, headers and body), keepAliveMs
   * (a stream of comments without data), finishGraceMs (a stream silent after its finish reason, without [DONE]).
   */
  readonly timeouts?: Partial<Timeouts> & { readonly completionMs?: number; readonly keepAliveMs?: number; readonly finishGraceMs?: number };
  readonly retry?: Partial<RetryPolicy>;
  /** The most bytes read for one chat answer (chatClient.ts's DEFAULT_MAX_ANSWER_BYTES by default). */
  readonly maxAnswerBytes?: number;
  /** Jitter of retry delays (Math.random); tests pass a constant. */
  readonly random?: () => number;
  /** The waits between retries and polls, and the finish grace (a real timer); tests pass a recording fake. */
  readonly sleep?: Sleeper;
  /** The clock of the keep-alive and polling limits (Date.now). */
  readonly now?: () => number;
  /** Whether speech errors are also named by the local service's codes (speechProblems.ts); default 'spec'. */
  readonly speechCodes?: SpeechCodeConvention;
  readonly onLog?: OnLog;
  /** A part of an answer that could not be read (not JSON, or not a chunk), credentials masked; skipped. For the log. */
  readonly onMalformed?: (raw: string) => void;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export class MaasClient {
  private readonly dispatcher: LazyDispatcher;
  private readonly chatClient: ChatClient;
  private readonly speech: SpeechClient;
  private readonly transport: HttpTransport;
  private readonly known = new Set<string>();
  /** Operations under way (a call, or a stream until it ends). */
  private active = 0;
  private retired = false;

  constructor(options: MaasClientOptions) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.dispatcher = new LazyDispatcher(timeouts, options.network);
    const secrets = (): readonly string[] => [...this.known];
    const rememberSecret = (value: string): void => {
      if (value.length >= 4) this.known.add(value);
    };
    // The proxy's password and Proxy-Authorization value are masked like the keys in whatever the client reports.
    for (const secret of networkSecrets(options.network ?? {})) rememberSecret(secret);
    const transport = (this.transport = new HttpTransport(this.dispatcher, options.onLog, secrets));
    const baseUrl = trimSlash(options.baseUrl);
    this.chatClient = new ChatClient({
      transport,
      selector: new BaseUrlSelector(baseUrl, options.altBaseUrl ? trimSlash(options.altBaseUrl) : undefined, retry.failoverCooldownMs),
      retry,
      completionTimeoutMs: options.timeouts?.completionMs ?? 300_000,
      keepAliveLimitMs: options.timeouts?.keepAliveMs,
      finishGraceMs: options.timeouts?.finishGraceMs,
      maxAnswerBytes: options.maxAnswerBytes,
      random: options.random,
      sleep: options.sleep,
      now: options.now,
      getApiKey: options.getApiKey,
      secrets,
      rememberSecret,
      // What could not be read is reported with every secret the client knows masked (it may echo a request).
      onMalformed: options.onMalformed === undefined ? undefined : (raw) => options.onMalformed?.(redactSecrets(raw, secrets())),
    });
    this.speech = new SpeechClient({
      transport,
      baseUrl,
      getCredentials: options.getSpeechCredentials ?? (() => Promise.resolve(undefined)),
      secrets,
      rememberSecret,
      retry,
      codes: options.speechCodes,
      random: options.random,
      sleep: options.sleep,
      now: options.now,
    });
  }

  /** A streamed answer: text, reasoning, references, retry, failover, then usage and finish. */
  streamChat(request: ChatRequest, options?: ChatCallOptions): AsyncGenerator<ChatEvent, void, undefined> {
    // Called at once: an invalid request is refused here, synchronously, before anything is sent.
    return this.leasedStream(this.chatClient.streamChat(request, options));
  }

  chat(request: ChatRequest, options?: ChatCallOptions & { onEvent?: (event: ChatEvent) => void }): Promise<ChatResult> {
    return this.leased(() => this.chatClient.chat(request, options));
  }

  listSpeakers(options?: SpeechCallOptions): Promise<Speaker[]> {
    return this.leased(() => this.speech.listSpeakers(options));
  }

  synthesize(request: SynthesisRequest, options?: SpeechCallOptions & { method?: 'POST' | 'GET' }): Promise<AudioResult> {
    return this.leased(() => this.speech.synthesize(request, options));
  }

  submitLongTask(request: SynthesisRequest, options?: SpeechCallOptions): Promise<LongTask> {
    return this.leased(() => this.speech.submitLongTask(request, options));
  }

  queryLongTask(taskId: string, options?: SpeechCallOptions): Promise<LongTask> {
    return this.leased(() => this.speech.queryLongTask(taskId, options));
  }

  waitForLongTask(taskId: string, options?: WaitOptions): Promise<LongTask> {
    return this.leased(() => this.speech.waitForLongTask(taskId, options));
  }

  downloadAudio(url: string, options?: SpeechCallOptions): Promise<AudioResult> {
    return this.leased(() => this.speech.downloadAudio(url, options));
  }

  /** Downloads a complete task's audio, refreshing an expired address once. */
  downloadTaskAudio(task: LongTask, options?: SpeechCallOptions): Promise<AudioResult> {
    return this.leased(() => this.speech.downloadTaskAudio(task, options));
  }

  /**
   * The HTTP status with which an address answers a GET, whatever it is: Test Connection's reachability step.
   * It goes through the same dispatcher (proxy, certificates, timeouts) and log (credentials masked) as every other request.
   */
  probe(url: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<number> {
    return this.leased(() => this.probeOnce(url, options));
  }

  private async probeOnce(url: string, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<number> {
    const response = await this.transport.send({
      method: 'GET',
      baseUrl: new URL(url).origin,
      path: url,
      signal: options.signal,
      headersTimeoutMs: options.timeoutMs ?? 10_000,
    });
    // The page itself is not wanted: dump() reads a little of it (keeping the connection) or closes it.
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    response.done();
    return response.status;
  }

  /**
   * This client is no longer handed out (what it was built from changed): the operations under way end as they would
   * have, on the addresses they started with, and the connections close once none is left. Whoever still holds the
   * client can use it; its connections close again when it is idle.
   */
  retire(): void {
    this.retired = true;
    if (this.active === 0) void this.dispatcher.close().catch(() => undefined);
  }

  /** Closes every pooled connection at once, aborting whatever is in flight (the extension's end, tests). */
  async dispose(): Promise<void> {
    await this.dispatcher.destroy();
  }

  private async leased<T>(operation: () => Promise<T>): Promise<T> {
    this.active += 1;
    try {
      return await operation();
    } finally {
      this.left();
    }
  }

  private async *leasedStream<T>(operation: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
    this.active += 1;
    try {
      yield* operation;
    } finally {
      this.left();
    }
  }

  private left(): void {
    this.active -= 1;
    if (this.retired && this.active === 0) void this.dispatcher.close().catch(() => undefined);
  }
}
