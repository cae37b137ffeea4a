// A scripted HTTP server on loopback for the client's unit tests: each test sets the handler, and the server
// records every request with a promise that settles when the client's socket closes (what a cancel or a
// finished answer must bring about at once, not after an idle timeout).
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly headers: IncomingMessage['headers'];
  /** Settles when the connection that carried the request closes. */
  readonly closed: Promise<void>;
}

export class FakeServer {
  handler: Handler = (_req, res) => res.writeHead(404).end();
  readonly seen: SeenRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const socket = req.socket;
        const closed = socket.destroyed ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()));
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers, closed });
        this.handler(req, res, body);
      });
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<FakeServer> {
    const fake = new FakeServer();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  reset(handler: Handler): void {
    this.handler = handler;
    this.seen.length = 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** One SSE event of the documented chunk shape. */
export function sseChunk(content: string, finishReason = ''): string {
  const chunk = {
    id: 'cmpl-test',
    object: 'chat.completion.chunk',
    created: 1713521047,
    model: 'svc_llm',
    choices: [{ index: 0, delta: { role: '', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 0, total_tokens: 0, completion_tokens: 0 },
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}
