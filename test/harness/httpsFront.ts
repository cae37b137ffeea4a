// An HTTPS front on loopback for the network tests: TLS with a certificate made at test time, every request passed
// on to a plain-HTTP service (the local service) as it streams, and recorded in `served`, so that a test sees which
// requests reached the service through it.
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import type { Pem } from './testCertificates';

export class HttpsFront {
  /** `METHOD path` of each request the front passed on. */
  readonly served: string[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  /** `certificate` is the server's (with its chain, when it has one); `upstream` the origin it passes requests to. */
  constructor(certificate: Pem & { readonly ca?: string }, upstream: string) {
    const cert = certificate.ca === undefined ? certificate.cert : `${certificate.cert}${certificate.ca}`;
    this.server = createServer({ cert, key: certificate.key }, (req, res) => {
      this.served.push(`${req.method} ${req.url}`);
      const target = new URL(req.url ?? '/', upstream);
      const forward = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    this.server.on('secureConnection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('tlsClientError', () => undefined);
  }

  /** Listens on 127.0.0.1; resolves with the port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
