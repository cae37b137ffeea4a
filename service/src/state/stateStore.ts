// The service's persistent state: every change is written at once with an atomic rename, so a restart (or a kill)
// loses nothing. A state file that does not parse is set aside by readJsonOrSetAside and reported, never replaced
// silently.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readJsonOrSetAside, writeJsonAtomic } from '../../../packages/files/atomicJsonFile';
import { DEFAULT_KEY_ID, initialState, newApiKey, newKeyId } from './initialState';
import { stateSchema } from './stateSchema';
import type { Account, KeyRecord, KnowledgeBase, KnowledgeDocument, ModelCode, SeedFile, ServiceState, SpeechCredential } from './stateSchema';

export const MAX_KEYS_PER_USER = 20;
export const MAX_KEY_NAME_LENGTH = 20;

/** A console action refused by a rule; `status` is the HTTP status the console answers with. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

const refuse = <T>(status: number, message: string): Outcome<T> => ({ ok: false, refusal: { status, message } });

export class StateStore {
  private state: ServiceState;
  /** Set when the state file was corrupt at start: where it was moved and why it was refused. */
  readonly corruptReport: string | undefined;
  /** Set when a seed was given but the data folder already had state, which wins: why the seed was not applied. */
  readonly seedIgnored: string | undefined;

  constructor(
    private readonly file: string,
    private readonly seed: SeedFile | undefined,
  ) {
    const read = readJsonOrSetAside(file, (value) => stateSchema.parse(value));
    if (read.kind === 'ok') {
      this.state = read.value;
      this.corruptReport = undefined;
      this.seedIgnored = seed ? `${file} already holds state, which is kept (POST /_local/reset?state=seed applies the seed)` : undefined;
      return;
    }
    this.seedIgnored = undefined;
    this.corruptReport =
      read.kind === 'corrupt'
        ? `state file ${file} is corrupt (${read.reason.replace(/\s+/g, ' ')}); moved it to ${read.movedTo} and started from the seed`
        : undefined;
    this.state = initialState(seed);
    this.persist();
  }

  static inDataDir(dataDir: string, seed: SeedFile | undefined): StateStore {
    return new StateStore(path.join(dataDir, 'state.json'), seed);
  }

  /** Restores the seed's state (POST /_local/reset?state=seed). */
  resetToSeed(): void {
    const nextKnowledgeBaseId = nextKbId(this.state);
    this.state = initialState(this.seed);
    this.state.nextKnowledgeBaseId = Math.max(nextKnowledgeBaseId, nextKbId(this.state));
    this.persist();
  }

  keys(): readonly KeyRecord[] {
    return this.state.keys;
  }

  findKeyByValue(value: string): KeyRecord | undefined {
    return this.state.keys.find((k) => k.key === value);
  }

  createKey(name: string, interfaces: readonly ModelCode[]): Outcome<KeyRecord> {
    if (this.state.keys.length >= MAX_KEYS_PER_USER) {
      return refuse(409, `at most ${MAX_KEYS_PER_USER} API keys per user, counting the system default key`);
    }
    const record: KeyRecord = { id: newKeyId(), name, type: 'personal', enabled: true, interfaces: [...new Set(interfaces)], key: newApiKey() };
    this.state.keys.push(record);
    this.persist();
    return { ok: true, value: record };
  }

  setKeyEnabled(id: string, enabled: boolean): Outcome<KeyRecord> {
    const found = this.personalKey(id, enabled ? 'enabled' : 'disabled');
    if (!found.ok) return found;
    found.value.enabled = enabled;
    this.persist();
    return found;
  }

  deleteKey(id: string): Outcome<KeyRecord> {
    const found = this.personalKey(id, 'deleted');
    if (!found.ok) return found;
    this.state.keys = this.state.keys.filter((k) => k.id !== id);
    this.persist();
    return found;
  }

  account(): Account {
    return this.state.account;
  }

  setAccount(account: Account): Account {
    this.state.account = { ...account, models: [...new Set(account.models)] };
    this.persist();
    return this.state.account;
  }

  knowledgeBases(): readonly KnowledgeBase[] {
    return this.state.knowledgeBases;
  }

  addKnowledgeBase(name: string, documents: readonly KnowledgeDocument[]): KnowledgeBase {
    // Ids only grow, across deletes and restarts: a client holding an old id must never reach another base.
    const id = nextKbId(this.state);
    const kb: KnowledgeBase = { id, name, documents: documents.map((d) => ({ ...d })) };
    this.state.knowledgeBases.push(kb);
    this.state.nextKnowledgeBaseId = id + 1;
    this.persist();
    return kb;
  }

  /** Replaces the documents of the knowledge base with this name, or adds it (for --kb-dir, loaded at every start). */
  upsertKnowledgeBase(name: string, documents: readonly KnowledgeDocument[]): KnowledgeBase {
    const existing = this.state.knowledgeBases.find((kb) => kb.name === name);
    if (!existing) return this.addKnowledgeBase(name, documents);
    existing.documents = documents.map((d) => ({ ...d }));
    this.persist();
    return existing;
  }

  deleteKnowledgeBase(id: number): boolean {
    const before = this.state.knowledgeBases.length;
    this.state.knowledgeBases = this.state.knowledgeBases.filter((kb) => kb.id !== id);
    if (this.state.knowledgeBases.length === before) return false;
    this.persist();
    return true;
  }

  speechCredentials(): readonly SpeechCredential[] {
    return this.state.speechCredentials;
  }

  addSpeechCredential(appkey: string | undefined, token: string | undefined): Outcome<SpeechCredential> {
    const credential = { appkey: appkey ?? `app-${randomBytes(8).toString('hex')}`, token: token ?? randomBytes(16).toString('hex') };
    if (this.state.speechCredentials.some((c) => c.appkey === credential.appkey)) return refuse(409, `appkey ${credential.appkey} already exists`);
    this.state.speechCredentials.push(credential);
    this.persist();
    return { ok: true, value: credential };
  }

  private personalKey(id: string, action: string): Outcome<KeyRecord> {
    const key = this.state.keys.find((k) => k.id === id);
    if (!key) return refuse(404, `no API key with id ${id}`);
    if (key.type === 'default' || key.id === DEFAULT_KEY_ID) return refuse(403, `the system default key cannot be ${action}`);
    return { ok: true, value: key };
  }

  private persist(): void {
    writeJsonAtomic(this.file, this.state);
  }
}

/** The next knowledge-base id: the stored counter (absent in state files of older builds), never below max + 1. */
function nextKbId(state: ServiceState): number {
  return Math.max(state.nextKnowledgeBaseId ?? 1, ...state.knowledgeBases.map((kb) => kb.id + 1));
}
