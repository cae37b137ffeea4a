// What a failed connection means: each of Node's certificate verification codes is a certificate error with its
// reason (also when undici wraps it), a proxy's 407 to CONNECT is a proxyAuth error, and the rest stays as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { toServiceError } from '../../../../src/core/http/transportError';

function coded(code: string, message = 'verification failed', extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

describe('transport errors', () => {
  const reasons: readonly [string, string][] = [
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'selfSigned'],
    ['CERT_HAS_EXPIRED', 'expired'],
    ['CERT_NOT_YET_VALID', 'notYetValid'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'hostMismatch'],
    ['CERT_REVOKED', 'revoked'],
    ['CERT_SIGNATURE_FAILURE', 'invalid'],
  ];
  for (const [code, reason] of reasons) {
    it(`${code} is a certificate error (${reason}) for the host, not retried`, () => {
      const error = toServiceError(coded(code), undefined, [], 'maas.corp.test:8443');
      assert.equal(error.kind, 'certificate');
      assert.deepEqual(error.certificate, { reason, code, host: 'maas.corp.test:8443' });
      assert.equal(error.retryable, false);
      assert.match(error.message, new RegExp(`certificate of maas\\.corp\\.test:8443 was refused \\(${code}\\)`));
    });
  }

  it('a host name mismatch carries the certificate Node checked, and is found inside undici’s wrapper too', () => {
    const cert = {
      subject: { CN: 'elsewhere.corp.test' },
      issuer: { CN: 'Corp Root', O: 'Corp' },
      subjectaltname: 'DNS:elsewhere.corp.test',
      valid_from: 'Jan  1 00:00:00 2026 GMT',
      valid_to: 'Jan  1 00:00:00 2027 GMT',
    };
    const tls = coded('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", { cert, host: 'maas.corp.test' });
    const wrapped = Object.assign(new Error('TLS Error', { cause: tls }), { code: 'UND_ERR_PRX_TLS' });
    const error = toServiceError(wrapped, undefined, [], 'maas.corp.test');
    assert.deepEqual(error.certificate, {
      reason: 'hostMismatch',
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      host: 'maas.corp.test',
      subject: 'CN=elsewhere.corp.test',
      issuer: 'CN=Corp Root, O=Corp',
      names: 'DNS:elsewhere.corp.test',
      validFrom: '2026-01-01',
      validTo: '2027-01-01',
    });
  });

  it('what a certificate says is shown without control characters and at a bounded length', () => {
    const cert = { subject: { CN: `evil\u0007\nname${'x'.repeat(400)}` }, issuer: { CN: 'Root' } };
    const error = toServiceError(coded('ERR_TLS_CERT_ALTNAME_INVALID', 'mismatch', { cert }), undefined, [], 'h');
    assert.doesNotMatch(error.certificate?.subject ?? '', /[\u0000-\u001f]/);
    assert.ok((error.certificate?.subject ?? '').length <= 200);
  });

  it("a proxy's 407 to CONNECT is a proxyAuth error; another refusal of the tunnel stays a network error", () => {
    const refused = (status: number): Error =>
      Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), { code: 'UND_ERR_ABORTED', name: 'RequestAbortedError' });
    const auth = toServiceError(refused(407), undefined, []);
    assert.equal(auth.kind, 'proxyAuth');
    assert.equal(auth.retryable, false);
    assert.equal(toServiceError(refused(502), undefined, []).kind, 'network');
  });

  it('the caller’s abort is a cancel even when the connection failed on a certificate; other errors keep their kinds', () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal(toServiceError(coded('CERT_HAS_EXPIRED'), controller.signal, []).kind, 'cancelled');
    assert.equal(toServiceError(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), undefined, []).kind, 'network');
    assert.equal(toServiceError(coded('UND_ERR_HEADERS_TIMEOUT'), undefined, []).kind, 'timeout');
    const given = new ServiceError('busy', 'busy');
    assert.equal(toServiceError(given, undefined, []), given);
  });
});
