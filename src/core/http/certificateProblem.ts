// A certificate the client refused: why (from the verification code Node's TLS gives), for which host, and what the
// certificate says (to whom it was issued, by whom, until when), so that the user can tell a company's TLS inspection
// from an expired or misaddressed service. What a certificate says comes from the other side: it is kept short and
// free of control characters.
import type { PeerCertificate } from 'node:tls';
import * as z from '../../shared/zod';

const certificateReasonSchema = z.enum(['untrusted', 'selfSigned', 'expired', 'notYetValid', 'hostMismatch', 'revoked', 'invalid']);
export type CertificateReason = z.infer<typeof certificateReasonSchema>;

export const certificateProblemSchema = z.object({
  reason: certificateReasonSchema,
  /** Node's verification code, e.g. UNABLE_TO_GET_ISSUER_CERT_LOCALLY. */
  code: z.string(),
  /** host:port the client was connecting to. */
  host: z.string(),
  subject: z.optional(z.string()),
  issuer: z.optional(z.string()),
  /** The names the certificate is valid for (subjectAltName). */
  names: z.optional(z.string()),
  validFrom: z.optional(z.string()),
  validTo: z.optional(z.string()),
});
export type CertificateProblem = z.infer<typeof certificateProblemSchema>;

const REASONS: ReadonlyArray<readonly [CertificateReason, readonly string[]]> = [
  [
    'untrusted',
    ['UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_UNTRUSTED'],
  ],
  ['selfSigned', ['DEPTH_ZERO_SELF_SIGNED_CERT']],
  ['expired', ['CERT_HAS_EXPIRED']],
  ['notYetValid', ['CERT_NOT_YET_VALID']],
  ['hostMismatch', ['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']],
  ['revoked', ['CERT_REVOKED']],
  [
    'invalid',
    [
      'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
      'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
      'CERT_SIGNATURE_FAILURE',
      'ERROR_IN_CERT_NOT_BEFORE_FIELD',
      'ERROR_IN_CERT_NOT_AFTER_FIELD',
      'INVALID_CA',
      'PATH_LENGTH_EXCEEDED',
      'INVALID_PURPOSE',
      'CERT_REJECTED',
      'CERT_CHAIN_TOO_LONG',
      'ERR_TLS_CERT_SIGNATURE_ALGORITHM_UNSUPPORTED',
    ],
  ],
];

const REASON_OF = new Map(REASONS.flatMap(([reason, codes]) => codes.map((code) => [code, reason] as const)));

/**
 * The certificate failure inside an undici error, if it is one: the error itself, or its cause (undici wraps a host
 * name mismatch of a tunnelled connection in a SecureProxyConnectionError).
 */
export function certificateFailure(error: unknown): { reason: CertificateReason; code: string; peer?: Partial<PeerCertificate> } | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 3; depth++) {
    const { code, cert } = current as { code?: unknown; cert?: unknown };
    const reason = typeof code === 'string' ? REASON_OF.get(code) : undefined;
    if (reason !== undefined && typeof code === 'string') {
      return { reason, code, peer: cert !== null && typeof cert === 'object' ? (cert as Partial<PeerCertificate>) : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Text from a certificate, safe to show: printable, at most 200 characters. */
function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  if (text === '') return undefined;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** A distinguished name as `CN=…, O=…` (the fields people read), from Node's parsed form. */
function distinguishedName(name: unknown): string | undefined {
  if (name === null || typeof name !== 'object') return undefined;
  const fields = name as Record<string, unknown>;
  const parts = ['CN', 'O', 'OU']
    .map((field) => [field, Array.isArray(fields[field]) ? (fields[field] as unknown[]).join('+') : fields[field]] as const)
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([field, value]) => `${field}=${String(value)}`);
  return clean(parts.join(', '));
}

/** A certificate date (`Nov 25 10:00:00 2026 GMT`) as YYYY-MM-DD. */
function day(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** What a peer certificate says, as a problem's fields. */
export function certificateFacts(
  peer: Partial<PeerCertificate> | undefined,
): Pick<CertificateProblem, 'subject' | 'issuer' | 'names' | 'validFrom' | 'validTo'> {
  if (peer === undefined) return {};
  const facts = {
    subject: distinguishedName(peer.subject),
    issuer: distinguishedName(peer.issuer),
    names: clean(peer.subjectaltname),
    validFrom: day(peer.valid_from),
    validTo: day(peer.valid_to),
  };
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
}

/** The problem's one-line English description, for logs and the error's message. */
export function describeCertificateProblem(problem: CertificateProblem): string {
  const issued = [
    problem.subject && `issued to ${problem.subject}`,
    problem.issuer && `by ${problem.issuer}`,
    problem.validTo && `valid until ${problem.validTo}`,
  ]
    .filter(Boolean)
    .join(' ');
  return `The certificate of ${problem.host} was refused (${problem.code})${issued ? `: ${issued}` : ''}.`;
}
