// What the knowledge-base, image, speech and diagnostics commands need, passed in explicitly (docs/style.md rule 3).
import * as vscode from 'vscode';
import type { ChatSession } from '../core/session/chatSession';
import type { ChatFeature } from './chat/chatFeature';
import { ChatViewProvider } from './chat/chatViewProvider';
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { MaasClient } from '../core/maasClient';
import type { Credentials } from '../core/credentials/credentials';
import type { Logger } from './logger';
import type { Prompter } from './prompter';
import type { SettingsReader } from './settings/settings';
import type { ExtensionServices } from './extensionServices';
import type { SpeechFeature } from './speech/speechFeature';

export interface FeatureDependencies {
  readonly prompter: Prompter;
  readonly settings: SettingsReader;
  /** The chat session; throws, with words for the user, when the chat could not start. */
  readonly chat: () => ChatSession;
  /** The chat view, for what only moves it (focus, the list of conversations); throws like `chat`. */
  readonly chatView: () => ChatViewProvider;
  readonly store: ConversationStore;
  readonly client: () => MaasClient;
  readonly credentials: Credentials;
  /** Read aloud's players, voices and long-text tasks; throws, with words for the user, when it could not start. */
  readonly speech: () => SpeechFeature;
  readonly logger: Logger;
}

export function featureDependencies(services: ExtensionServices, speech: SpeechFeature | undefined, chat: () => ChatFeature | undefined): FeatureDependencies {
  return {
    prompter: services.prompter,
    settings: services.settings,
    chat: () => chat()?.session ?? unavailable(vscode.l10n.t('The chat view')),
    chatView: () => chat()?.view ?? unavailable(vscode.l10n.t('The chat view')),
    store: services.store,
    client: () => services.clients.get(),
    credentials: services.credentials,
    speech: () => speech ?? unavailable(vscode.l10n.t('Read aloud')),
    logger: services.logger,
  };
}

/** A feature that failed to start, asked for by a command: the command fails with words that say so. */
function unavailable(feature: string): never {
  throw new Error(vscode.l10n.t('{0} could not start when MaaS Assistant was activated; see MaaS: Show Logs.', feature));
}

/** MaaS: Open Chat: the chat view, focused (or, when the chat could not start, the reason). */
export async function revealChat(deps: Pick<FeatureDependencies, 'chat'>): Promise<void> {
  deps.chat();
  await revealChatView();
}

/** Shows (and focuses) the chat view, creating it if needed: before a turn starts, so the answer is seen streaming. */
export async function revealChatView(): Promise<void> {
  await vscode.commands.executeCommand(`${ChatViewProvider.viewId}.focus`);
}
