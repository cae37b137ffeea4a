// Builds the service client from the settings (base URLs, the user's network settings) and the credentials service,
// which hands a key out only for an address the user chose, and rebuilds it when those settings change. Request logs
// go to the log channel, already redacted by the client; the logger redacts again with the secrets it knows.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import { MaasClient } from '../../core/maasClient';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { affectsNetworkSettings, readNetworkSettings } from './networkSettings';

export class ClientFactory implements vscode.Disposable {
  private client: MaasClient | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly settings: SettingsReader,
    private readonly credentials: Credentials,
    private readonly logger: Logger,
  ) {
    this.subscriptions = [
      settings.onDidChange(() => this.reset()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsNetworkSettings(event)) this.reset();
      }),
    ];
  }

  /** The client for the current settings (built on first use). */
  get(): MaasClient {
    this.client ??= this.create();
    return this.client;
  }

  private create(): MaasClient {
    const { baseUrl, altBaseUrl } = this.settings.settings;
    return new MaasClient({
      baseUrl,
      altBaseUrl: altBaseUrl === '' ? undefined : altBaseUrl,
      getApiKey: (address, signal) => this.credentials.apiKeyFor(address, signal),
      getSpeechCredentials: (address, signal) => this.credentials.speechFor(address, signal),
      onMalformed: (raw) => this.logger.warn(`A part of an answer could not be read and was skipped: ${raw}`),
      speechCodes: this.settings.features.speechErrorCodes,
      network: readNetworkSettings(),
      onLog: (entry) => {
        const status = entry.status === undefined ? (entry.errorKind ?? 'failed') : String(entry.status);
        const line = `${entry.method} ${entry.baseUrl}${entry.path} → ${status} in ${entry.durationMs.toFixed(0)} ms (attempt ${entry.attempt})${entry.error ? `: ${entry.error}` : ''}`;
        if (entry.status !== undefined && entry.status < 400) this.logger.info(line);
        else this.logger.warn(line);
      },
    });
  }

  private reset(): void {
    const old = this.client;
    this.client = undefined;
    void old?.dispose();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.reset();
  }
}
