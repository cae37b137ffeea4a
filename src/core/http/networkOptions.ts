// What the client's connections are built from: the proxy, its credentials, the hosts reached without it, and which
// certificates are trusted (VS Code's http.* settings in the extension). Plain data, so that a front end can compare
// two and rebuild the client only when they differ. Also which proxy carries a request and who named it, and the
// proxy's address as it may be shown: a proxy value that does not parse is never shown, as it may hold a password.
import { isThisComputer } from './thisComputer';

export interface NetworkOptions {
  /** An explicit proxy (VS Code's `http.proxy`), credentials in it allowed; absent: HTTPS_PROXY / HTTP_PROXY. */
  readonly proxyUrl?: string;
  /**
   * The whole Proxy-Authorization value (`http.proxyAuthorization`), e.g. `Basic dXNlcjpwYXNz`, sent only to the
   * proxy of `proxyUrl`: never to a proxy the environment names, which whoever set up the environment chose.
   */
  readonly proxyAuthorization?: string;
  /** Hosts reached without the proxy (`http.noProxy`); empty or absent: NO_PROXY. This computer is never proxied. */
  readonly noProxy?: readonly string[];
  /** Verify the certificates of the service and of an https proxy (`http.proxyStrictSSL`); default true. */
  readonly strictSSL?: boolean;
  /** Trust the operating system's root certificates besides Node's own (`http.systemCertificates`); default true. */
  readonly systemCertificates?: boolean;
}

/**
 * Which credentials went to a proxy: none, a user and password in its address, the Proxy-Authorization value, or none
 * because the Proxy-Authorization value is set but the proxy is the environment's (`withheld`).
 */
export type ProxyCredentials = 'none' | 'url' | 'authorization' | 'withheld';

/** The proxy that carries a request, and who named it: the user's `http.proxy` (`setting`) or the environment. */
export interface ProxyRoute {
  readonly proxy: string;
  readonly from: 'setting' | 'environment';
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * The proxy that carries a request to `target`, as the dispatcher picks it (connector.ts): none for this computer
 * (thisComputer.ts), which a proxy cannot reach; else the explicit one, else the environment's for the target's
 * scheme; none when the no-proxy list (`http.noProxy`, else NO_PROXY) sends the target direct. The list's entries:
 * `*`, a host (its subdomains too), `.domain` or `*.domain`, each with an optional `:port`.
 */
export function proxyRoute(options: NetworkOptions, target: URL, env: NodeJS.ProcessEnv = process.env): ProxyRoute | undefined {
  if (isThisComputer(target)) return undefined;
  const http = env.http_proxy ?? env.HTTP_PROXY;
  const fromEnvironment = target.protocol === 'https:' ? (env.https_proxy ?? env.HTTPS_PROXY ?? http) : http;
  const route: ProxyRoute | undefined = options.proxyUrl
    ? { proxy: options.proxyUrl, from: 'setting' }
    : fromEnvironment
      ? { proxy: fromEnvironment, from: 'environment' }
      : undefined;
  if (route === undefined) return undefined;
  const list = noProxyValue(options.noProxy) ?? env.no_proxy ?? env.NO_PROXY ?? '';
  return bypassesProxy(list, target) ? undefined : route;
}

function bypassesProxy(list: string, target: URL): boolean {
  if (list === '*') return true;
  const host = target.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(target.port, 10) || DEFAULT_PORTS[target.protocol] || 0;
  return list
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const name = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed !== null && Number.parseInt(parsed[2] ?? '', 10) !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/** What a proxy was given to let a request through (undici sends Proxy-Authorization in preference to the URL's). */
export function proxyCredentials(options: NetworkOptions, route: ProxyRoute | undefined): ProxyCredentials {
  if (options.proxyAuthorization && route?.from === 'setting') return 'authorization';
  if (route !== undefined && userInfo(route.proxy) !== undefined) return 'url';
  return options.proxyAuthorization ? 'withheld' : 'none';
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

// A scheme followed by `//`: what tells an address from `user:password@host`, which URL parses as the scheme `user:`.
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** The parsed proxy address, when it is written with a scheme and `//` and names a host. */
function parsedProxy(value: string): URL | undefined {
  if (!SCHEME.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.hostname === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

/** Whether undici can use this address as a proxy. */
export function isProxyAddress(value: string): boolean {
  const url = parsedProxy(value);
  return url !== undefined && PROXY_PROTOCOLS.has(url.protocol);
}

/**
 * A proxy's address as it may be shown: its scheme, host and port (`socks5://proxy.corp:1080`), credentials removed;
 * '' when it is not written as `scheme://host`, since such a value (`alice:S3cret@proxy.corp:3128`) cannot be told
 * apart from a password.
 */
export function proxyDisplay(value: string): string {
  const url = parsedProxy(value);
  return url === undefined ? '' : `${url.protocol}//${url.host}`;
}

/** The user name and password written in a proxy value, with or without a scheme; undefined when it has none. */
function userInfo(value: string): { readonly user: string; readonly password: string } | undefined {
  const rest = value.replace(SCHEME, '');
  const at = rest.lastIndexOf('@');
  if (at < 0) return undefined;
  const info = rest.slice(0, at);
  const colon = info.indexOf(':');
  return colon < 0 ? { user: info, password: '' } : { user: info.slice(0, colon), password: info.slice(colon + 1) };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The secret values in the network settings, for the log's redaction: the proxy's password (as written and decoded,
 * whether the address parses or not), the Proxy-Authorization value whole, its credentials after the scheme, and a
 * Basic value's decoded `user:password` and password.
 */
export function networkSecrets(options: NetworkOptions): string[] {
  const secrets: string[] = [];
  const info = options.proxyUrl === undefined ? undefined : userInfo(options.proxyUrl);
  if (info !== undefined && info.password !== '') secrets.push(info.password, decoded(info.password));
  const authorization = options.proxyAuthorization?.trim();
  if (authorization) {
    secrets.push(authorization);
    const [scheme, credentials] = authorization.split(/\s+/, 2);
    if (credentials !== undefined) {
      secrets.push(credentials);
      if (scheme?.toLowerCase() === 'basic') {
        const pair = Buffer.from(credentials, 'base64').toString('utf8');
        const colon = pair.indexOf(':');
        if (colon > 0) secrets.push(pair, pair.slice(colon + 1));
      }
    }
  }
  return [...new Set(secrets.filter((secret) => secret !== ''))];
}
