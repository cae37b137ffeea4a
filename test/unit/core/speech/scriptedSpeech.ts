// A speech client for tests against the scripted server: its waits are recorded and advance a fake clock instead of
// passing (no test waits for a delay or measures one); a long task scripted state by state; a helper that expects a
// ServiceError.
import assert from 'node:assert/strict';
import { DEFAULT_RETRY_POLICY } from '../../../../src/core/http/backoff';
import { DEFAULT_TIMEOUTS, HttpTransport, LazyDispatcher } from '../../../../src/core/http/httpTransport';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { SpeechClient } from '../../../../src/core/speech/speechClient';
import type { SpeechCodeConvention } from '../../../../src/core/speech/speechProblems';
import type { FakeServer } from '../fakeServer';

export const CREDENTIALS = { appkey: 'appkey-unit-speech-0001', token: 'token-unit-speech-0001' };
/** The smallest bytes the client takes for WAV audio. */
export const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]);

export function speechClient(baseUrl: string, codes: SpeechCodeConvention = 'spec'): { client: SpeechClient; sleeps: number[]; dispose: () => Promise<void> } {
  const dispatcher = new LazyDispatcher(DEFAULT_TIMEOUTS);
  const sleeps: number[] = [];
  let now = 1_000_000;
  const client = new SpeechClient({
    transport: new HttpTransport(dispatcher, undefined, () => []),
    baseUrl,
    getCredentials: () => Promise.resolve(CREDENTIALS),
    secrets: () => [],
    rememberSecret: () => undefined,
    retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 2 },
    codes,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
    now: () => now,
  });
  return { client, sleeps, dispose: () => dispatcher.destroy() };
}

export async function failure(run: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return error;
  }
  assert.fail('expected a ServiceError');
}

/** Answers each task query with the next state of `states` (the last one repeats); `complete` (any case) has an address. */
export function scriptTaskStates(server: FakeServer, states: readonly string[], message = ''): void {
  server.reset((_req, res) => {
    const state = states[Math.min(server.seen.length, states.length) - 1] ?? '';
    const audio = state.toLowerCase() === 'complete' ? `${server.url}/audio/t1.wav` : '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ request_id: 'r', code: 0, message, task_id: 't1', task_status: state, audio_address: audio }));
  });
}
