// Small request/response primitives shared by the service's route handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Default cap on a request body (images are capped lower); `maxBodyBytes` / `--max-body-bytes` change it. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface ReadBody {
  /** The whole body, or empty when it was over the cap. */
  readonly body: Buffer;
  /** True when the body was larger than the cap: its bytes were read and dropped, never buffered. */
  readonly oversized: boolean;
}

/**
 * Reads the body up to `limit` bytes. Past the cap the rest is drained and dropped rather than the socket cut, so
 * the route can still answer with the error its precedence calls for (a chat caller's missing key before the size).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > limit) parts.length = 0;
      else parts.push(part);
    });
    req.on('end', () => resolve(size > limit ? { body: Buffer.alloc(0), oversized: true } : { body: Buffer.concat(parts), oversized: false }));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** The console's refusal shape: `{ error: { message } }` with a 4xx status. */
export function sendRefusal(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { message } });
}

export function isLoopback(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Parses a JSON body; undefined when it is not JSON. An empty body parses as an empty object. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
