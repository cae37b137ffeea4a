// The checks a chat request passes before any work is done for it, in the precedence documented in service/README.md:
// who is calling (401 missing, 401 unknown, 403 disabled), then the body's size, then what the account and the key
// may do with the requested model (real-name, key permission, user permission, balance), then the body's fields
// (400), then the content refusal (403). Permissions come before validation because they describe the caller, not
// the request: a caller who may not call gets that answer whatever they send.
import { authenticate, authorizeModel } from './authorizeChat';
import { CHAT_ERRORS, parameterError } from './chatErrors';
import { messageText, validateChatRequest } from './chatRequestSchema';
import { parseJsonBody } from '../http/httpIo';
import { MODEL_CODES } from '../state/stateSchema';
import type { ChatContext } from './chatContext';
import type { ChatError } from './chatErrors';
import type { ChatRequest } from './chatRequestSchema';
import type { ReadBody } from '../http/httpIo';
import type { KeyRecord, ModelCode } from '../state/stateSchema';

export type Admission = { readonly ok: true; readonly key: KeyRecord; readonly request: ChatRequest } | { readonly ok: false; readonly error: ChatError };

export function admitChatRequest(ctx: ChatContext, authorization: string | undefined, read: ReadBody): Admission {
  const who = authenticate(ctx.store, authorization);
  if (!who.ok) return who;
  if (read.oversized) return { ok: false, error: parameterError(`body 超过 ${ctx.maxBodyBytes} 字节上限`) };
  const json = parseJsonBody(read.body);
  const denied = authorizeModel(ctx.store, who.key, requestedModel(json));
  if (denied) return { ok: false, error: denied };
  const validated = validateChatRequest(json, ctx.acceptDefaultRepetitionPenalty, ctx.ranges);
  if (!validated.ok) return { ok: false, error: parameterError(validated.detail) };
  const request = validated.request;
  if (request.messages.some((m) => ctx.sensitive.contains(messageText(m)))) return { ok: false, error: CHAT_ERRORS.refused };
  return { ok: true, key: who.key, request };
}

/** The model the body asks for when it names a known one; the model checks wait for validation otherwise. */
function requestedModel(json: unknown): ModelCode | undefined {
  if (typeof json !== 'object' || json === null || !('model' in json)) return undefined;
  const model = json.model;
  return typeof model === 'string' && (MODEL_CODES as readonly string[]).includes(model) ? (model as ModelCode) : undefined;
}
