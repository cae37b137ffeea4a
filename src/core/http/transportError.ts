// What a failed connection or request means, from what undici and Node's TLS throw: the caller's cancel, a timeout,
// a refused certificate, a proxy that asks for credentials, or a service that could not be reached. The only place
// that reads these errors' codes and texts.
import { certificateFacts, certificateFailure, describeCertificateProblem } from './certificateProblem';
import { redactSecrets } from './redact';
import { cancelledError, ServiceError } from './serviceError';

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether an error means the base URL could not be reached at all (a reason to fail over). */
export function isUnreachable(error: ServiceError): boolean {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECT_FAILURES.has(code);
}

// undici's RequestAbortedError when a proxy answers CONNECT with anything but 200 (lib/dispatcher/proxy-agent.js).
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/;

/** The status with which a proxy refused to open a tunnel, if that is what the error says. */
function tunnelStatus(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : undefined;
  const match = message === undefined ? null : TUNNEL_REFUSED.exec(message);
  return match ? Number(match[1]) : undefined;
}

/**
 * A ServiceError for anything undici throws; the caller's abort is 'cancelled'. `target` (host:port the request went
 * to) names the host whose certificate was refused.
 */
export function toServiceError(error: unknown, signal: AbortSignal | undefined, secrets: readonly string[], target?: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal?.aborted) return cancelledError(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  const certificate = certificateFailure(error);
  if (certificate !== undefined) {
    const problem = { reason: certificate.reason, code: certificate.code, host: target ?? '', ...certificateFacts(certificate.peer) };
    return new ServiceError('certificate', describeCertificateProblem(problem), { certificate: problem, cause: error });
  }
  if (tunnelStatus(error) === 407) {
    return new ServiceError('proxyAuth', 'The proxy answered 407 Proxy Authentication Required.', { cause: error });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new ServiceError('timeout', `Connecting to the service timed out (${message}).`, { cause: error });
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return new ServiceError('timeout', 'The service did not answer in time.', { cause: error });
  if (code === 'UND_ERR_BODY_TIMEOUT') return new ServiceError('timeout', 'The service stopped sending in the middle of its answer.', { cause: error });
  return new ServiceError('network', `Could not reach the service: ${message}${typeof code === 'string' ? ` (${code})` : ''}.`, { cause: error });
}
