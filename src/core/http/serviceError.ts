// The one error type of the service client. Every failure (HTTP status, stream error, network, timeout, a
// user's cancel, client-side validation, speech `code`) becomes a ServiceError with a `kind` where it arises;
// the VS Code layer turns kinds into words and actions in one place.

import type { CertificateProblem } from './certificateProblem';
import type { ProxyCredentials } from './networkOptions';

/** One kind per row of the spec's error table (section 7). */
export type ServiceErrorKindFromTable =
  | 'keyMissing' // 401 apikey缺失
  | 'keyUnknown' // 401 apikey不存在
  | 'keyDisabled' // 403 apikey被禁用
  | 'realNameRequired' // 403 请先完成实名认证
  | 'keyNoModelPermission' // 403 apikey无权限调用该模型
  | 'userNoModelPermission' // 403 当前用户无权限调用该模型
  | 'insufficientBalance' // 403 余额不足,请及时充值
  | 'contentRefused' // 403 非常抱歉,这个问题我暂时无法回答…
  | 'badRequest' // 400 参数错误:…
  | 'systemError' // 500 系统异常,请联系技术支持
  | 'busy' // 503 服务繁忙,请稍后再试 (and 429)
  | 'internalAuthFailed' // 503 内部模型服务鉴权失败
  | 'internalServiceMissing' // 503 内部模型服务不存在
  | 'internalPredictionForbidden'; // 503 内部模型服务禁止预测

export type ServiceErrorKind =
  | ServiceErrorKindFromTable
  | 'network' // no answer: connection refused/reset, DNS, TLS, proxy
  | 'certificate' // the service's (or an https proxy's) certificate was refused: untrusted, expired, another host's
  | 'proxyAuth' // the proxy answered 407: no credentials, or wrong ones
  | 'invalidProxy' // the proxy address is not one undici can use (nothing was sent)
  | 'timeout' // connect, headers or idle-body timeout before any visible text
  | 'protocol' // an answer that does not match the wire format
  | 'interrupted' // a stream that ended without [DONE] or a finish reason; carries the partial text
  | 'tooLarge' // an answer past the client's size cap; a streamed one carries the partial text
  | 'cancelled' // the caller's AbortSignal fired: not an error to display
  | 'validation' // refused on the client before sending
  | 'addressRefused' // a credential kept from an address the user did not choose or approve (nothing was sent)
  | 'speech'; // a speech route answered a non-zero `code`

/** What a failed speech call was about, as far as the client can tell (core/speech/speechProblems.ts names it). */
export type SpeechProblem = 'credentials' | 'parameter' | 'textTooLong' | 'unknownTask' | 'synthesisFailed';

/** Whether the same request may succeed when repeated (automatic retries happen only before the first token). */
const RETRYABLE_KINDS: ReadonlySet<ServiceErrorKind> = new Set<ServiceErrorKind>(['busy', 'systemError', 'network', 'timeout', 'interrupted']);

export interface ServiceErrorDetails {
  readonly status?: number;
  /** The server's own message, kept verbatim (credentials redacted). */
  readonly serverMessage?: string;
  readonly retryable?: boolean;
  /** From Retry-After, when the server sent one. */
  readonly retryAfterMs?: number;
  /** Text already shown when a stream was interrupted. */
  readonly partialText?: string;
  /** Speech `code` for kind 'speech', as the service sent it. */
  readonly speechCode?: number;
  /** What a 'speech' error was about, where the client can tell (speechProblems.ts). */
  readonly speechProblem?: SpeechProblem;
  /** The offending field for kind 'validation'. */
  readonly field?: string;
  /**
   * For an HTTP or in-stream error: whether the server's message matched a row of the spec's error table. When
   * false the kind is only a guess from the status, so the UI shows the server's own message, not the row's text.
   */
  readonly matched?: boolean;
  /** For kind 'addressRefused': the origin refused and the setting that named it. */
  readonly address?: { readonly origin: string; readonly setting: string };
  /** For kind 'certificate': why, for which host, and what the certificate says. */
  readonly certificate?: CertificateProblem;
  /** For kinds 'proxyAuth' and 'invalidProxy': the proxy (without credentials) and what it was given. */
  readonly proxy?: ProxyProblem;
  readonly cause?: unknown;
}

export interface ProxyProblem {
  /** The proxy's scheme, host and port, credentials removed; '' when the value does not parse (it is never shown). */
  readonly address: string;
  readonly credentials: ProxyCredentials;
  /** Who named the proxy: the user's http.proxy, or HTTPS_PROXY / HTTP_PROXY in the environment. */
  readonly from?: 'setting' | 'environment';
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly partialText: string | undefined;
  readonly speechCode: number | undefined;
  readonly speechProblem: SpeechProblem | undefined;
  readonly field: string | undefined;
  readonly matched: boolean | undefined;
  readonly address: { readonly origin: string; readonly setting: string } | undefined;
  readonly certificate: CertificateProblem | undefined;
  readonly proxy: ProxyProblem | undefined;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceError';
    this.kind = kind;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.retryable = details.retryable ?? (RETRYABLE_KINDS.has(kind) || details.speechProblem === 'synthesisFailed');
    this.retryAfterMs = details.retryAfterMs;
    this.partialText = details.partialText;
    this.speechCode = details.speechCode;
    this.speechProblem = details.speechProblem;
    this.field = details.field;
    this.matched = details.matched;
    this.address = details.address;
    this.certificate = details.certificate;
    this.proxy = details.proxy;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** A user's cancel; the UI shows nothing for it. */
export function cancelledError(cause?: unknown): ServiceError {
  return new ServiceError('cancelled', 'The request was cancelled.', { cause, retryable: false });
}
