// The console's JSON API (/console/api/...): keys, account, knowledge bases and speech credentials. Every refusal is
// a 4xx `{ error: { message } }` naming the rule that was broken.
import type { ServerResponse } from 'node:http';
import * as z from 'zod';
import { parseJsonBody, sendJson, sendRefusal } from '../http/httpIo';
import { MAX_KEY_NAME_LENGTH } from '../state/stateStore';
import { accountSchema, documentSchema, MODEL_CODES, modelCodeSchema } from '../state/stateSchema';
import type { Outcome, StateStore } from '../state/stateStore';

const createKeySchema = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .refine((n) => n.trim().length > 0, { error: 'name must not be empty' })
    .refine((n) => [...n].length <= MAX_KEY_NAME_LENGTH, { error: `name must be at most ${MAX_KEY_NAME_LENGTH} characters` }),
  interfaces: z
    .array(modelCodeSchema, { error: `interfaces must be a list of model codes (${MODEL_CODES.join(', ')})` })
    .min(1, { error: 'interfaces must name at least one model' }),
});
const knowledgeBaseInput = z.object({
  name: z.string({ error: 'name must be a string' }).min(1, { error: 'name must not be empty' }).max(100, { error: 'name must be at most 100 characters' }),
  documents: z.array(documentSchema, { error: 'documents must be a list of { title, text }' }).min(1, { error: 'documents must hold at least one document' }),
});
const speechCredentialInput = z.object({ appkey: z.string().min(1).optional(), token: z.string().min(1).optional() });

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function parseWith<T>(schema: z.ZodType<T>, body: Buffer): Parsed<T> {
  const json = parseJsonBody(body);
  if (json === undefined) return { ok: false, message: 'the body is not valid JSON' };
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, message: 'invalid body' };
  const field = issue.path.join('.');
  return { ok: false, message: !field || issue.message.includes(field) ? issue.message : `${field}: ${issue.message}` };
}

function answer<T>(res: ServerResponse, outcome: Outcome<T>, status = 200): void {
  if (outcome.ok) sendJson(res, status, outcome.value);
  else sendRefusal(res, outcome.refusal.status, outcome.refusal.message);
}

/** The key id of a path segment, or undefined when its percent-encoding is malformed (`%E0%A4%A`). */
function keyIdOf(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Returns false when no console API route matches. */
export function handleConsoleApi(store: StateStore, method: string, path: string, body: Buffer, res: ServerResponse): boolean {
  const route = path.slice('/console/api'.length);
  const keyAction = /^\/keys\/([^/]+)(?:\/(enable|disable))?$/.exec(route);
  const kbItem = /^\/knowledge-bases\/([^/]+)$/.exec(route);
  if (route === '/keys' && method === 'GET') {
    sendJson(res, 200, { keys: store.keys() });
  } else if (route === '/keys' && method === 'POST') {
    const input = parseWith(createKeySchema, body);
    if (!input.ok) sendRefusal(res, 400, input.message);
    else answer(res, store.createKey(input.value.name, input.value.interfaces), 201);
  } else if (keyAction?.[1] && keyIdOf(keyAction[1]) === undefined && (method === 'POST' || method === 'DELETE')) {
    sendRefusal(res, 400, `the key id in the path is not valid percent-encoding: ${keyAction[1]}`);
  } else if (keyAction?.[1] && keyAction[2] && method === 'POST') {
    answer(res, store.setKeyEnabled(keyIdOf(keyAction[1]) ?? '', keyAction[2] === 'enable'));
  } else if (keyAction?.[1] && !keyAction[2] && method === 'DELETE') {
    answer(res, store.deleteKey(keyIdOf(keyAction[1]) ?? ''));
  } else if (route === '/account' && method === 'GET') {
    sendJson(res, 200, store.account());
  } else if (route === '/account' && method === 'PUT') {
    const input = parseWith(accountSchema, body);
    if (!input.ok) sendRefusal(res, 400, input.message);
    else sendJson(res, 200, store.setAccount(input.value));
  } else if (route === '/knowledge-bases' && method === 'GET') {
    sendJson(res, 200, { knowledgeBases: store.knowledgeBases() });
  } else if (route === '/knowledge-bases' && method === 'POST') {
    const input = parseWith(knowledgeBaseInput, body);
    if (!input.ok) sendRefusal(res, 400, input.message);
    else sendJson(res, 201, store.addKnowledgeBase(input.value.name, input.value.documents));
  } else if (kbItem?.[1] && method === 'DELETE') {
    const id = Number(kbItem[1]);
    if (!Number.isInteger(id) || !store.deleteKnowledgeBase(id)) sendRefusal(res, 404, `no knowledge base with id ${kbItem[1]}`);
    else sendJson(res, 200, { id, deleted: true });
  } else if (route === '/speech-credentials' && method === 'GET') {
    sendJson(res, 200, { credentials: store.speechCredentials() });
  } else if (route === '/speech-credentials' && method === 'POST') {
    const input = parseWith(speechCredentialInput, body);
    if (!input.ok) sendRefusal(res, 400, input.message);
    else answer(res, store.addSpeechCredential(input.value.appkey, input.value.token), 201);
  } else {
    return false;
  }
  return true;
}
