// Builds the service client from the settings (base URLs, VS Code's proxy settings) and the key in secret
// storage, and rebuilds it when those settings change. Request logs go to the log channel, already redacted by
// the client; the logger redacts again with the secrets it knows.
import * as vscode from 'vscode';
import { MaasClient } from '../core/maasClient';
import type { SpeechCredentials } from '../core/speech/speechClient';
import type { ApiKeyStore } from './secrets/apiKeyStore';
import type { Logger } from './logger';
import type { SettingsReader } from './settings/settings';

export class ClientFactory implements vscode.Disposable {
  private client: MaasClient | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly settings: SettingsReader,
    private readonly keys: ApiKeyStore,
    private readonly logger: Logger,
    private readonly speechCredentials: () => Promise<SpeechCredentials | undefined> = () => Promise.resolve(undefined),
  ) {
    this.subscriptions = [
      settings.onDidChange(() => this.reset()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('http.proxy') || event.affectsConfiguration('http.proxyStrictSSL')) this.reset();
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
    const http = vscode.workspace.getConfiguration('http');
    const proxyUrl = http.get<string>('proxy')?.trim();
    return new MaasClient({
      baseUrl,
      altBaseUrl: altBaseUrl === '' ? undefined : altBaseUrl,
      getApiKey: async () => {
        const key = await this.keys.get();
        this.logger.rememberSecret(key);
        return key;
      },
      getSpeechCredentials: this.speechCredentials,
      onMalformed: (raw) => this.logger.warn(`A part of an answer could not be read and was skipped: ${raw}`),
      speechCodes: this.settings.features.speechErrorCodes,
      proxy: { url: proxyUrl === '' ? undefined : proxyUrl, strictSSL: http.get<boolean>('proxyStrictSSL') ?? true },
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
