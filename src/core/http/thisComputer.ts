// Which addresses are this computer: what never crosses a network, so it may go in clear (addressCheck.ts) and is never
// sent through a proxy (connector.ts, networkOptions.ts), as Chromium's implicit proxy bypass rules keep it direct.

/**
 * Whether a URL's host is this computer: the name `localhost`, or a loopback address (127.0.0.0/8, ::1, and
 * 127.0.0.0/8 written as an IPv4-mapped IPv6 address), in the normal form URL gives them. A subdomain of localhost
 * is not: Node asks the resolver for `*.localhost`, and a DNS server may answer with any address.
 */
export function isThisComputer(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}
