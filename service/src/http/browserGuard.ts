// Keeps web pages in the user's browser from driving the local service. A page cannot read an answer (the service
// never sends CORS headers), but it can send "simple" requests (a form post, a text/plain or bodiless fetch) with
// no preflight, and a DNS-rebinding page reaches the service under its own host name and reads every answer.
// So: a request must name this listener in `Host` (its loopback address, `localhost`, or a name the service was told
// to answer to); the console and test routes also refuse a foreign `Origin` and take writes only as
// `application/json`, which a page cannot send cross-origin without a preflight.
// Per-route reasoning: service/README.md, "Web pages and the service".
import type { IncomingMessage } from 'node:http';

export interface GuardRefusal {
  readonly status: number;
  readonly message: string;
}

/** The console page and the test routes: what a page would most like to drive. */
export function isConsoleOrTestRoute(pathname: string): boolean {
  return pathname.startsWith('/_local/') || pathname.startsWith('/console');
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** A name for `allowedHosts`: a DNS name or IPv4 address alone, without scheme, port or path. */
export function isHostName(name: string): boolean {
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(name);
}

/** The Host values of the listener the request arrived on: its loopback address, `localhost` and `allowedHosts`, with its port. */
function ownHosts(req: IncomingMessage, allowedHosts: readonly string[]): string[] {
  const port = req.socket.localPort ?? 0;
  const names = ['127.0.0.1', 'localhost', ...allowedHosts.map((name) => name.toLowerCase())];
  const hosts = names.map((name) => `${name}:${port}`);
  // A client may leave out the scheme's default port.
  return port === 80 ? [...hosts, ...names] : hosts;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * Why the request is refused before any route sees it, or undefined when it may go on. `allowedHosts`: more names
 * the service answers to (the `allowedHosts` option), as it does to `localhost`.
 */
export function browserGuardRefusal(req: IncomingMessage, pathname: string, allowedHosts: readonly string[] = []): GuardRefusal | undefined {
  const hosts = ownHosts(req, allowedHosts);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) {
    const named = hosts.slice(0, allowedHosts.length + 2);
    const list = `${named.slice(0, -1).join(', ')} or ${named.at(-1) ?? ''}`;
    return { status: 403, message: `this service answers requests addressed to ${list} only, not Host "${req.headers.host ?? ''}"` };
  }
  if (!isConsoleOrTestRoute(pathname)) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`)) {
    return { status: 403, message: `the console and test routes answer this service's own pages only, not Origin "${origin}"` };
  }
  const method = req.method ?? 'GET';
  if (!READ_METHODS.has(method) && mediaType(req.headers['content-type']) !== 'application/json') {
    const given = req.headers['content-type'] === undefined ? 'none' : `"${req.headers['content-type']}"`;
    return { status: 415, message: `${method} ${pathname} takes Content-Type: application/json only (given: ${given})` };
  }
  return undefined;
}
