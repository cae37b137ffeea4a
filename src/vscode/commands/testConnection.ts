// MaaS: Test Connection — runs the connection checks and shows the report in the Markdown preview, plus a
// notification summarising pass/fail with a Copy Report button (MaaS: Copy Connection Report copies it later too). The report names no credential: it says whether
// each is set, and every detail went through the logger's redaction. Its images are links or text and its HTML text;
// our words in it (a refused certificate's names among them) show as written.
import * as vscode from 'vscode';
import { escapeMarks, markdownText } from '../../core/markdown/markdownEscapes';
import { markdownGuard } from '../../core/markdown/markdownGuard';
import { markdownWithoutRemoteImages } from '../../core/markdown/markdownWithoutRemoteImages';
import { runConnectionChecks, type CheckResult } from '../diagnostics/connectionChecks';
import type { FeatureDependencies } from '../activation/featureDependencies';
import type { ConnectionReportView } from '../diagnostics/connectionReportView';
import { networkSecrets, proxyDisplay, type NetworkOptions } from '../../core/http/networkOptions';
import { readNetworkSettings } from '../activation/networkSettings';
import { ContextKey } from '../contributionIds';

export interface ConnectionReport {
  readonly results: readonly CheckResult[];
  readonly markdown: string;
}

export function testConnectionCommand(deps: FeatureDependencies, view: ConnectionReportView): () => Promise<ConnectionReport> {
  return async () => {
    const results = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Testing the connection to the model service…') },
      () => runConnectionChecks(deps),
    );
    // The report quotes the service's own words and the addresses of the settings: shown in the Markdown preview, it
    // loads nothing (an image there would tell its server that, and when, the report was opened).
    const inert = await markdownWithoutRemoteImages(
      deps.logger.redact(
        reportMarkdown(results, {
          baseUrl: deps.settings.settings.baseUrl,
          altBaseUrl: deps.settings.settings.altBaseUrl,
          apiKeySet: await deps.credentials.hasApiKey(),
          speechSet: await deps.credentials.hasSpeech(),
          network: readNetworkSettings(),
        }),
      ),
    );
    const markdown = (await markdownGuard('preview')).inert(inert);
    // Every check passed: the walkthrough's "Connect to the service" step is done (a failed run leaves it as it was).
    if (results.every((r) => r.outcome !== 'fail')) await vscode.commands.executeCommand('setContext', ContextKey.connectionVerified, true);
    await view.show(markdown);
    const failed = results.filter((r) => r.outcome === 'fail').length;
    const passed = results.filter((r) => r.outcome === 'pass').length;
    const copy = vscode.l10n.t('Copy Report');
    const summary =
      failed === 0
        ? vscode.l10n.t('Test Connection: all {0} checks passed.', passed)
        : vscode.l10n.t('Test Connection: {0} of {1} checks failed.', failed, results.filter((r) => r.outcome !== 'skip').length);
    void (failed === 0 ? deps.prompter.showInformationMessage(summary, copy) : deps.prompter.showWarningMessage(summary, copy)).then(async (choice) => {
      if (choice === copy) await view.copy(deps.prompter);
    });
    return { results, markdown };
  };
}

/**
 * The proxy and certificate settings the checks ran with: the proxy's scheme, host and port, never its credentials,
 * nor a value that does not parse as an address (it may be a password).
 */
function proxyLine(network: NetworkOptions): string {
  if (network.proxyUrl === undefined) return vscode.l10n.t('none set (HTTPS_PROXY and HTTP_PROXY from the environment apply)');
  const shown = proxyDisplay(network.proxyUrl);
  return shown === '' ? vscode.l10n.t('not an address (its value is not shown)') : shown;
}

function networkLines(network: NetworkOptions): string[] {
  const proxy = proxyLine(network);
  const credentials = networkSecrets(network).length > 0 ? vscode.l10n.t('; credentials set (not shown)') : '';
  const bypass = (network.noProxy ?? []).length > 0 ? vscode.l10n.t('; not for {0}', (network.noProxy ?? []).join(', ')) : '';
  const certificates =
    network.strictSSL === false
      ? vscode.l10n.t('not checked (http.proxyStrictSSL is off)')
      : network.systemCertificates === false
        ? vscode.l10n.t("checked against Node's roots only (http.systemCertificates is off)")
        : vscode.l10n.t("checked against Node's roots and the system's certificate store");
  return [`- ${vscode.l10n.t('Proxy')}: ${proxy}${credentials}${bypass}`, `- ${vscode.l10n.t('Certificates')}: ${certificates}`];
}

function reportMarkdown(
  results: readonly CheckResult[],
  setup: { baseUrl: string; altBaseUrl: string; apiKeySet: boolean; speechSet: boolean; network: NetworkOptions },
): string {
  const mark = { pass: vscode.l10n.t('✅ pass'), fail: vscode.l10n.t('❌ fail'), skip: vscode.l10n.t('➖ skipped') };
  // A cell's Markdown: a pipe not escaped yet would end the cell.
  const cell = (markdown: string): string => escapeMarks(markdown, /^\|$/).replace(/\n/g, ' ');
  const set = (value: boolean): string => (value ? vscode.l10n.t('set (not shown)') : vscode.l10n.t('not set'));
  return [
    `# ${vscode.l10n.t('MaaS connection report')}`,
    '',
    `- ${vscode.l10n.t('Time')}: ${new Date().toISOString()}`,
    `- ${vscode.l10n.t('Base URL')}: ${setup.baseUrl || '—'}`,
    `- ${vscode.l10n.t('Alternative base URL')}: ${setup.altBaseUrl || '—'}`,
    `- ${vscode.l10n.t('API key')}: ${set(setup.apiKeySet)}`,
    `- ${vscode.l10n.t('Speech credentials')}: ${set(setup.speechSet)}`,
    ...networkLines(setup.network),
    '',
    `| ${vscode.l10n.t('Step')} | ${vscode.l10n.t('Result')} | ${vscode.l10n.t('Time (ms)')} | ${vscode.l10n.t('What it proved')} |`,
    '|---|---|---:|---|',
    ...results.map((r) => `| ${cell(markdownText(r.name))} | ${mark[r.outcome]} | ${r.ms} | ${cell(r.markdown)} |`),
    '',
  ].join('\n');
}
