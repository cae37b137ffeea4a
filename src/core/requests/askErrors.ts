// A question's failures as the error a surface keeps or shows (a StoredError: its kind, the server's words redacted,
// what the words' layer needs), built here only: a refusal of the plan, no service address, a service error, anything
// else. A surface that reports a failure by throwing (VS Code's chat) throws AnswerFailed with the stored error.
import type { StoredError } from '../answerRecords/answerRecords';
import { isServiceError, type ServiceError } from '../http/serviceError';
import type { PlanRefusal } from './requestPlan';

/** The service address as the settings hold it: empty when unset, with the problem of a value that is no address. */
export interface AddressSettings {
  readonly baseUrl: string;
  readonly baseUrlProblem?: string;
}

/** A question the plan refused, as the error it ends with (its words are the same on every surface). */
export function refusalError(refusal: PlanRefusal): StoredError {
  switch (refusal.kind) {
    case 'imagesNeedVision':
      return { kind: 'imagesNeedVision', message: `${refusal.model} does not take images.`, value: refusal.model };
  }
}

/** No service address to ask: unset, or set to something that is not an http(s) address. */
export function noAddressError(settings: AddressSettings): StoredError {
  return settings.baseUrlProblem === undefined
    ? { kind: 'noBaseUrl', message: 'maas.baseUrl is not set.' }
    : { kind: 'invalidBaseUrl', message: `maas.baseUrl is not an http(s) address: ${settings.baseUrlProblem}`, value: settings.baseUrlProblem };
}

/** An answer that ended with an error, thrown by a surface that reports failures by throwing (the provider, @maas). */
export class AnswerFailed extends Error {
  constructor(readonly stored: StoredError) {
    super(stored.message);
  }
}

/** A failure as a turn keeps it: the kind, the server's words (redacted) and whether they matched a known error. */
export function storedErrorFrom(error: unknown, redact: (text: string) => string): StoredError {
  if (error instanceof AnswerFailed) return error.stored;
  if (isServiceError(error)) return storedServiceError(error, redact);
  return { kind: 'unexpected', message: redact(error instanceof Error ? error.message : String(error)) };
}

function storedServiceError(error: ServiceError, redact: (text: string) => string): StoredError {
  return {
    kind: error.kind,
    status: error.status,
    serverMessage: error.serverMessage === undefined ? undefined : redact(error.serverMessage),
    message: redact(error.message),
    matched: error.matched,
    ...(error.address === undefined ? {} : { value: redact(error.address.origin), setting: error.address.setting }),
    ...(error.certificate === undefined ? {} : { certificate: error.certificate }),
    ...(error.proxy === undefined ? {} : { proxy: { ...error.proxy, address: redact(error.proxy.address) } }),
  };
}
