// Builds the service client from the settings (base URLs, the user's proxy settings) and the credentials service,
// which hands a key out only for an address the user chose, and rebuilds it when those settings change. Request logs
// go to the log channel, already redacted by the client; the logger redacts again with the secrets it knows.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { RetryPolicy } from '../../core/http/backoff';
import { MaasClient } from '../../core/maasClient';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';

export class ClientFactory implements vscode.Disposable {
  private client: MaasClient | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly settings: SettingsReader,
    private readonly credentials: Credentials,
    private readonly logger: Logger,
    /** What the extension host's environment changes in the retry policy (the tests' shorter failover cool-down). */
    private readonly retry: Partial<RetryPolicy> = {},
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
    // The proxy carries the credentials too: only the user's own proxy settings are used, never a workspace's (a
    // repository's proxy with strict TLS off could read every key).
    const http = vscode.workspace.getConfiguration('http');
    const proxyUrl = userValue<string>(http, 'proxy')?.trim();
    return new MaasClient({
      baseUrl,
      altBaseUrl: altBaseUrl === '' ? undefined : altBaseUrl,
      getApiKey: (address, signal) => this.credentials.apiKeyFor(address, signal),
      getSpeechCredentials: (address, signal) => this.credentials.speechFor(address, signal),
      onMalformed: (raw) => this.logger.warn(`A part of an answer could not be read and was skipped: ${raw}`),
      speechCodes: this.settings.features.speechErrorCodes,
      retry: this.retry,
      proxy: { url: proxyUrl === '' ? undefined : proxyUrl, strictSSL: userValue<boolean>(http, 'proxyStrictSSL') ?? true },
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

/** A setting's value from the user's (or the remote machine's) settings only. */
function userValue<T>(config: vscode.WorkspaceConfiguration, name: string): T | undefined {
  return config.inspect<T>(name)?.globalValue;
}
