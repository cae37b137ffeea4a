// Reading a field that speech services spell in several ways (`voice_id`, `voiceId`, `VoiceId`): names are compared
// with case, `_` and `-` ignored, and the first name of the caller's list whose value its zod schema accepts wins,
// so the list's order is the order of preference (the spec's own field first).
import * as z from '../../shared/zod';

const jsonRecord = z.record(z.string(), z.unknown());
export type JsonRecord = z.infer<typeof jsonRecord>;

/** A non-empty string, trimmed. */
export const nonEmptyText = z.string().check(z.trim(), z.minLength(1));
/** A number, also written as a numeric string ("40000001", "640"), as speech services write codes and times. */
export const numeric = z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]);

/** The value as a record, or undefined when it is not a JSON object. */
export function recordOf(value: unknown): JsonRecord | undefined {
  const parsed = jsonRecord.safeParse(value);
  return parsed.success && !Array.isArray(value) ? parsed.data : undefined;
}

const normalise = (name: string): string => name.replace(/[_-]/g, '').toLowerCase();

export interface Picked<T> {
  /** The normalised name under which the value was found. */
  readonly name: string;
  readonly value: T;
}

/**
 * The first of `names` (normalised: lower case, no `_` or `-`) under which `record` holds a value that `schema`
 * accepts, with the schema's output; `skip` names one to pass over (a field already read as something else).
 */
export function pickField<T>(record: JsonRecord, names: readonly string[], schema: z.ZodMiniType<T>, skip?: string): Picked<T> | undefined {
  const byName = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const name = normalise(key);
    if (!byName.has(name)) byName.set(name, value);
  }
  for (const name of names) {
    if (name === skip || !byName.has(name)) continue;
    const parsed = schema.safeParse(byName.get(name));
    if (parsed.success) return { name, value: parsed.data };
  }
  return undefined;
}

/** The answer itself, then the objects it keeps under `data` or `result` (services that wrap their payload). */
export function placesOf(answer: JsonRecord): JsonRecord[] {
  const inner = pickField(answer, ['data'], z.unknown())?.value;
  const result = pickField(answer, ['result'], z.unknown())?.value;
  return [answer, ...[inner, result].map(recordOf).filter((value): value is JsonRecord => value !== undefined)];
}

// The status a speech answer reports about itself: a number and a message. The spec (section 7) names them `code`
// (0 = success) and `message`; related speech services write the same under other names: a `status` and a
// `message` without any `code` (a failure answered as `{task_id, result, status: 40000001, message}`), an
// `error_code` with an `error_message`, a `msg`, an `error` string or object. A `status` equal to the answer's
// own HTTP status is a gateway echoing it, not a speech code: that answer is classified like chat's (a 503 stays a
// busy answer that is retried).
export interface SpeechStatus {
  /** The service's number, when it sent one (not necessarily an error: the caller decides with the payload). */
  readonly code: number | undefined;
  readonly message: string | undefined;
}

const integer = z.pipe(numeric, z.int());
const CODE_FIELDS = ['code', 'errorcode', 'status'];
const MESSAGE_FIELDS = ['message', 'msg', 'errormessage', 'errormsg', 'statusmessage', 'error'];
const errorObject = z.object({ message: nonEmptyText });

export function speechStatusOf(value: unknown, httpStatus: number): SpeechStatus {
  const record = recordOf(value);
  if (record === undefined) return { code: undefined, message: undefined };
  const code = pickField(record, CODE_FIELDS, integer);
  const echoed = code?.name === 'status' && code.value === httpStatus;
  const message = pickField(
    record,
    MESSAGE_FIELDS,
    z.union([
      nonEmptyText,
      z.pipe(
        errorObject,
        z.transform((error) => error.message),
      ),
    ]),
  );
  return { code: echoed ? undefined : code?.value, message: message?.value };
}
