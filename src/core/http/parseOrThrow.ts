// Turns zod issues into one ServiceError that names the field, the value received and the rule broken.
import type * as z from '../../shared/zod';
import { ServiceError } from './serviceError';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') || '(request)';
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Validates `input`; throws a ServiceError of kind 'validation' (nothing is sent) when it does not conform. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const field = first ? fieldName(first.path) : '(request)';
  const text = issues.map((issue) => `${fieldName(issue.path)} = ${describe(valueAt(input, issue.path))}: ${issue.message}`).join('; ');
  return fail(field, text);
}

function fail(field: string, message: string): never {
  throw new ServiceError('validation', `Invalid request: ${message}`, { field, retryable: false });
}

/** A client-side refusal that names the field, for rules zod schemas do not express. */
export function validationError(field: string, value: unknown, rule: string): ServiceError {
  return new ServiceError('validation', `Invalid request: ${field} = ${describe(value)}: ${rule}`, { field, retryable: false });
}

// JSON.parse for a whole body the client reads (chat answers and error bodies, every speech answer). A leading byte
// order mark (U+FEFF) is not part of the JSON: RFC 8259 section 8.1 lets a parser ignore it, some gateways write it
// (UTF-8 encoders that emit one by default), and JSON.parse refuses it. Event streams need no such step: the
// streaming TextDecoder drops a BOM at the start of the body.
const BYTE_ORDER_MARK = 0xfeff;

/** The JSON value of a body's text; throws JSON.parse's SyntaxError when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);
}
