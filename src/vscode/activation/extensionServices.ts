// What every feature of the extension builds on: the log, the settings, the credentials, the service client and the
// chat history folder. Constructed synchronously (nothing is awaited before the features register); the credentials'
// start-up (registering stored secrets for redaction, importing the demo's bootstrap file) runs in the background
// behind `credentials.ready`, which every read of a credential awaits.
import path from 'node:path';
import * as vscode from 'vscode';
import { readBootstrapFile } from '../../core/credentials/bootstrapFile';
import { Credentials } from '../../core/credentials/credentials';
import { ConversationStore } from '../../core/conversations/conversationStore';
import { ClientFactory } from './clientFactory';
import { Logger } from '../logger';
import { PrompterSlot } from '../prompter';
import { AddressApprovals } from '../secrets/addressApprovals';
import { askAboutAddress } from '../secrets/addressQuestion';
import { CleartextWarning } from '../secrets/cleartextWarning';
import { currentWorkspace } from '../secrets/currentWorkspace';
import { SettingsReader } from '../settings/settings';

export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
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
}

export function createServices(context: vscode.ExtensionContext): ExtensionServices {
  const channel = vscode.window.createOutputChannel('MaaS Assistant', { log: true });
  const logger = new Logger(channel);
  const settings = new SettingsReader(logger);
  const prompter = new PrompterSlot();
  const approvals = new AddressApprovals(context.globalState, currentWorkspace);
  const credentials = new Credentials({
    store: context.secrets,
    addresses: () => settings.addresses,
    approvals,
    ask: askAboutAddress(prompter),
    remember: (value) => logger.rememberSecret(value),
    bootstrap: () => readBootstrapFile(process.env),
    log: logger,
  });
  const clients = new ClientFactory(settings, credentials, logger);
  // The user's own plain-http key address is warned about once (a workspace's is asked about, with the same warning).
  const cleartext = new CleartextWarning(settings, context.globalState, prompter);
  context.subscriptions.push(logger, credentials, settings, clients, cleartext);
  return {
    context,
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? ''),
    logger,
    credentials,
    approvals,
    settings,
    clients,
    store: new ConversationStore(path.join(context.globalStorageUri.fsPath, 'chat')),
    prompter,
  };
}
