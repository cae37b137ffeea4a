// What the client's connections are built from: the proxy, its credentials, the hosts reached without it, and which
// certificates are trusted (VS Code's http.* settings in the extension). Plain data, so that a front end can compare
// two and rebuild the client only when they differ.

export interface NetworkOptions {
  /** An explicit proxy (VS Code's `http.proxy`), credentials in it allowed; absent: HTTPS_PROXY / HTTP_PROXY. */
  readonly proxyUrl?: string;
  /** The whole Proxy-Authorization value sent to the proxy (`http.proxyAuthorization`), e.g. `Basic dXNlcjpwYXNz`. */
  readonly proxyAuthorization?: string;
  /** Hosts reached without the proxy (`http.noProxy`); empty or absent: NO_PROXY from the environment. */
  readonly noProxy?: readonly string[];
  /** Verify the certificates of the service and of an https proxy (`http.proxyStrictSSL`); default true. */
  readonly strictSSL?: boolean;
  /** Trust the operating system's root certificates besides Node's own (`http.systemCertificates`); default true. */
  readonly systemCertificates?: boolean;
}

/** Which credentials went to a proxy: none, a user and password in its address, or the Proxy-Authorization value. */
export type ProxyCredentials = 'none' | 'url' | 'authorization';

/** The proxy that carries a request to `target`, as undici picks it: the explicit one, else the environment's. */
export function proxyFor(options: NetworkOptions, target: URL, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (options.proxyUrl) return options.proxyUrl;
  const http = env.http_proxy ?? env.HTTP_PROXY;
  return target.protocol === 'https:' ? (env.https_proxy ?? env.HTTPS_PROXY ?? http) : http;
}

/** What a proxy was given to let a request through (undici sends Proxy-Authorization in preference to the URL's). */
export function proxyCredentials(options: NetworkOptions, proxy: string): ProxyCredentials {
  if (options.proxyAuthorization) return 'authorization';
  try {
    const url = new URL(proxy);
    return url.username !== '' || url.password !== '' ? 'url' : 'none';
  } catch {
    return 'none';
  }
}

/**
 * The no-proxy list as undici's EnvHttpProxyAgent reads it (host, `.domain` or `*.domain`, optional `:port`), or
 * undefined to read NO_PROXY from the environment: VS Code ignores NO_PROXY once `http.noProxy` has an entry, and a
 * `*` anywhere in its list sends everything direct.
 */
export function noProxyValue(noProxy: readonly string[] | undefined): string | undefined {
  const entries = (noProxy ?? []).map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  return entries.includes('*') ? '*' : entries.join(',');
}

const PROXY_PROTOCOLS = new Set(['http:', 'https:', 'socks:', 'socks5:']);

/** Whether undici can use this address as a proxy. */
export function isProxyAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return PROXY_PROTOCOLS.has(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A proxy's address without its credentials, for messages. */
export function proxyOrigin(proxy: string): string {
  try {
    return new URL(proxy).origin;
  } catch {
    return '';
  }
}
