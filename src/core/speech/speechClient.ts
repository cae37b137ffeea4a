// Speech synthesis (spec 4.3-4.7): speakers, real-time synthesis by POST or GET, the long-text task (submit,
// poll with backoff, cancel, download). Audio is told from errors by Content-Type and magic bytes, not by
// the status code: a JSON body is a {request_id, code, message} error even with HTTP 200 (docs/wire.md), unless it
// carries the answer (base64 audio, a speaker list, a task). Answers are read in the shapes related services use
// (docs/client.md, "What speech services send"). Calls that may safely run twice (speakers, real-time synthesis,
// task queries) are retried on busy, 5xx, network and timeout errors with the chat's backoff; a task submission
// never is, as a retry could start a second task.
import { randomUUID } from 'node:crypto';
import { retryDelay, type RetryPolicy } from '../http/backoff';
import { classifyHttpError } from '../http/classifyError';
import { header, readBody, type HttpTransport } from '../http/httpTransport';
import { audioFrom, isJson, type Answer, type AudioResult } from './speechAnswer';
import { parseJsonBody, parseOrThrow } from '../http/parseOrThrow';
import { redactSecrets } from '../http/redact';
import { ServiceError } from '../http/serviceError';
import { sleep, type Sleeper } from '../http/sleep';
import { waitForLongTask, type WaitOptions } from './longTaskWait';
import { isLocalServiceCode, speechProblemOf, type SpeechCodeConvention } from './speechProblems';
import { longTaskOf, synthesisRequestSchema, type LongTask, type Speaker, type SynthesisRequest } from './speechPayloads';
import { speakerArrayOf, speakersFrom } from './speakerList';
import { speechStatusOf } from './pickField';
import { timedAudioOf } from './timedAudio';

const SPEECH_BASE_PATH = '/maas/v2/api';

const TASK_MISSING = 'without a task (task_id and task_status)';

export interface SpeechCredentials {
  readonly appkey: string;
  readonly token: string;
}

export interface SpeechCallOptions {
  readonly signal?: AbortSignal;
}

export interface SpeechClientDeps {
  readonly transport: HttpTransport;
  readonly baseUrl: string;
  /** The appkey and token for a request about to go to this base URL; it may refuse the address ('addressRefused'). */
  readonly getCredentials: (baseUrl: string, signal?: AbortSignal) => Promise<SpeechCredentials | undefined>;
  readonly secrets: () => readonly string[];
  readonly rememberSecret: (value: string) => void;
  readonly retry: RetryPolicy;
  /** Whether the local service's non-zero codes are named (speechProblems.ts); default 'spec'. */
  readonly codes?: SpeechCodeConvention;
  readonly random?: () => number;
  /** The waits between retries and polls, and the clock of the polling limit (tests pass fakes). */
  readonly sleep?: Sleeper;
  readonly now?: () => number;
}

type Fields = Record<string, string | number | boolean>;

