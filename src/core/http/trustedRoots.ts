// The root certificates the client trusts: Node's own (with NODE_EXTRA_CA_CERTS) and, when asked, the operating
// system's store, where a company installs the root of its TLS inspection. An extension host does not hand the system's
// roots to a bundled undici (VS Code adds them to its own https agents and fetch), so the client reads them itself.
// Node lists the store from 22.15 on (`tls.getCACertificates`; on Linux OpenSSL's default file and folder, which
// SSL_CERT_FILE and SSL_CERT_DIR override); an older Node keeps its own roots.
import * as tls from 'node:tls';

type CertificateLister = (type: 'default' | 'system') => string[];

const lister = (tls as { getCACertificates?: CertificateLister }).getCACertificates;

let context: tls.SecureContext | undefined;

/**
 * One secure context with Node's roots and the system's, made on first use and shared by every dispatcher of the
 * process: building it parses several hundred certificates, which each connection would repeat if it were handed the
 * list, and Node lists the system store once per process anyway. Undefined where Node cannot list the system store.
 */
export function systemRootsContext(): tls.SecureContext | undefined {
  if (lister === undefined) return undefined;
  context ??= tls.createSecureContext({ ca: [...new Set([...lister('default'), ...lister('system')])] });
  return context;
}
