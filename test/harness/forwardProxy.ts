// A forward proxy on loopback for the network tests, as a company's proxy behaves: CONNECT tunnels (what undici's
// ProxyAgent uses, for http and https targets alike) and absolute-form requests; optionally Basic credentials it
// demands (407 with Proxy-Authenticate without them or with wrong ones) and host names only it can resolve (a
// company's internal names). Every request it carried is in `seen`, every one it refused in `refused`.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';

/**
 * A name for the local service that only a ForwardProxy resolves (given it in `hosts`), for a test whose requests to
 * the service go through a proxy: the client never sends this computer's addresses through one
 * (src/core/http/thisComputer.ts). The service answers to it when started with it in `allowedHosts`.
 */
export const PROXIED_SERVICE_HOST = 'service.corp.test';

/** `address` (a loopback service's) with its host named PROXIED_SERVICE_HOST, port and path kept. */
export function proxiedAddress(address: string): string {
  const url = new URL(address);
  return address.replace(url.hostname, PROXIED_SERVICE_HOST);
}

export interface ForwardProxyOptions {
  /** Basic credentials the proxy demands of every request. */
  readonly credentials?: { readonly user: string; readonly password: string };
  /** Host names the proxy resolves itself, to an address on this machine (the client cannot resolve them). */
  readonly hosts?: Readonly<Record<string, string>>;
}

export class ForwardProxy {
  /** `CONNECT host:port` or `METHOD url` of each request the proxy carried. */
  readonly seen: string[] = [];
  /** The same for each request refused with 407, with the Proxy-Authorization it came with (or none). */
  readonly refused: { readonly line: string; readonly authorization: string | undefined }[] = [];
  /** The Proxy-Authorization of every request that reached the proxy, carried or refused (undefined: none). */
  readonly authorizations: (string | undefined)[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  constructor(private readonly options: ForwardProxyOptions = {}) {
    this.server = createServer((req, res) => {
      const line = `${req.method} ${req.url}`;
      if (!this.admitted(req, line)) {
        res.writeHead(407, { 'proxy-authenticate': 'Basic realm="tests"', 'content-type': 'text/plain' }).end('Proxy Authentication Required');
        return;
      }
      this.seen.push(line);
      const target = new URL(req.url ?? '');
      target.hostname = this.resolve(target.hostname);
      const headers = { ...req.headers };
      delete headers['proxy-authorization'];
      const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    this.server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      const line = `CONNECT ${req.url}`;
      this.track(client);
      if (!this.admitted(req, line)) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="tests"\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.seen.push(line);
      const separator = (req.url ?? '').lastIndexOf(':');
      const host = (req.url ?? '').slice(0, separator);
      const upstream = connect(Number((req.url ?? '').slice(separator + 1)), this.resolve(host), () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      this.track(upstream);
      upstream.on('error', () => client.destroy());
    });
    this.server.on('connection', (socket: Socket) => this.track(socket));
  }

  /** Whether the request may pass: no credentials demanded, or the right ones given. */
  private admitted(req: IncomingMessage, line: string): boolean {
    const given = req.headers['proxy-authorization'];
    this.authorizations.push(given);
    const wanted = this.options.credentials;
    if (wanted === undefined) return true;
    if (given === `Basic ${Buffer.from(`${wanted.user}:${wanted.password}`).toString('base64')}`) return true;
    this.refused.push({ line, authorization: given });
    return false;
  }

  private resolve(host: string): string {
    return this.options.hosts?.[host.toLowerCase()] ?? host;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  /** Forgets what it has seen and refused. */
  clear(): void {
    this.seen.length = 0;
    this.refused.length = 0;
    this.authorizations.length = 0;
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
