// The HTTP layer of the client: one pooled undici dispatcher (keep-alive; connect, headers and idle-body
// timeouts; proxy from the environment or explicit), every request timed and logged with credentials masked,
// and every undici failure turned into a ServiceError. undici (about half of the extension's bundle) is loaded on
// the first request, not when the extension starts.
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';
import { redactSecrets } from './redact';
import { cancelledError, ServiceError } from './serviceError';

export interface Timeouts {
  /** TCP + TLS connect. */
  readonly connectMs: number;
  /** From sending the request to the response headers (a non-stream chat waits for the whole answer). */
  readonly headersMs: number;
  /** Longest silence between two body chunks. */
  readonly idleMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 60_000, idleMs: 60_000 };

export interface ProxyOptions {
  /** An explicit proxy URL (VS Code's `http.proxy`); absent = HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  readonly url?: string;
  /** VS Code's `http.proxyStrictSSL`; default true. Applies to the service's TLS and the proxy's. */
  readonly strictSSL?: boolean;
}

export interface LogEntry {
  readonly method: string;
  /** The base URL used for this attempt, credentials masked (userinfo, key parameters, known secrets). */
  readonly baseUrl: string;
  /** Path and query, credentials masked. */
  readonly path: string;
  readonly attempt: number;
  readonly status?: number;
  /** Milliseconds to the response headers. */
  readonly headersMs?: number;
  /** Milliseconds until the body was read, cancelled or failed. */
  readonly durationMs: number;
  readonly errorKind?: string;
  /** The error message, credentials masked. */
  readonly error?: string;
}

export type OnLog = (entry: LogEntry) => void;

let undici: Promise<typeof Undici> | undefined;

/** undici, loaded once, on first use. */
function loadUndici(): Promise<typeof Undici> {
  undici ??= import('undici');
  return undici;
}

/** The pooled dispatcher for these timeouts and this proxy, made (and undici loaded) on first use. */
export class LazyDispatcher {
  private made: Promise<Dispatcher> | undefined;

  constructor(
    private readonly timeouts: Timeouts,
    private readonly proxy: ProxyOptions = {},
  ) {}

  get(): Promise<Dispatcher> {
    this.made ??= createDispatcher(this.timeouts, this.proxy);
    return this.made;
  }

  /**
   * Closes the pool gracefully: the requests in flight run to their end, idle connections close; a request sent
   * afterwards opens a new pool.
   */
  async close(): Promise<void> {
    const made = this.made;
    this.made = undefined;
    if (made !== undefined) await (await made).close();
  }

  /**
   * Closes every pooled connection at once, aborting the requests in flight, for good: a later request fails. Nothing
   * to do when none was ever sent.
   */
  async destroy(): Promise<void> {
    if (this.made !== undefined) await (await this.made).destroy();
  }
}

async function createDispatcher(timeouts: Timeouts, proxy: ProxyOptions = {}): Promise<Dispatcher> {
  const { EnvHttpProxyAgent, ProxyAgent } = await loadUndici();
  const tls = { timeout: timeouts.connectMs, rejectUnauthorized: proxy.strictSSL ?? true };
  const options = {
    connect: tls,
    // A ProxyAgent replaces `connect` with its tunnel: the service's TLS (inside the CONNECT tunnel) takes
    // `requestTls` and the connection to the proxy `proxyTls`, so strictSSL and the connect timeout go to both.
    requestTls: tls,
    proxyTls: tls,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.idleMs,
    keepAliveTimeout: 30_000,
  };
  if (proxy.url) return new ProxyAgent({ ...options, uri: proxy.url });
  // EnvHttpProxyAgent reads HTTP_PROXY/HTTPS_PROXY/NO_PROXY and is a plain pooled Agent when they are unset; it
  // hands these options to the ProxyAgents it makes.
  return new EnvHttpProxyAgent(options);
}

export interface SendOptions {
  readonly method: 'GET' | 'POST';
  readonly baseUrl: string;
  /** Path and query below the base URL, or an absolute URL (audio download). */
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  readonly headersTimeoutMs?: number;
  /** Longest silence inside the body, when it differs from the dispatcher's idle limit (a non-stream answer). */
  readonly bodyTimeoutMs?: number;
  readonly attempt?: number;
}

export interface Response {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Dispatcher.ResponseData['body'];
  /** Logs the end of this request (call once, when the body is consumed or abandoned). */
  done(error?: ServiceError): void;
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether an error means the base URL could not be reached at all (a reason to fail over). */
export function isUnreachable(error: ServiceError): boolean {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECT_FAILURES.has(code);
}

/** A ServiceError for anything undici throws; the caller's abort is 'cancelled'. */
export function toServiceError(error: unknown, signal: AbortSignal | undefined, secrets: readonly string[]): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal?.aborted) return cancelledError(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new ServiceError('timeout', `Connecting to the service timed out (${message}).`, { cause: error });
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return new ServiceError('timeout', 'The service did not answer in time.', { cause: error });
  if (code === 'UND_ERR_BODY_TIMEOUT') return new ServiceError('timeout', 'The service stopped sending in the middle of its answer.', { cause: error });
  return new ServiceError('network', `Could not reach the service: ${message}${typeof code === 'string' ? ` (${code})` : ''}.`, { cause: error });
}

export class HttpTransport {
  constructor(
    private readonly dispatcher: LazyDispatcher,
    private readonly onLog: OnLog | undefined,
    private readonly secrets: () => readonly string[],
  ) {}

  async send(options: SendOptions): Promise<Response> {
    const started = performance.now();
    const url = /^https?:\/\//.test(options.path) ? options.path : `${options.baseUrl}${options.path}`;
    // Both halves of the URL are masked: a base URL may carry userinfo or a key parameter too (a user's setting).
    const secrets = this.secrets();
    const target = new URL(url);
    const logBase = {
      method: options.method,
      baseUrl: redactSecrets(options.baseUrl, secrets),
      path: redactSecrets(target.pathname + target.search, secrets),
      attempt: options.attempt ?? 1,
    };
    let logged = false;
    const log = (status: number | undefined, headersMs: number | undefined, error?: ServiceError): void => {
      if (logged || !this.onLog) return;
      logged = true;
      this.onLog({
        ...logBase,
        status,
        headersMs,
        durationMs: performance.now() - started,
        errorKind: error?.kind,
        error: error ? redactSecrets(error.message, this.secrets()) : undefined,
      });
    };
    try {
      const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.dispatcher.get()]);
      const response = await request(url, {
        method: options.method,
        headers: options.headers,
        body: options.body,
        signal: options.signal,
        dispatcher,
        ...(options.headersTimeoutMs === undefined ? {} : { headersTimeout: options.headersTimeoutMs }),
        ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeout: options.bodyTimeoutMs }),
      });
      const headersMs = performance.now() - started;
      return {
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
        done: (error) => log(response.statusCode, headersMs, error),
      };
    } catch (error) {
      const failure = toServiceError(error, options.signal, this.secrets());
      log(undefined, undefined, failure);
      throw failure;
    }
  }
}

/** Reads a whole body as bytes (bounded: a body over `limit` bytes is a protocol error). */
export async function readBody(body: AsyncIterable<Uint8Array>, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > limit) throw new ServiceError('protocol', `The answer is larger than ${limit} bytes.`);
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