/** RFC 3986 query encoding (docs/wire.md), not form encoding: spaces as %20. */
function toQuery(fields: Fields): string {
  return Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

export class SpeechClient {
  constructor(private readonly deps: SpeechClientDeps) {}

  async listSpeakers(options: SpeechCallOptions = {}): Promise<Speaker[]> {
    return this.retrying(options.signal, async () => {
      const answer = await this.call('GET', 'get_speakers', {}, options.signal);
      return speakersFrom(this.parseJson(answer, speakerArrayOf, 'without a speaker list (an array under speakers, voices, data or data.list)'));
    });
  }

  async synthesize(request: SynthesisRequest, options: SpeechCallOptions & { method?: 'POST' | 'GET' } = {}): Promise<AudioResult> {
    return this.retrying(options.signal, async () => {
      const fields = await this.requestFields(request, options.signal); // a fresh request_id for each attempt
      return this.audioOf(await this.call(options.method ?? 'POST', 'tts', fields, options.signal));
    });
  }

  async submitLongTask(request: SynthesisRequest, options: SpeechCallOptions = {}): Promise<LongTask> {
    const answer = await this.call('POST', 'tts-long-commit', await this.requestFields(request, options.signal), options.signal);
    return this.parseJson(answer, longTaskOf, TASK_MISSING);
  }

  async queryLongTask(taskId: string, options: SpeechCallOptions = {}): Promise<LongTask> {
    // Spec 4.7: the query carries the appkey only.
    const { appkey } = await this.credentials(options.signal);
    return this.retrying(options.signal, async () => {
      const answer = await this.call('POST', 'tts-long-query', { request_id: randomUUID(), task_id: taskId, appkey }, options.signal);
      return this.parseJson(answer, longTaskOf, TASK_MISSING);
    });
  }

  /** Polls until the task is complete (returned) or failed (thrown); the signal stops the polling at once. */
  waitForLongTask(taskId: string, options: WaitOptions = {}): Promise<LongTask> {
    return waitForLongTask(taskId, (id) => this.queryLongTask(id, options), options, { sleep: this.sleep, now: this.deps.now ?? Date.now });
  }

  /** Fetches an audio address without credentials (it is a signed URL). */
  async downloadAudio(url: string, options: SpeechCallOptions = {}): Promise<AudioResult> {
    if (!/^https?:\/\//.test(url)) throw new ServiceError('protocol', 'The audio address is not an http(s) URL.');
    const response = await this.deps.transport.send({ method: 'GET', baseUrl: new URL(url).origin, path: url, signal: options.signal });
    const answer = await this.read(response);
    if (answer.status !== 200 && !isJson(answer)) {
      throw new ServiceError('speech', `The audio address answered HTTP ${answer.status}.`, {
        status: answer.status,
        retryable: answer.status === 403 || answer.status === 404,
      });
    }
    return this.audioOf(answer);
  }

  /** Downloads a complete task's audio; an expired or missing address (403/404) is refreshed by one query. */
  async downloadTaskAudio(task: LongTask, options: SpeechCallOptions = {}): Promise<AudioResult> {
    try {
      return await this.downloadAudio(task.audioAddress, options);
    } catch (error) {
      if (!(error instanceof ServiceError) || (error.status !== 403 && error.status !== 404)) throw error;
      const fresh = await this.queryLongTask(task.taskId, options);
      return this.downloadAudio(fresh.audioAddress, options);
    }
  }

  /** Runs a call that may safely run twice, again after a retryable error, within the retry policy's bounds. */
  private async retrying<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    const policy = this.deps.retry;
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof ServiceError) || !error.retryable || signal?.aborted === true || attempt >= policy.maxAttempts) throw error;
        const delayMs = retryDelay(attempt, policy, error.retryAfterMs, this.deps.random);
        if (waited + delayMs > policy.maxTotalDelayMs) throw error;
        waited += delayMs;
        await this.sleep(delayMs, signal);
      }
    }
  }

  private readonly sleep: Sleeper = (ms, signal) => (this.deps.sleep ?? sleep)(ms, signal);

  private async credentials(signal: AbortSignal | undefined): Promise<SpeechCredentials> {
    const credentials = await this.deps.getCredentials(this.deps.baseUrl, signal);
    if (!credentials?.appkey || !credentials.token) {
      throw new ServiceError('validation', 'Speech synthesis needs an appkey and a token; none is set.', { field: 'appkey', retryable: false });
    }
    this.deps.rememberSecret(credentials.appkey);
    this.deps.rememberSecret(credentials.token);
    return credentials;
  }

  private async requestFields(request: SynthesisRequest, signal: AbortSignal | undefined): Promise<Fields> {
    const parsed = parseOrThrow(synthesisRequestSchema, request);
    const { appkey, token } = await this.credentials(signal);
    const fields: Fields = { request_id: parsed.request_id ?? randomUUID(), appkey, token };
    for (const [name, value] of Object.entries(parsed)) if (value !== undefined) fields[name] = value;
    return fields;
  }

  private async call(method: 'GET' | 'POST', route: string, fields: Fields, signal: AbortSignal | undefined): Promise<Answer> {
    const path = `${SPEECH_BASE_PATH}/${route}`;
    const query = method === 'GET' && Object.keys(fields).length > 0 ? `?${toQuery(fields)}` : '';
    const response = await this.deps.transport.send({
      method,
      baseUrl: this.deps.baseUrl,
      path: path + query,
      signal,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) } : {}),
    });
    const answer = await this.read(response);
    if (answer.status !== 200 && !isJson(answer)) throw this.httpError(answer);
    return answer;
  }

  private async read(response: Awaited<ReturnType<HttpTransport['send']>>): Promise<Answer> {
    try {
      const bytes = await readBody(response.body);
      response.done();
      return {
        status: response.status,
        contentType: header(response.headers, 'content-type') ?? '',
        retryAfter: header(response.headers, 'retry-after'),
        bytes,
      };
    } catch (error) {
      response.body.destroy();
      response.done(error instanceof ServiceError ? error : undefined);
      throw error;
    }
  }

  /**
   * A speech route's JSON answer, as `read` finds it. The spec documents `code` 0 as success and docs/wire.md leaves
   * the real value open: a non-zero code (or a status under another name, pickField.ts) is an error unless the
   * answer is there, so an error under any code is never mistaken for an answer; under the 'localService' switch,
   * one of that service's codes always is. An answer without the payload and without a failing code is an error
   * that says what was missing, with the service's words when it sent any.
   */
  private parseJson<T>(answer: Answer, read: (value: unknown) => T | undefined, missing: string): T {
    let value: unknown;
    try {
      value = parseJsonBody(answer.bytes.toString('utf8'));
    } catch (error) {
      throw new ServiceError('protocol', `The speech service answered something that is not JSON (HTTP ${answer.status}).`, {
        cause: error,
        status: answer.status,
      });
    }
    const { code, message: said } = speechStatusOf(value, answer.status);
    if (code === undefined && answer.status !== 200) {
      // Not a speech answer but an HTTP error in JSON (a gateway's busy or 5xx page): classified like chat's.
      throw this.httpError(answer);
    }
    const data = read(value);
    const convention = this.deps.codes ?? 'spec';
    const knownError = code !== undefined && isLocalServiceCode(code, convention);
    const message = said === undefined ? undefined : redactSecrets(said, this.deps.secrets());
    if (answer.status !== 200 || (code !== undefined && code !== 0 && (knownError || data === undefined))) {
      throw new ServiceError('speech', `Speech service error ${code ?? answer.status}: ${message ?? 'no message'}`, {
        speechCode: code,
        speechProblem: speechProblemOf(code, answer.status, convention),
        serverMessage: message ?? 'no message',
        status: answer.status,
      });
    }
    if (data === undefined) {
      throw new ServiceError('protocol', `The speech service answered JSON ${missing}${message === undefined ? '' : `: ${message}`}.`, {
        status: answer.status,
        serverMessage: message,
      });
    }
    return data;
  }

  /** An HTTP error classified like chat's, with the server's Retry-After (a busy 503 or a 429 says when to return). */
  private httpError(answer: Answer): ServiceError {
    return classifyHttpError({ status: answer.status, body: redactSecrets(answer.bytes.toString('utf8'), this.deps.secrets()), retryAfter: answer.retryAfter });
  }

  /** Audio bytes, or a JSON answer that carries them in base64 (with timestamps, when enable_ts asked for them). */
  private audioOf(answer: Answer): AudioResult {
    if (!isJson(answer)) return audioFrom(answer.bytes);
    const timed = this.parseJson(answer, timedAudioOf, 'without audio');
    return audioFrom(timed.audio, timed.timestamps);
  }
}
