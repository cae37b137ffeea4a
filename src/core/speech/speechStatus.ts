// The status a speech answer reports about itself: a number and a message. The spec (section 7) names them `code`
// (0 = success) and `message`; related speech services write the same under other names: a `status` and a
// `message` without any `code` (a failure answered as `{task_id, result, status: 40000001, message}`), an
// `error_code` with an `error_message`, a `msg`, an `error` string or object. A `status` equal to the answer's
// own HTTP status is a gateway echoing it, not a speech code: that answer is classified like chat's (a 503 stays a
// busy answer that is retried).
import * as z from 'zod';
import { nonEmptyText, numeric, pickField, recordOf } from './pickField';

export interface SpeechStatus {
  /** The service's number, when it sent one (not necessarily an error: the caller decides with the payload). */
  readonly code: number | undefined;
  readonly message: string | undefined;
}

const integer = numeric.pipe(z.int());
const CODE_FIELDS = ['code', 'errorcode', 'status'];
const MESSAGE_FIELDS = ['message', 'msg', 'errormessage', 'errormsg', 'statusmessage', 'error'];
const errorObject = z.object({ message: nonEmptyText });

export function speechStatusOf(value: unknown, httpStatus: number): SpeechStatus {
  const record = recordOf(value);
  if (record === undefined) return { code: undefined, message: undefined };
  const code = pickField(record, CODE_FIELDS, integer);
  const echoed = code?.name === 'status' && code.value === httpStatus;
  const message = pickField(record, MESSAGE_FIELDS, z.union([nonEmptyText, errorObject.transform((error) => error.message)]));
  return { code: echoed ? undefined : code?.value, message: message?.value };
}
