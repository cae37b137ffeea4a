// The words for what the network refused: a certificate (which one and why, and where a company's root belongs:
// the system's certificate store, read while http.systemCertificates is on; never a way to turn verification off), a
// proxy that asked for credentials (which setting gives them, and why http.proxyAuthorization never goes to a proxy
// the environment names), and a proxy address that cannot be used (never quoted: it may hold a password). Part of the
// error presentation (errorMessages.ts), in a file of its own for its size.
import type { StoredError } from '../../core/answerRecords/answerRecords';
import type { CertificateProblem } from '../../core/http/certificateProblem';
import type { Localiser } from '../../shared/localiser';
import type { Presentation } from './presentation';

function certificateTitle({ reason, host }: CertificateProblem, l10n: Localiser): string {
  const titles: Record<CertificateProblem['reason'], string> = {
    untrusted: l10n.t('The certificate of {0} is not trusted', host),
    selfSigned: l10n.t('The certificate of {0} is self-signed', host),
    expired: l10n.t('The certificate of {0} has expired', host),
    notYetValid: l10n.t('The certificate of {0} is not valid yet', host),
    hostMismatch: l10n.t('The certificate presented for {0} is for another name', host),
    revoked: l10n.t('The certificate of {0} has been revoked', host),
    invalid: l10n.t('The certificate of {0} is invalid', host),
  };
  return titles[reason];
}

/** What the certificate says, as far as it was read. */
function certificateFacts(problem: CertificateProblem, l10n: Localiser): string[] {
  const facts: string[] = [];
  if (problem.subject !== undefined && problem.issuer !== undefined) facts.push(l10n.t('It was issued to {0} by {1}.', problem.subject, problem.issuer));
  if (problem.validFrom !== undefined && problem.validTo !== undefined) facts.push(l10n.t('It is valid from {0} to {1}.', problem.validFrom, problem.validTo));
  return facts;
}

/** Where a company's root certificate belongs, and whether the extension reads that place now. */
function systemStoreAdvice(l10n: Localiser): string {
  return l10n.t(
    "If your company inspects encrypted traffic, its root certificate belongs in your system's certificate store (your IT department installs it there): the extension trusts that store while http.systemCertificates is on, as it is by default. Otherwise the service's administrator must give it a certificate from a trusted authority.",
  );
}

function certificateAdvice(problem: CertificateProblem, l10n: Localiser): string {
  switch (problem.reason) {
    case 'untrusted':
      return `${l10n.t('None of the root certificates the extension trusts vouches for it.')} ${systemStoreAdvice(l10n)}`;
    case 'selfSigned':
      return `${l10n.t('It is signed by its own key, so nothing vouches for it.')} ${systemStoreAdvice(l10n)}`;
    case 'expired':
    case 'notYetValid':
      return l10n.t("Check your computer's date and time; if they are right, the service's administrator must renew the certificate.");
    case 'hostMismatch':
      return `${problem.names === undefined ? '' : `${l10n.t('It is valid for {0}.', problem.names)} `}${l10n.t(
        "Check that maas.baseUrl uses one of the names the certificate lists; if it does, ask the service's administrator.",
      )}`;
    case 'revoked':
    case 'invalid':
      return l10n.t("Ask the service's administrator for a valid certificate.");
  }
}

export function certificateMessage(error: StoredError, l10n: Localiser): Presentation {
  const problem = error.certificate ?? { reason: 'invalid', code: '', host: '' };
  const detail = [...certificateFacts(problem, l10n), certificateAdvice(problem, l10n), problem.code === '' ? '' : l10n.t('(Reason: {0})', problem.code)];
  return { title: certificateTitle(problem, l10n), detail: detail.filter((part) => part !== '').join(' '), actions: ['retry', 'showLogs'] };
}

export function proxyAuthMessage(error: StoredError, l10n: Localiser): Presentation {
  const proxy = error.proxy?.address ?? '';
  const credentials = error.proxy?.credentials ?? 'none';
  const fromEnvironment = error.proxy?.from === 'environment';
  const advice: Record<typeof credentials, string> = {
    url: fromEnvironment
      ? l10n.t(
          'The proxy {0}, which the environment names (HTTPS_PROXY or HTTP_PROXY), answered 407 (Proxy Authentication Required) to the user name and password in its address there. Check them where that variable is set, or set http.proxy to the proxy with your credentials in your user settings.',
          proxy,
        )
      : l10n.t(
          'The proxy {0} answered 407 (Proxy Authentication Required) to the user name and password in http.proxy. Check them in your user settings (characters such as @ and : must be percent-encoded), or set http.proxyAuthorization instead.',
          proxy,
        ),
    authorization: l10n.t(
      'The proxy {0} answered 407 (Proxy Authentication Required) to the value of http.proxyAuthorization. Check it in your user settings, or put your user name and password in http.proxy instead.',
      proxy,
    ),
    withheld: l10n.t(
      'The proxy {0}, which the environment names (HTTPS_PROXY or HTTP_PROXY), answered 407 (Proxy Authentication Required). Your http.proxyAuthorization goes only to the proxy your own http.proxy names, never to one the environment names: if {0} is your proxy, set http.proxy to its address in your user settings.',
      proxy,
    ),
    none: l10n.t(
      'The proxy {0} answered 407 (Proxy Authentication Required). In your user settings, put your user name and password in http.proxy (http://user:password@host:port), or set http.proxyAuthorization to the whole Proxy-Authorization value.',
      proxy,
    ),
  };
  const title = credentials === 'none' || credentials === 'withheld' ? l10n.t('The proxy asks for credentials') : l10n.t('The proxy refused your credentials');
  return { title, detail: advice[credentials], actions: ['retry', 'showLogs'] };
}

/** An http.proxy the client cannot use: named by its scheme and host when it has them, never quoted as written. */
export function invalidProxyMessage(error: StoredError, l10n: Localiser): Presentation {
  const address = error.proxy?.address ?? '';
  return {
    title: l10n.t('The proxy address is invalid'),
    detail:
      address === ''
        ? l10n.t(
            'http.proxy is not written as http://host:port, https://host:port or socks5://host:port (its value is not shown here: it may hold a password). Fix it in your user settings (with credentials: http://user:password@host:port), then retry.',
          )
        : l10n.t('http.proxy names {0}, which is not an http://, https:// or socks5:// proxy. Fix it in your user settings, then retry.', address),
    actions: ['retry'],
  };
}
