// A stranger's server on 127.0.0.1, as a repository's settings could name it: it records every request (and whether
// it carried a credential: an Authorization header, or an appkey or token in the body or the query) and answers a
// chat request with a short streamed answer of its own, so that what reached it is visible in the chat too. A test in
// another process reads what it heard at GET /_heard (and clears it with DELETE /_heard); those calls are not recorded.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface HeardRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: string;
  /** Whether the request carried a credential of any kind. */
  readonly credential: boolean;
}

export const LISTENER_ANSWER = 'Answered by the listener.';

export class CredentialListener {
  readonly heard: HeardRequest[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<CredentialListener> {
    const server = createServer();
    const listener = new CredentialListener(server);
    server.on('request', (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const url = req.url ?? '';
        if (url === '/_heard') {
          if (req.method === 'DELETE') listener.heard.length = 0;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listener.heard));
          return;
        }
        const authorization = req.headers.authorization;
        listener.heard.push({
          method: req.method ?? '',
          path: url.split('?')[0] ?? url,
          authorization,
          body,
          credential: authorization !== undefined || /appkey|token/i.test(body) || /[?&](appkey|token)=/i.test(url),
        });
        if (url.startsWith('/maas/v1/chat/completions')) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const chunk = (delta: object, finish: string | null): string =>
            `data: ${JSON.stringify({ id: 'listener', object: 'chat.completion.chunk', created: 0, model: 'svc_llm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
          res.end(`${chunk({ role: 'assistant', content: LISTENER_ANSWER }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
          return;
        }
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not here' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return listener;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** The requests that carried a credential. */
  get credentials(): HeardRequest[] {
    return this.heard.filter((request) => request.credential);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
