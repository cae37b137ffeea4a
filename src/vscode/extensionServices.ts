// What every feature of the extension builds on: the log, the secrets, the settings, the service client and the
// chat history folder. Constructed synchronously (nothing is awaited before the features register); the one
// asynchronous start-up task, remembering stored secrets for redaction and importing the demo's bootstrap
// credentials, runs afterwards.
import path from 'node:path';
import * as vscode from 'vscode';
import { ConversationStore } from '../core/conversations/conversationStore';
import { ClientFactory } from './clientFactory';
import { Logger } from './logger';
import { PrompterSlot } from './prompter';
import { ApiKeyStore } from './secrets/apiKeyStore';
import { importBootstrapCredentials } from './secrets/bootstrapCredentials';
import { SpeechCredentialStore } from './secrets/speechCredentialStore';
import { SettingsReader } from './settings/settings';

export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
  readonly version: string;
  readonly logger: Logger;
  readonly keys: ApiKeyStore;
  readonly speechCredentials: SpeechCredentialStore;
  readonly settings: SettingsReader;
  readonly clients: ClientFactory;
  readonly store: ConversationStore;
  /** The prompts of the feature commands (the test hook swaps in a scripted one). */
  readonly prompter: PrompterSlot;
}

export function createServices(context: vscode.ExtensionContext): ExtensionServices {
  const channel = vscode.window.createOutputChannel('MaaS Assistant', { log: true });
  const logger = new Logger(channel);
  const keys = new ApiKeyStore(context.secrets);
  const speechCredentials = new SpeechCredentialStore(context.secrets);
  const settings = new SettingsReader(logger);
  const clients = new ClientFactory(settings, keys, logger, async () => {
    const credentials = await speechCredentials.get();
    logger.rememberSecret(credentials?.appkey);
    logger.rememberSecret(credentials?.token);
    return credentials;
  });
  context.subscriptions.push(logger, keys, speechCredentials, settings, clients);
  return {
    context,
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? ''),
    logger,
    keys,
    speechCredentials,
    settings,
    clients,
    store: new ConversationStore(path.join(context.globalStorageUri.fsPath, 'chat')),
    prompter: new PrompterSlot(),
  };
}

/**
 * After registration: the stored key is remembered by the log's redaction (every request remembers it again before
 * it is sent), and the demo's bootstrap credentials are imported into SecretStorage when its variable names a file.
 */
export async function startServices(services: ExtensionServices): Promise<void> {
  services.logger.rememberSecret(await services.keys.get());
  await importBootstrapCredentials(services.keys, services.logger, process.env, services.speechCredentials);
}
