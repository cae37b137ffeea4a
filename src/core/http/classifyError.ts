// The only place that reads the service's error messages: HTTP status first, then the message text of the
// spec's error table (section 7). Also reads the body shapes seen in the wild: {"error":{"message"}},
// the newer gateway's {"message":"账户余额不足","error":{…}}, a bare JSON line or `data:` line inside an
// event-stream body, and plain text.
import * as z from '../../shared/zod';
import { parseJsonBody } from './parseOrThrow';
import { ServiceError, type ServiceErrorKindFromTable } from './serviceError';

interface TableRow {
  readonly status: number;
  readonly kind: ServiceErrorKindFromTable;
  readonly matches: (message: string) => boolean;
}

const includes =
  (needle: string) =>
  (message: string): boolean =>
    message.includes(needle);

// Order matters where one message contains another's words ("当前用户无权限" before the apikey rows).
const TABLE: readonly TableRow[] = [
  { status: 400, kind: 'badRequest', matches: (m) => /^\s*参数错误/.test(m) },
  { status: 401, kind: 'keyMissing', matches: includes('apikey缺失') },
  { status: 401, kind: 'keyUnknown', matches: includes('apikey不存在') },
  { status: 403, kind: 'keyDisabled', matches: includes('apikey被禁用') },
  { status: 403, kind: 'realNameRequired', matches: includes('实名认证') },
  { status: 403, kind: 'userNoModelPermission', matches: includes('当前用户无权限') },
  { status: 403, kind: 'keyNoModelPermission', matches: includes('apikey无权限') },
  // 余额不足 covers the table's 余额不足,请及时充值 and the newer gateway's 账户余额不足.
  { status: 403, kind: 'insufficientBalance', matches: includes('余额不足') },
  { status: 403, kind: 'contentRefused', matches: includes('暂时无法回答') },
  { status: 500, kind: 'systemError', matches: includes('系统异常') },
  { status: 503, kind: 'busy', matches: includes('服务繁忙') },
  { status: 503, kind: 'internalAuthFailed', matches: includes('内部模型服务鉴权失败') },
  { status: 503, kind: 'internalServiceMissing', matches: includes('内部模型服务不存在') },
  { status: 503, kind: 'internalPredictionForbidden', matches: includes('内部模型服务禁止预测') },
];

/** What a status alone says when the message matches no row. */
function kindFromStatus(status: number | undefined): ServiceErrorKindFromTable | 'protocol' {
  if (status === undefined) return 'protocol';
  if (status === 401) return 'keyUnknown';
  if (status === 403) return 'userNoModelPermission';
  // docs/wire.md: nothing is known about rate limiting; 429 is treated like the busy 503.
  if (status === 429 || status === 503) return 'busy';
  if (status >= 500) return 'systemError';
  if (status >= 400) return 'badRequest';
  return 'protocol';
}

/** The kind of an error answer, and whether its message matched a row of the table (else: a guess from the status). */
function classifyMessage(status: number | undefined, message: string): { kind: ServiceErrorKindFromTable | 'protocol'; matched: boolean } {
  const row = TABLE.find((r) => r.status === status && r.matches(message)) ?? TABLE.find((r) => r.matches(message));
  return row === undefined ? { kind: kindFromStatus(status), matched: false } : { kind: row.kind, matched: true };
}

const errorBodySchema = z.looseObject({
  message: z.optional(z.string()),
  msg: z.optional(z.string()),
  error: z.optional(z.union([z.string(), z.looseObject({ message: z.optional(z.string()), code: z.optional(z.unknown()) })])),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error message of a parsed JSON value, or undefined when it is not an error body. */
export function errorMessageOf(value: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { error, message, msg } = parsed.data;
  if (typeof error === 'string') return error;
  return error?.message ?? message ?? msg;
}

/**
 * Whether a parsed payload is an error object rather than a chunk: an `error` key, or (as some services answer a
 * request with HTTP 200) a `code` that is not success with a `message`/`msg` and no `choices`.
 */
export function isErrorPayload(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as { error?: unknown; choices?: unknown; code?: unknown; message?: unknown; msg?: unknown };
  if (body.error != null) return true;
  const failedCode = body.code !== undefined && body.code !== null && !SUCCESS_CODES.has(String(body.code));
  return body.choices === undefined && failedCode && (typeof body.message === 'string' || typeof body.msg === 'string');
}

const SUCCESS_CODES = new Set(['0', '200']);

function tryJson(text: string): unknown {
  try {
    return parseJsonBody(text);
  } catch {
    return undefined;
  }
}

/** Reads a message out of an error body of any shape seen in the wild. */
export function extractErrorMessage(body: string): string {
  const trimmed = body.trim();
  const whole = errorMessageOf(tryJson(trimmed));
  if (whole !== undefined) return whole;
  // An event-stream body, or a bare JSON line in it.
  for (const line of trimmed.split(/\r\n|\r|\n/)) {
    const payload = line.replace(/^data:\s?/, '').trim();
    const message = payload.startsWith('{') ? errorMessageOf(tryJson(payload)) : undefined;
    if (message !== undefined) return message;
  }
  // A proxy's or gateway's HTML error page: its title (often "502 Bad Gateway"), else its first words, never markup.
  if (/^<(!doctype html|html|head|body)\b/i.test(trimmed)) return htmlSummary(trimmed);
  return trimmed.slice(0, 500);
}

function htmlSummary(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const text = (title ?? html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, 200).replace(/[<>]/g, '');
}

export interface HttpErrorInput {
  readonly status: number | undefined;
  readonly body: string;
  readonly retryAfter?: string | readonly string[] | undefined;
}

/** A ServiceError for a non-200 answer (or an error object found inside a 200 answer). */
export function classifyHttpError(input: HttpErrorInput): ServiceError {
  const message = extractErrorMessage(input.body);
  return errorFromMessage(input.status, message, parseRetryAfter(input.retryAfter));
}

export function errorFromMessage(status: number | undefined, message: string, retryAfterMs?: number): ServiceError {
  const { kind, matched } = classifyMessage(status, message);
  const prefix = status === undefined ? 'The service reported an error' : `The service answered HTTP ${status}`;
  return new ServiceError(kind, message ? `${prefix}: ${message}` : prefix, { status, serverMessage: message, retryAfterMs, matched });
}

// Parses a Retry-After header: either delay-seconds or an HTTP date (RFC 9110 section 10.2.3).
/** Milliseconds to wait, or undefined when the header is absent or unparseable. Past dates give 0. */
export function parseRetryAfter(value: string | readonly string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only something that looks like a date: Date.parse accepts bare numbers such as "-1" as years.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
