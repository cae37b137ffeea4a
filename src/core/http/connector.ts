// The pooled undici dispatcher every request goes through: keep-alive; connect, headers and idle-body timeouts; the
// proxy (explicit or from the environment) with its credentials (the Proxy-Authorization value to the explicit one
// only) and the hosts that bypass it, this computer always; the trusted roots and whether certificates are verified.
// undici (about half of the extension's bundle) is loaded on the first request.
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';
import type { Timeouts } from './httpTransport';
import { isProxyAddress, noProxyValue, proxyDisplay, type NetworkOptions } from './networkOptions';
import { ServiceError } from './serviceError';
import { isThisComputer } from './thisComputer';
import * as tls from 'node:tls';

let undici: Promise<typeof Undici> | undefined;

/** undici, loaded once, on first use. */
export function loadUndici(): Promise<typeof Undici> {
  undici ??= import('undici');
  return undici;
}

/**
 * The dispatcher for these timeouts and this network. With `inspect`, a dispatcher that only looks: the service's
 * certificate is accepted whatever it is, handed to `inspect`, and the connection closed before anything is sent
 * (certificateInspection.ts); the proxy's own TLS stays as verified as the user asked.
 */
export async function createDispatcher(timeouts: Timeouts, network: NetworkOptions = {}, inspect?: (socket: tls.TLSSocket) => void): Promise<Dispatcher> {
  const { Agent, Dispatcher: Base, EnvHttpProxyAgent, Pool, buildConnector } = await loadUndici();
  if (network.proxyUrl !== undefined && !isProxyAddress(network.proxyUrl)) {
    // Only what parses as scheme://host is named: anything else may be (or hold) the password.
    const address = proxyDisplay(network.proxyUrl);
    const named = address === '' ? 'http.proxy' : `The proxy address ${address}`;
    throw new ServiceError('invalidProxy', `${named} is not an http, https or socks5 address with a host name.`, {
      proxy: { address, credentials: 'none' },
    });
  }
  const secureContext = network.systemCertificates === false ? undefined : systemRootsContext();
  const verify = network.strictSSL ?? true;
  const proxyTls = { timeout: timeouts.connectMs, rejectUnauthorized: verify, ...(secureContext === undefined ? {} : { secureContext }) };
  const serviceTls = { ...proxyTls, rejectUnauthorized: inspect === undefined && verify };
  const options = {
    connect: serviceTls,
    // A ProxyAgent replaces `connect` with its tunnel: the service's TLS (inside the CONNECT tunnel) takes
    // `requestTls` and the connection to the proxy `proxyTls`, so these settings and the connect timeout go to both.
    requestTls: serviceTls,
    proxyTls,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.idleMs,
    keepAliveTimeout: 30_000,
    // undici sends it as Proxy-Authorization, in preference to credentials in the proxy's URL, to every proxy of the
    // agent: so only when the agent's one proxy is the user's own http.proxy, never to HTTPS_PROXY / HTTP_PROXY.
    ...(network.proxyUrl && network.proxyAuthorization ? { token: network.proxyAuthorization } : {}),
    ...(inspect === undefined ? {} : { factory: inspectingPools(Pool, buildConnector, inspect) }),
  };
  // EnvHttpProxyAgent picks, per request, the proxy (the explicit one, else HTTP_PROXY / HTTPS_PROXY) or a direct
  // connection (the no-proxy list, else NO_PROXY), and hands these options to the agents it makes.
  const elsewhere = new EnvHttpProxyAgent({
    ...options,
    ...(network.proxyUrl ? { httpProxy: network.proxyUrl, httpsProxy: network.proxyUrl } : {}),
    noProxy: noProxyValue(network.noProxy),
  });
  return directToThisComputer(Base, new Agent(options), elsewhere);
}

/**
 * A dispatcher that sends what goes to this computer (thisComputer.ts) through `direct`, with the same options, and
 * the rest through `elsewhere`. A proxy cannot reach this computer's loopback (127.0.0.1 there is the proxy's own
 * machine), and VS Code's network stack never proxies it either (Chromium's implicit bypass rules,
 * https://chromium.googlesource.com/chromium/src/+/HEAD/net/docs/proxy.md#implicit-bypass-rules); a no-proxy list
 * cannot say 127.0.0.0/8, and NO_PROXY often names only `localhost`.
 */
function directToThisComputer(Base: typeof Undici.Dispatcher, direct: Dispatcher, elsewhere: Dispatcher): Dispatcher {
  const settled = (both: Promise<unknown>, callback: (() => void) | undefined): Promise<void> | undefined => {
    const done = both.then(() => undefined);
    if (callback === undefined) return done;
    void done.then(callback, callback);
    return undefined;
  };
  class Routed extends Base {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const origin = URL.parse(String(options.origin ?? ''));
      return (origin !== null && isThisComputer(origin) ? direct : elsewhere).dispatch(options, handler);
    }

    override close(): Promise<void>;
    override close(callback: () => void): void;
    override close(callback?: () => void): Promise<void> | void {
      return settled(Promise.all([direct.close(), elsewhere.close()]), callback);
    }

    override destroy(): Promise<void>;
    override destroy(error: Error | null): Promise<void>;
    override destroy(callback: () => void): void;
    override destroy(error: Error | null, callback: () => void): void;
    override destroy(first?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
      const error = typeof first === 'function' ? null : (first ?? null);
      return settled(Promise.all([direct.destroy(error), elsewhere.destroy(error)]), typeof first === 'function' ? first : callback);
    }
  }
  return new Routed();
}

/** Connection pools whose every TLS connection is shown to `inspect` and then closed with an error: no request is sent. */
function inspectingPools(
  Pool: typeof Undici.Pool,
  buildConnector: typeof Undici.buildConnector,
  inspect: (socket: tls.TLSSocket) => void,
): (origin: string | URL, options: object) => Dispatcher {
  return (origin, options) => {
    const given = (options as { connect?: Undici.buildConnector.BuildOptions | Undici.buildConnector.connector }).connect;
    const connect = typeof given === 'function' ? given : buildConnector({ ...given });
    return new Pool(origin, {
      ...options,
      connect: (connectOptions, callback) =>
        connect(connectOptions, (error, socket) => {
          if (socket !== null && 'getPeerCertificate' in socket) inspect(socket);
          socket?.destroy();
          callback(error ?? new Error('The certificate was inspected; nothing is sent.'), null);
        }),
    });
  };
}

// The root certificates the client trusts: Node's own (with NODE_EXTRA_CA_CERTS) and, when asked, the operating
// system's store, where a company installs the root of its TLS inspection. An extension host does not hand the system's
// roots to a bundled undici (VS Code adds them to its own https agents and fetch), so the client reads them itself.
// Node lists the store from 22.15 on (`tls.getCACertificates`; on Linux OpenSSL's default file and folder, which
// SSL_CERT_FILE and SSL_CERT_DIR override); an older Node keeps its own roots.
type CertificateLister = (type: 'default' | 'system') => string[];

const lister = (tls as { getCACertificates?: CertificateLister }).getCACertificates;

let context: tls.SecureContext | undefined;

/**
 * One secure context with Node's roots and the system's, made on first use and shared by every dispatcher of the
 * process: building it parses several hundred certificates, which each connection would repeat if it were handed the
 * list, and Node lists the system store once per process anyway. Undefined where Node cannot list the system store.
 */
function systemRootsContext(): tls.SecureContext | undefined {
  if (lister === undefined) return undefined;
  context ??= tls.createSecureContext({ ca: [...new Set([...lister('default'), ...lister('system')])] });
  return context;
}
