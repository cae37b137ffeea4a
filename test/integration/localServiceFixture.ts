// Starts the local service in-process for the client's integration tests, with helpers for its test-only
// routes (/_local/...) and its console API. Every test file stops what it starts in `after` (useLocalService does).
import { after, before, beforeEach } from 'node:test';
import { requestLog, type LoggedRequest } from '../harness/requestLog';
import { waitFor } from '../harness/waitFor';
import { request } from 'undici';
import { startLocalService } from '../../service/src/localService';
import type { LocalService, LocalServiceOptions } from '../../service/src/localService';
import { MaasClient } from '../../src/core/maasClient';
import type { MaasClientOptions } from '../../src/core/maasClient';

export const DEFAULT_KEY = 'sk-test-default-0000000001';
export const SPEECH = { appkey: 'appkey-test-0001', token: 'token-test-0001' } as const;
export const CHAT_ROUTE = '/maas/v1/chat/completions';

export class LocalServiceFixture {
  private readonly clients: MaasClient[] = [];

  private constructor(readonly service: LocalService) {}

  static async start(options: LocalServiceOptions = {}): Promise<LocalServiceFixture> {
    const service = await startLocalService({
      quiet: true,
      seed: { defaultKey: DEFAULT_KEY, speechCredentials: [SPEECH], account: { realNameVerified: true, balance: 100, models: ['svc_llm', 'svc_vl'] } },
      ...options,
    });
    return new LocalServiceFixture(service);
  }

  /** A client with fast retries (tests wait on events, never on wall-clock durations). */
  client(options: Partial<MaasClientOptions> = {}): MaasClient {
    const client = new MaasClient({
      baseUrl: this.service.baseUrl,
      getApiKey: () => Promise.resolve(DEFAULT_KEY),
      getSpeechCredentials: () => Promise.resolve(SPEECH),
      retry: { baseDelayMs: 5, maxDelayMs: 20, ...options.retry },
      ...options,
    });
    this.clients.push(client);
    return client;
  }

  async json<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await request(`${this.service.baseUrl}${path}`, {
      method,
      // The console and test routes take every write as JSON, a bodiless one included.
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async fault(spec: Record<string, unknown>): Promise<void> {
    const { status } = await this.json('POST', '/_local/faults', { route: CHAT_ROUTE, ...spec });
    if (status !== 201) throw new Error(`fault not accepted: HTTP ${status}`);
  }

  async requests(): Promise<LoggedRequest[]> {
    return requestLog(this.service.baseUrl);
  }

  async reset(): Promise<void> {
    await this.json('POST', '/_local/reset?state=seed');
  }

  /** Polls the request log until `predicate` holds (the service records a closed socket asynchronously). */
  async waitForRequests(predicate: (log: LoggedRequest[]) => boolean, timeoutMs = 5000): Promise<LoggedRequest[]> {
    return waitFor(
      async () => {
        const log = await this.requests();
        return predicate(log) ? log : undefined;
      },
      { what: 'the request log to match', timeoutMs, intervalMs: 20 },
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.dispose()));
    await this.service.stop();
  }
}

/**
 * The local service of the suite this is called in: started before its tests and stopped after them; with `resetEach`,
 * reset to its seed before each test. The fixture exists once the suite's `before` has run, hence the getter.
 */
export function useLocalService(options: LocalServiceOptions = {}, { resetEach = false } = {}): () => LocalServiceFixture {
  let fixture: LocalServiceFixture | undefined;
  const started = (): LocalServiceFixture => {
    if (!fixture) throw new Error('the local service has not started');
    return fixture;
  };
  before(async () => {
    fixture = await LocalServiceFixture.start(options);
  });
  after(async () => {
    await fixture?.stop();
  });
  if (resetEach) beforeEach(() => started().reset());
  return started;
}
