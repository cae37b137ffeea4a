// MaaS: Test Connection — runs the connection checks and shows the report in the Markdown preview, plus a
// notification summarising pass/fail with a Copy Report button (MaaS: Copy Connection Report copies it later too). The report names no credential: it says whether
// each is set, and every detail went through the logger's redaction. Its images are links or text and its HTML text.
import * as vscode from 'vscode';
import { markdownWithoutRemoteImages } from '../../core/markdown/markdownWithoutRemoteImages';
import { runConnectionChecks, type CheckResult } from '../diagnostics/connectionChecks';
import type { FeatureDependencies } from '../activation/featureDependencies';
import type { ConnectionReportView } from '../diagnostics/connectionReportView';

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
    const markdown = await markdownWithoutRemoteImages(
      deps.logger.redact(
        reportMarkdown(results, {
          baseUrl: deps.settings.settings.baseUrl,
          altBaseUrl: deps.settings.settings.altBaseUrl,
          apiKeySet: await deps.credentials.hasApiKey(),
          speechSet: await deps.credentials.hasSpeech(),
        }),
      ),
    );
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

function reportMarkdown(results: readonly CheckResult[], setup: { baseUrl: string; altBaseUrl: string; apiKeySet: boolean; speechSet: boolean }): string {
  const mark = { pass: vscode.l10n.t('✅ pass'), fail: vscode.l10n.t('❌ fail'), skip: vscode.l10n.t('➖ skipped') };
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const set = (value: boolean): string => (value ? vscode.l10n.t('set (not shown)') : vscode.l10n.t('not set'));
  return [
    `# ${vscode.l10n.t('MaaS connection report')}`,
    '',
    `- ${vscode.l10n.t('Time')}: ${new Date().toISOString()}`,
    `- ${vscode.l10n.t('Base URL')}: ${setup.baseUrl || '—'}`,
    `- ${vscode.l10n.t('Alternative base URL')}: ${setup.altBaseUrl || '—'}`,
    `- ${vscode.l10n.t('API key')}: ${set(setup.apiKeySet)}`,
    `- ${vscode.l10n.t('Speech credentials')}: ${set(setup.speechSet)}`,
    '',
    `| ${vscode.l10n.t('Step')} | ${vscode.l10n.t('Result')} | ${vscode.l10n.t('Time (ms)')} | ${vscode.l10n.t('What it proved')} |`,
    '|---|---|---:|---|',
    ...results.map((r) => `| ${cell(r.name)} | ${mark[r.outcome]} | ${r.ms} | ${cell(r.detail)} |`),
    '',
  ].join('\n');
}
