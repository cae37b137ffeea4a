// Reads the fields of a speech request the way docs/wire.md describes them: GET carries them in the query string,
// POST in a JSON body (a form-encoded body and query-string fields are accepted too; body fields win).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError } from './speechError';

export type RequestFields = Readonly<Record<string, unknown>>;

export function readRequestFields(req: IncomingMessage, url: URL, body: Buffer): RequestFields {
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (req.method !== 'POST' || body.length === 0) return fields;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { ...fields, ...Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new SpeechError(SpeechErrorCode.invalidParameter, 'request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SpeechError(SpeechErrorCode.invalidParameter, 'request body must be a JSON object');
  }
  return { ...fields, ...(parsed as Record<string, unknown>) };
}

/** The caller's request_id (echoed in every answer), or a fresh one when absent. */
export function requestIdOf(fields: RequestFields): string {
  const value = fields.request_id;
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return randomUUID();
}

export function optionalString(fields: RequestFields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new SpeechError(SpeechErrorCode.invalidParameter, `${name} must be a string`);
  }
  return value;
}

/**
 * An integer that may arrive as a JSON number or as a string (GET). Hand-written rather than zod's coerce because
 * coerce turns "" and true into 0 and 1. NaN when the value is not an integer.
 */
function coerceInteger(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  return typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : NaN;
}

export function optionalInteger(fields: RequestFields, name: string, min: number, max: number): number | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  const number = coerceInteger(value);
  if (Number.isNaN(number) || number < min || number > max) {
    throw new SpeechError(SpeechErrorCode.invalidParameter, `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return number;
}

export function optionalIntegerOf(fields: RequestFields, name: string, allowed: readonly number[]): number | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  const number = coerceInteger(value);
  if (!allowed.includes(number)) {
    throw new SpeechError(SpeechErrorCode.invalidParameter, `${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return number;
}

/** enable_ts: the spec types it int, its sample sends a boolean; accept both and their string forms. */
export function optionalFlag(fields: RequestFields, name: string): boolean {
  const value = fields[name];
  if (value === undefined || value === null) return false;
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0' || value === '') return false;
  throw new SpeechError(SpeechErrorCode.invalidParameter, `${name} must be true, false, 1 or 0, got ${JSON.stringify(value)}`);
}
