// The webview's strings, localised here because vscode.l10n is not available inside webviews.
import * as vscode from 'vscode';
import type { WebviewStrings } from '../../shared/protocol';

export function webviewStrings(): WebviewStrings {
  return {
    title: vscode.l10n.t('MaaS Assistant'),
    apiKeyLabel: vscode.l10n.t('API key'),
    apiKeySet: vscode.l10n.t('stored in secret storage'),
    apiKeyMissing: vscode.l10n.t('not set'),
    serviceLabel: vscode.l10n.t('Service'),
    serviceNotConfigured: vscode.l10n.t('not configured (set maas.baseUrl)'),
    chatModelLabel: vscode.l10n.t('Chat model'),
    visionModelLabel: vscode.l10n.t('Vision model'),
    setApiKey: vscode.l10n.t('Set API Key'),
    showLogs: vscode.l10n.t('Show Logs'),
  };
}
