// What every feature of the extension builds on: the log, the settings, the credentials, the service client, the chat
// history folder and the image decoder (whose worker starts with the first image). Constructed synchronously (nothing
// is awaited before the features register); the credentials' start-up (registering stored secrets for redaction,
// importing the demo's bootstrap file) runs in the background behind `credentials.ready`, which every read of a
// credential awaits.
import path from 'node:path';
import * as vscode from 'vscode';
import { readBootstrapFile } from '../../core/credentials/bootstrapFile';
import { Credentials } from '../../core/credentials/credentials';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import { ConversationStore } from '../../core/conversations/conversationStore';
import { failoverCooldownOverride } from '../../core/http/failoverCooldownOverride';
import { speechCodeConvention } from '../../core/speech/speechProblems';
import { ClientFactory } from './clientFactory';
import { networkSettingsSource } from './networkSettings';
import { Logger } from '../logger';
import { PrompterSlot } from '../prompter';
import { SerialMemento } from '../serialMemento';
import { AddressApprovals } from '../secrets/addressApprovals';
import { askAboutAddress } from '../secrets/addressQuestion';
import { CleartextWarning } from '../secrets/cleartextWarning';
import { ContainerProxyNotice } from '../secrets/containerProxyNotice';
import { currentWorkspace } from '../secrets/currentWorkspace';
import { SettingsReader } from '../settings/settings';
import { createImageDecoder } from '../images/imageWorker';

export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
  /** The extension's globalState, written one update at a time (serialMemento.ts); every feature uses this one. */
  readonly globalState: vscode.Memento;
  readonly version: string;
  readonly logger: Logger;
  /** The one owner of the API key and the speech credentials, and of where they may be sent. */
  readonly credentials: Credentials;
  /** The addresses the user allowed per workspace and purpose (MaaS: Revoke Address Approvals lists them). */
  readonly approvals: AddressApprovals;
  readonly settings: SettingsReader;
  readonly clients: ClientFactory;
  readonly store: ConversationStore;
  /** The prompts of the feature commands (the test hook swaps in a scripted one). */
  readonly prompter: PrompterSlot;
  /** Decodes images in a worker thread, started on the first image. */
  readonly images: ImageDecoder;
}

export function createServices(context: vscode.ExtensionContext): ExtensionServices {
  const channel = vscode.window.createOutputChannel('MaaS Assistant', { log: true });
  const logger = new Logger(channel);
  const settings = new SettingsReader(logger);
  const prompter = new PrompterSlot();
  const globalState = new SerialMemento(context.globalState);
  const approvals = new AddressApprovals(globalState, currentWorkspace);
  const credentials = new Credentials({
    store: context.secrets,
    addresses: () => settings.addresses,
    approvals,
    ask: askAboutAddress(prompter),
    remember: (value) => logger.rememberSecret(value),
    bootstrap: () => readBootstrapFile(process.env),
    log: logger,
  });
  const cooldown = failoverCooldownOverride(process.env);
  if (cooldown.kind === 'invalid') logger.warn(cooldown.message);
  else if (cooldown.kind === 'set') logger.info(`The failover cool-down is ${cooldown.retry.failoverCooldownMs} ms, as the extension host's environment says.`);
  const proxyNotice = new ContainerProxyNotice(globalState, prompter, () => ({
    remoteName: vscode.env.remoteName,
    env: process.env,
    settingsSource: networkSettingsSource(),
  }));
  const speechCodes = speechCodeConvention(process.env);
  if (speechCodes === 'localService') logger.info("The local service's speech error codes are named, as the extension host's environment says.");
  const clients = new ClientFactory(settings, credentials, logger, proxyNotice, cooldown.kind === 'set' ? cooldown.retry : {}, speechCodes);
  // The user's own plain-http key address is warned about once (a workspace's is asked about, with the same warning).
  const cleartext = new CleartextWarning(settings, globalState, prompter);
  context.subscriptions.push(logger, credentials, settings, clients, cleartext);
  const images = createImageDecoder(context.extensionUri, logger, context.subscriptions);
  return {
    context,
    globalState,
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? ''),
    logger,
    credentials,
    approvals,
    settings,
    clients,
    store: new ConversationStore(path.join(context.globalStorageUri.fsPath, 'chat')),
    prompter,
    images,
  };
}
