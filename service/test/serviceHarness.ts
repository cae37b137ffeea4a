// Test helpers for the local service: start one on free ports with a fresh data folder (stopped in `after`), and
// talk to it over raw HTTP with undici, the way a client would.
import { after, before } from 'node:test';
import { request } from 'undici';
import { startLocalService } from '../src/localService';
import type { LocalService, LocalServiceOptions, SeedFile } from '../src/localService';
import { sseData } from '../../test/harness/sseEvents';

export const DEFAULT_KEY = 'sk-test-default-key';

export const BASE_SEED: SeedFile = {
  defaultKey: DEFAULT_KEY,
  keys: [
    { name: 'llm-only', interfaces: ['svc_llm'], key: 'sk-llm-only' },
    { name: 'vl-only', interfaces: ['svc_vl'], key: 'sk-vl-only' },
  ],
  speechCredentials: [{ appkey: 'test-appkey', token: 'test-token' }],
};

export function startTestService(options: LocalServiceOptions = {}): Promise<LocalService> {
  return startLocalService({ seed: BASE_SEED, quiet: true, ...options });
}

/**
 * Registers (at the top level of a test file) a service started before the file's tests and stopped after them,
 * also when they fail; returns its getter.
 */
export function useService(options: LocalServiceOptions = {}): () => LocalService {
  let service: LocalService | undefined;
  before(async () => {
    service = await startTestService(options);
  });
  after(() => service?.stop());
  return () => {
    if (!service) throw new Error('the service has not started');
    return service;
  };
}

export interface HttpReply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

/** One request; a body, and any write (the console and test routes take writes as JSON only), is sent as JSON. */
export async function http(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpReply> {
  const read = method === 'GET' || method === 'HEAD';
  const response = await request(url, {
    method: method as 'GET',
    headers: body === undefined && read ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
}

export function chat(baseUrl: string, body: unknown, key: string | null = DEFAULT_KEY): Promise<HttpReply> {
  return http('POST', `${baseUrl}/maas/v1/chat/completions`, body, key === null ? {} : { authorization: `Bearer ${key}` });
}

export interface StreamChunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; delta: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; total_tokens: number; completion_tokens: number };
  references?: { index: number; knowledge_id: number; title: string; text: string }[];
}

export function streamChunks(text: string): StreamChunk[] {
  // The framing itself (`data: …` and a blank line) is asserted byte for byte in chatStream.test.ts.
  const events = sseData(text);
  if (events[events.length - 1] !== '[DONE]') throw new Error('stream did not end with [DONE]');
  return events.slice(0, -1).map((e) => JSON.parse(e) as StreamChunk);
}

export function streamedContent(text: string): string {
  return streamChunks(text)
    .map((c) => c.choices[0]?.delta.content ?? '')
    .join('');
}

export function lastChunk(text: string): StreamChunk {
  const chunks = streamChunks(text);
  const last = chunks[chunks.length - 1];
  if (!last) throw new Error('empty stream');
  return last;
}

export function userAsks(content: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'svc_llm', messages: [{ role: 'user', content }], ...extra };
}

export async function createKey(baseUrl: string, name: string, interfaces: string[]): Promise<{ id: string; key: string }> {
  const reply = await http('POST', `${baseUrl}/console/api/keys`, { name, interfaces });
  if (reply.status !== 201) throw new Error(`key creation failed: ${reply.status} ${reply.text}`);
  return reply.json<{ id: string; key: string }>();
}
