// Authentication and permission checks for chat (their place in the precedence is in chatAdmission.ts): who you are
// (401 missing, 401 unknown, 403 disabled), then what the account and the key may do with the requested model
// (real-name, key permission, user permission, balance).
import { CHAT_ERRORS } from './chatErrors';
import type { ChatError } from './chatErrors';
import type { StateStore } from '../state/stateStore';
import type { KeyRecord, ModelCode } from '../state/stateSchema';

export type KeyCheck = { readonly ok: true; readonly key: KeyRecord } | { readonly ok: false; readonly error: ChatError };

export function authenticate(store: StateStore, authorization: string | undefined): KeyCheck {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return { ok: false, error: CHAT_ERRORS.keyMissing };
  const key = store.findKeyByValue(match[1]);
  if (!key) return { ok: false, error: CHAT_ERRORS.keyUnknown };
  if (!key.enabled) return { ok: false, error: CHAT_ERRORS.keyDisabled };
  return { ok: true, key };
}

/** `model` undefined (absent or unknown): only the account-wide checks apply; validation names the field later. */
export function authorizeModel(store: StateStore, key: KeyRecord, model: ModelCode | undefined): ChatError | undefined {
  const account = store.account();
  if (!account.realNameVerified) return CHAT_ERRORS.realNameRequired;
  if (model !== undefined && key.type !== 'default' && !key.interfaces.includes(model)) return CHAT_ERRORS.keyNoModel;
  if (model !== undefined && !account.models.includes(model)) return CHAT_ERRORS.userNoModel;
  if (account.balance <= 0) return CHAT_ERRORS.balance;
  return undefined;
}
