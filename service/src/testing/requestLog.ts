// The request log behind GET /_local/requests: every request but the test routes themselves, with credentials
// masked and long strings (images) shortened so the log stays small under load.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Port } from './faultInjector';

export interface LoggedRequest {
  readonly id: number;
  readonly port: Port;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  body: unknown;
  status: number;
  readonly startedAt: string;
  finishedAt: string | null;
  chunksSent: number;
  completed: boolean;
  clientClosed: boolean;
}

const MAX_ENTRIES = 2000;
const MAX_STRING = 256;
const SECRET_NAMES = new Set(['authorization', 'appkey', 'token', 'key', 'keys', 'api_key', 'apikey', 'x-api-key', 'proxy-authorization', 'cookie']);

export function maskValue(name: string, value: unknown): unknown {
  if (SECRET_NAMES.has(name.toLowerCase())) return '***';
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length} chars)` : value;
  if (Array.isArray(value)) return value.map((v) => maskValue('', v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(k, v)]));
  return value;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private nextId = 1;
  private readonly serverDropped = new WeakSet<LoggedRequest>();

  start(req: IncomingMessage, res: ServerResponse, port: Port, url: URL): LoggedRequest {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name] = String(maskValue(name, Array.isArray(value) ? value.join(', ') : (value ?? '')));
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = String(maskValue(name, value));
    const entry: LoggedRequest = {
      id: this.nextId++,
      port,
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers,
      body: null,
      status: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      chunksSent: 0,
      completed: false,
      clientClosed: false,
    };
    res.on('finish', () => {
      entry.completed = true;
    });
    res.on('close', () => {
      entry.status = res.statusCode;
      entry.finishedAt = new Date().toISOString();
      // 'close' before the response was fully written means the socket went away under us.
      if (!res.writableFinished && !entry.completed) entry.clientClosed = !this.serverDropped.has(entry);
    });
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    return entry;
  }

  setBody(entry: LoggedRequest, body: Buffer, contentType: string | undefined): void {
    if (body.length === 0) return;
    const text = body.toString('utf8');
    if (contentType?.includes('json')) {
      try {
        entry.body = maskValue('', JSON.parse(text) as unknown);
        return;
      } catch {
        // Not JSON after all: keep it as text below.
      }
    }
    entry.body = maskValue('', text);
  }

  /** An injected fault closed this response's socket on purpose: the client did not close it. */
  markServerDropped(entry: LoggedRequest): void {
    this.serverDropped.add(entry);
  }

  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
