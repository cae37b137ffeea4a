// Builds the service client from what it is made of (the base addresses, the user's network settings, the speech
// error codes the extension host's environment names) and the credentials service, which hands a key out only for an address the user chose. A change of one
// of those builds a new client for the next request; the old one is retired: the answers, syntheses and long tasks
// under way finish on it, and its connections close once they have. A change of any other setting touches no client.
// Request logs go to the log channel, already redacted by the client; the logger redacts again with the secrets it
// knows.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { RetryPolicy } from '../../core/http/backoff';
import { networkSecrets, type NetworkOptions } from '../../core/http/networkOptions';
import { MaasClient } from '../../core/maasClient';
import type { SpeechCodeConvention } from '../../core/speech/speechProblems';
import type { Logger } from '../logger';
import type { ContainerProxyNotice } from '../secrets/containerProxyNotice';
import type { SettingsReader } from '../settings/settings';
import { affectsNetworkSettings, readNetworkSettings } from './networkSettings';

/** What a client is built from: a change of any of these (and of nothing else) builds a new one. */
interface ClientInputs {
  readonly baseUrl: string;
  readonly altBaseUrl: string | undefined;
  readonly network: NetworkOptions;
  readonly speechCodes: SpeechCodeConvention;
}

export class ClientFactory implements vscode.Disposable {
  private client: { readonly instance: MaasClient; readonly inputs: string } | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly settings: SettingsReader,
    private readonly credentials: Credentials,
    private readonly logger: Logger,
    /** Told of each credential handed out, to warn once when a container's proxy carries it. */
    private readonly proxyNotice: ContainerProxyNotice,
    /** What the extension host's environment changes in the retry policy (the tests' shorter failover cool-down). */
    private readonly retry: Partial<RetryPolicy> = {},
    /** Whether the local service's speech codes are named (the extension host's environment: speechProblems.ts). */
    private readonly speechCodes: SpeechCodeConvention = 'spec',
  ) {
    this.subscriptions = [
      settings.onDidChange((change) => {
        if (change.affects('baseUrl', 'altBaseUrl')) this.retireIfChanged();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsNetworkSettings(event)) this.retireIfChanged();
      }),
    ];
  }

  /** The client for the current settings (built on first use, and after what it is built from changed). */
  get(): MaasClient {
    if (this.client === undefined) {
      const inputs = this.inputs();
      this.client = { instance: this.create(inputs), inputs: JSON.stringify(inputs) };
    }
    return this.client.instance;
  }

  private inputs(): ClientInputs {
    const { baseUrl, altBaseUrl } = this.settings.settings;
    const network = readNetworkSettings();
    // The proxy's password and Proxy-Authorization value are masked in the log, the views and the stored errors alike.
    for (const secret of networkSecrets(network)) this.logger.rememberSecret(secret);
    return {
      baseUrl,
      altBaseUrl: altBaseUrl === '' ? undefined : altBaseUrl,
      network,
      speechCodes: this.speechCodes,
    };
  }

  private create(inputs: ClientInputs): MaasClient {
    const addresses = this.settings.addresses;
    return new MaasClient({
      ...inputs,
      retry: this.retry,
      // Checked against the addresses this client is built for: once retired, it finishes its work where it began.
      getApiKey: async (address, signal) => this.handedOut(address, inputs.network, await this.credentials.apiKeyFor(address, signal, addresses)),
      getSpeechCredentials: async (address, signal) => this.handedOut(address, inputs.network, await this.credentials.speechFor(address, signal, addresses)),
      onMalformed: (raw) => this.logger.warn(`A part of an answer could not be read and was skipped: ${raw}`),
      onLog: (entry) => {
        const status = entry.status === undefined ? (entry.errorKind ?? 'failed') : String(entry.status);
        const line = `${entry.method} ${entry.baseUrl}${entry.path} → ${status} in ${entry.durationMs.toFixed(0)} ms (attempt ${entry.attempt})${entry.error ? `: ${entry.error}` : ''}`;
        if (entry.status !== undefined && entry.status < 400) this.logger.info(line);
        else this.logger.warn(line);
      },
    });
  }

  /** A credential on its way to `address`: the container's proxy that carries it is named once. */
  private handedOut<T>(address: string, network: NetworkOptions, credential: T | undefined): T | undefined {
    if (credential !== undefined) this.proxyNotice.credentialSent(address, network);
    return credential;
  }

  /** Retires the client when what it was built from is no longer what the settings say. */
  private retireIfChanged(): void {
    const current = this.client;
    if (current === undefined || current.inputs === JSON.stringify(this.inputs())) return;
    this.client = undefined;
    current.instance.retire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    const current = this.client;
    this.client = undefined;
    void current?.instance.dispose();
  }
}
