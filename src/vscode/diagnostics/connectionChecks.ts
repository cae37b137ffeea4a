// The steps of MaaS: Test Connection, each run on its own (one failing never stops the others) and timed. Each says
// what it proved in plain text, and in Markdown for the report: our words (with addresses, model names and a
// certificate's names in them) as written, the service's own message by the chat's link rule.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { isServiceError, type ServiceErrorKind } from '../../core/http/serviceError';
import type { MaasClient } from '../../core/maasClient';
import { markdownText } from '../../core/markdown/markdownEscapes';
import { speechErrorWords } from '../errors/speechMessages';
import { synthesisRequest } from '../speech/speechRequest';
import type { Credentials } from '../../core/credentials/credentials';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';

export interface CheckResult {
  readonly name: string;
  readonly outcome: 'pass' | 'fail' | 'skip';
  readonly ms: number;
  /** What the step proved, in plain text. */
  readonly detail: string;
  /** The same as Markdown for the report. */
  readonly markdown: string;
}

type Described = Pick<CheckResult, 'detail' | 'markdown'>;

/** Our words alone, as plain text and as Markdown. */
function said(words: string): Described {
  return { detail: words, markdown: markdownText(words) };
}

async function timed(
  name: string,
  run: () => Promise<{ outcome?: 'pass' | 'skip'; detail: string }>,
  describe: (error: unknown) => Described,
): Promise<CheckResult> {
  const started = performance.now();
  try {
    const { outcome, detail } = await run();
    return { name, outcome: outcome ?? 'pass', ms: Math.round(performance.now() - started), ...said(detail) };
  } catch (error) {
    return { name, outcome: 'fail', ms: Math.round(performance.now() - started), ...describe(error) };
  }
}

/**
 * Any HTTP answer means the address is reachable; only a failed connection (or no answer in time) fails. The probe
 * goes through the client, so it uses the same proxy, timeouts and redacted log as the chat. The detail says what
 * the status proves, so that a 404 for the bare address is not read as a failure.
 */
async function reach(client: MaasClient, url: string, redact: (text: string) => string): Promise<{ detail: string }> {
  const shown = redact(url);
  const status = await client.probe(url);
  return {
    detail:
      status >= 500
        ? vscode.l10n.t('Reachable: {0} answered HTTP {1}, so the address is right, but the service reports a problem of its own.', shown, status)
        : vscode.l10n.t(
            'Reachable: {0} answered HTTP {1}, which is expected for the bare address (any HTTP answer proves the service is there).',
            shown,
            status,
          ),
  };
}

const EXPLAINED: ReadonlySet<ServiceErrorKind> = new Set<ServiceErrorKind>(['certificate', 'proxyAuth', 'invalidProxy']);

/** What the checks need, passed in explicitly (docs/style.md rule 3). */
export interface ConnectionCheckDependencies {
  readonly settings: SettingsReader;
  readonly client: () => MaasClient;
  readonly credentials: Pick<Credentials, 'hasSpeech'>;
  readonly logger: Pick<Logger, 'redact'>;
}

export async function runConnectionChecks(deps: ConnectionCheckDependencies): Promise<CheckResult[]> {
  const { baseUrl, altBaseUrl, chatModel } = deps.settings.settings;
  const describe = (error: unknown): Described => {
    const { words, serviceSaid } = speechErrorWords(error, (text) => deps.logger.redact(text));
    if (serviceSaid === undefined) return said(words);
    return { detail: `${words} (${serviceSaid})`, markdown: `${markdownText(words)} (${serviceSaid})` };
  };
  const redact = (text: string): string => deps.logger.redact(text);
  const plain = (error: unknown): string => redact(error instanceof Error ? error.message : String(error));
  // A refused certificate or proxy is explained as everywhere else (what to change); any other failure to connect
  // keeps the connection's own words (refused, not found, timed out).
  const unreachable =
    (url: string) =>
    (error: unknown): Described =>
      isServiceError(error) && EXPLAINED.has(error.kind)
        ? describe(error)
        : said(vscode.l10n.t('Not reachable: {0} could not be reached: {1}', redact(url), plain(error)));
  if (baseUrl === '') {
    return [{ name: vscode.l10n.t('Base URL'), outcome: 'fail', ms: 0, ...said(vscode.l10n.t('maas.baseUrl is not set.')) }];
  }
  const client: MaasClient = deps.client();
  const checks: Array<Promise<CheckResult>> = [
    timed(vscode.l10n.t('Service reachable'), () => reach(client, baseUrl, redact), unreachable(baseUrl)),
    timed(
      vscode.l10n.t('Alternative address reachable'),
      () =>
        altBaseUrl === ''
          ? Promise.resolve({ outcome: 'skip' as const, detail: vscode.l10n.t('maas.altBaseUrl is not set.') })
          : reach(client, altBaseUrl, redact),
      unreachable(altBaseUrl),
    ),
  ];
  // The service steps run one after another: they share a key, and a busy answer to one would blur the others.
  const results = await Promise.all(checks);
  results.push(
    await timed(
      vscode.l10n.t('Authentication (non-streamed chat)'),
      async () => {
        const answer = await client.chat({ model: chatModel, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
        return { detail: vscode.l10n.t('The API key is accepted: {0} answered a one-token question (finish reason {1}).', chatModel, answer.finishReason) };
      },
      describe,
    ),
    await timed(
      vscode.l10n.t('Streamed answer'),
      async () => {
        let characters = 0;
        let finish = '';
        for await (const event of client.streamChat({ model: chatModel, messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 16 })) {
          if (event.type === 'text') characters += event.text.length;
          if (event.type === 'finish') finish = event.reason;
        }
        return { detail: vscode.l10n.t('Streaming works: {0} characters arrived as a stream (finish reason {1}).', characters, finish) };
      },
      describe,
    ),
    await timed(
      vscode.l10n.t('Speaker list'),
      async () => {
        const speakers = await client.listSpeakers();
        return { detail: vscode.l10n.t('The speech service answers: it lists {0} speakers.', speakers.length) };
      },
      describe,
    ),
    await timed(
      vscode.l10n.t('Speech synthesis'),
      async () => {
        if (!(await deps.credentials.hasSpeech())) throw new Error(vscode.l10n.t('No speech credentials are set (MaaS: Set Speech Credentials).'));
        const audio = await client.synthesize(synthesisRequest(deps.settings.settings, 'Hello. 你好。'));
        return {
          detail: vscode.l10n.t('The speech credentials are accepted: a test sentence came back as {0} bytes of {1} audio.', audio.audio.length, audio.format),
        };
      },
      describe,
    ),
  );
  return results;
}
