// Builds the state a fresh data folder starts from: the seed where given, else one system default key, a verified
// account with a positive balance and access to every model.
import { randomBytes } from 'node:crypto';
import { MODEL_CODES } from './stateSchema';
import type { SeedFile, ServiceState } from './stateSchema';

export const DEFAULT_KEY_ID = 'default';

export function newApiKey(): string {
  return `sk-${randomBytes(24).toString('hex')}`;
}

export function newKeyId(): string {
  return `key-${randomBytes(6).toString('hex')}`;
}

export function initialState(seed: SeedFile | undefined): ServiceState {
  const personal = (seed?.keys ?? []).map((k) => ({
    id: newKeyId(),
    name: k.name,
    type: 'personal' as const,
    enabled: k.enabled ?? true,
    interfaces: [...k.interfaces],
    key: k.key ?? newApiKey(),
  }));
  return {
    version: 1,
    keys: [
      { id: DEFAULT_KEY_ID, name: 'default', type: 'default', enabled: true, interfaces: [...MODEL_CODES], key: seed?.defaultKey ?? newApiKey() },
      ...personal,
    ],
    account: {
      realNameVerified: seed?.account?.realNameVerified ?? true,
      balance: seed?.account?.balance ?? 100,
      models: [...(seed?.account?.models ?? MODEL_CODES)],
    },
    knowledgeBases: (seed?.knowledgeBases ?? []).map((kb) => ({ id: kb.id, name: kb.name, documents: kb.documents.map((d) => ({ ...d })) })),
    speechCredentials: (seed?.speechCredentials ?? []).map((c) => ({ ...c })),
  };
}
