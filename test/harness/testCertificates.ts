// Certificates made at test time: a certificate authority (kept only in files a test hands to the process under
// test, never in the machine's store) and server certificates it issues, valid, expired or for another host name.
// Keys come from Node's crypto; node-forge writes and signs the X.509 structures, which Node cannot build.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface Pem {
  readonly cert: string;
  readonly key: string;
}

export interface Issued extends Pem {
  /** The issuing authority's certificate, for a chain or a trust store. */
  readonly ca: string;
}

export interface ServerCertificateOptions {
  readonly commonName: string;
  /** DNS names and IP addresses the certificate is valid for. */
  readonly hosts: readonly string[];
  /** Whole days from now; negative for a certificate that has already expired. */
  readonly validDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function keyPair(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.PrivateKey; pem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey: forge.pki.privateKeyFromPem(pem),
    pem,
  };
}

function newCertificate(publicKey: forge.pki.PublicKey, validDays: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial number: the first byte's high bit cleared.
  cert.serialNumber = `0${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(Math.min(now, now + validDays * DAY_MS) - 2 * DAY_MS);
  cert.validity.notAfter = new Date(now + validDays * DAY_MS);
  return cert;
}

const isIp = (host: string): boolean => /^[\d.]+$/.test(host) || host.includes(':');

/** A certificate authority that issues server certificates. */
export class TestAuthority {
  private constructor(
    private readonly cert: forge.pki.Certificate,
    private readonly privateKey: forge.pki.PrivateKey,
    /** The authority's own certificate (PEM). */
    readonly pem: string,
  ) {}

  /** The authority written by `toPem` (another process's, handed over in files). */
  static fromPem(pem: Pem): TestAuthority {
    return new TestAuthority(forge.pki.certificateFromPem(pem.cert), forge.pki.privateKeyFromPem(pem.key), pem.cert);
  }

  static create(commonName: string): TestAuthority {
    const keys = keyPair();
    const cert = newCertificate(keys.publicKey, 30);
    const name = [
      { name: 'commonName', value: commonName },
      { name: 'organizationName', value: 'MaaS Assistant tests' },
    ];
    cert.setSubject(name);
    cert.setIssuer(name);
    cert.setExtensions([
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ]);
    cert.sign(keys.privateKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    return new TestAuthority(cert, keys.privateKey, forge.pki.certificateToPem(cert));
  }

  /** The certificate and its private key, to hand to another process. */
  toPem(): Pem {
    return { cert: this.pem, key: forge.pki.privateKeyToPem(this.privateKey) };
  }

  /** A server certificate for `hosts`, signed by this authority. */
  issue(options: ServerCertificateOptions): Issued {
    const keys = keyPair();
    const cert = newCertificate(keys.publicKey, options.validDays ?? 30);
    cert.setSubject([{ name: 'commonName', value: options.commonName }]);
    cert.setIssuer(this.cert.subject.attributes);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: options.hosts.map((host) => (isIp(host) ? { type: 7, ip: host } : { type: 2, value: host })) },
      { name: 'authorityKeyIdentifier', keyIdentifier: this.cert.generateSubjectKeyIdentifier().getBytes() },
    ]);
    cert.sign(this.privateKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    return { cert: forge.pki.certificateToPem(cert), key: keys.pem, ca: this.pem };
  }
}

/** A certificate signed by its own key (no authority), for `hosts`. */
export function selfSignedCertificate(options: ServerCertificateOptions): Pem {
  const keys = keyPair();
  const cert = newCertificate(keys.publicKey, options.validDays ?? 30);
  const name = [{ name: 'commonName', value: options.commonName }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'subjectAltName', altNames: options.hosts.map((host) => (isIp(host) ? { type: 7, ip: host } : { type: 2, value: host })) }]);
  cert.sign(keys.privateKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

/**
 * A company's root, as the in-host network tests need it: made before the extension host starts, and handed to it
 * only as its system store (SSL_CERT_FILE names `root.pem`); the tests read the key from the same folder to issue the
 * HTTPS front's certificate.
 */
export const companyRootFiles = { cert: 'root.pem', key: 'root-key.pem' } as const;

export function writeCompanyRoot(dir: string): { readonly certFile: string } {
  const pem = TestAuthority.create('MaaS Test Company Root').toPem();
  writeFileSync(path.join(dir, companyRootFiles.cert), pem.cert);
  writeFileSync(path.join(dir, companyRootFiles.key), pem.key);
  return { certFile: path.join(dir, companyRootFiles.cert) };
}

export function readCompanyRoot(dir: string): TestAuthority {
  return TestAuthority.fromPem({
    cert: readFileSync(path.join(dir, companyRootFiles.cert), 'utf8'),
    key: readFileSync(path.join(dir, companyRootFiles.key), 'utf8'),
  });
}
