// The HTTP layer of the client: every request goes through one pooled dispatcher (connector.ts), is timed and logged
// with credentials masked, and every failure becomes a ServiceError (transportError.ts), a refused certificate with
// what it says and a proxy's 407 with what the proxy was given.
import type { Dispatcher } from 'undici';
import { inspectCertificate } from './certificateInspection';
import { certificateFacts, describeCertificateProblem } from './certificateProblem';
import { createDispatcher, loadUndici, type Timeouts } from './connector';
import { proxyCredentials, proxyDisplay, proxyRoute, type NetworkOptions } from './networkOptions';
import { redactSecrets } from './redact';
import { ServiceError } from './serviceError';
import { toServiceError } from './transportError';

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 60_000, idleMs: 60_000 };

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

/** The pooled dispatcher for these timeouts and this network, made (and undici loaded) on first use. */
export class LazyDispatcher {
  private made: Promise<Dispatcher> | undefined;

  constructor(
    private readonly timeouts: Timeouts,
    private readonly network: NetworkOptions = {},
  ) {}

  get(): Promise<Dispatcher> {
    this.made ??= createDispatcher(this.timeouts, this.network);
    return this.made;
  }

  /**
   * The failure with what only the network knows: the refused certificate's subject, issuer and dates (read by a
   * second connection that sends nothing), or the proxy that asked for credentials and which ones it was given.
   */
  async explain(failure: ServiceError, target: URL, signal?: AbortSignal): Promise<ServiceError> {
    if (failure.kind === 'certificate' && failure.certificate !== undefined && failure.certificate.subject === undefined) {
      const peer = await inspectCertificate(target.origin, this.timeouts, this.network, signal);
      if (peer === undefined) return failure;
      const certificate = { ...failure.certificate, ...certificateFacts(peer) };
      return new ServiceError('certificate', describeCertificateProblem(certificate), { certificate, cause: failure.cause });
    }
    if (failure.kind === 'proxyAuth' && failure.proxy === undefined) {
      const route = proxyRoute(this.network, target);
      const credentials = proxyCredentials(this.network, route);
      const address = proxyDisplay(route?.proxy ?? '');
      return new ServiceError('proxyAuth', `The proxy ${address} answered 407 Proxy Authentication Required (credentials sent: ${credentials}).`, {
        proxy: { address, credentials, ...(route === undefined ? {} : { from: route.from }) },
        cause: failure.cause,
      });
    }
    return failure;
  }

  /**
   * Closes the pool gracefully: the requests in flight run to their end, idle connections close; a request sent
   * afterwards opens a new pool. Nothing to do when the dispatcher could not be made (an invalid proxy address).
   */
  async close(): Promise<void> {
    const made = this.made;
    this.made = undefined;
    await (await made?.catch(() => undefined))?.close();
  }

  /**
   * Closes every pooled connection at once, aborting the requests in flight, for good: a later request fails. Nothing
   * to do when none was ever sent, or the dispatcher could not be made.
   */
  async destroy(): Promise<void> {
    const made = await this.made?.catch(() => undefined);
    await made?.destroy();
  }
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
      const failure = await this.dispatcher.explain(toServiceError(error, options.signal, this.secrets(), target.host), target, options.signal);
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
