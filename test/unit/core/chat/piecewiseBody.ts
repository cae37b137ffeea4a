// A chat client whose answer body arrives in exactly the reads a test chooses, one piece a read. A real server's
// separate writes may reach the client in one read (on a loaded machine they often do), so what must hold wherever the
// reads split a body is checked here, at every split point, instead of against the timing of a server's writes.
import { Readable } from 'node:stream';
import { ChatClient } from '../../../../src/core/chat/chatClient';
import { DEFAULT_RETRY_POLICY } from '../../../../src/core/http/backoff';
import { BaseUrlSelector } from '../../../../src/core/http/baseUrlSelector';
import { DEFAULT_TIMEOUTS, HttpTransport, LazyDispatcher, type Response } from '../../../../src/core/http/httpTransport';

/** Answers every request with this status and content type, and a body read as these pieces. */
class PiecewiseTransport extends HttpTransport {
  constructor(
    private readonly status: number,
    private readonly contentType: string,
    private readonly pieces: readonly Buffer[],
  ) {
    super(new LazyDispatcher(DEFAULT_TIMEOUTS), undefined, () => []);
  }

  override send(): Promise<Response> {
    // Readable.from hands out each piece as one chunk: one read of the body each.
    const body = Readable.from(this.pieces.filter((piece) => piece.length > 0));
    return Promise.resolve({
      status: this.status,
      headers: { 'content-type': this.contentType },
      body: body as unknown as Response['body'],
      done: () => undefined,
    });
  }
}

/** A client (one attempt, no retry) whose answer is `pieces`, each arriving as one read. */
export function clientReading(pieces: readonly Buffer[], contentType: string, status = 200): ChatClient {
  return new ChatClient({
    transport: new PiecewiseTransport(status, contentType, pieces),
    selector: new BaseUrlSelector('http://127.0.0.1:9', undefined, DEFAULT_RETRY_POLICY.failoverCooldownMs),
    retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 1 },
    completionTimeoutMs: DEFAULT_TIMEOUTS.headersMs,
    getApiKey: () => Promise.resolve('sk-unit-pieces-0123456789'),
    secrets: () => [],
    rememberSecret: () => undefined,
  });
}

/** `body` read in two pieces, for every byte at which the first read may end (inside a character too). */
export function everySplit(body: string): { at: number; pieces: Buffer[] }[] {
  const bytes = Buffer.from(body);
  return Array.from({ length: bytes.length + 1 }, (_, at) => ({ at, pieces: [bytes.subarray(0, at), bytes.subarray(at)] }));
}
