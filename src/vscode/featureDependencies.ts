// What the knowledge-base, image, speech and diagnostics commands need, passed in explicitly (style.md rule 3).
import type * as vscode from 'vscode';
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { MaasClient } from '../core/maasClient';
import type { ApiKeyStore } from './secrets/apiKeyStore';
import type { ChatController } from './chat/chatController';
import type { Logger } from './logger';
import type { Prompter } from './prompter';
import type { SettingsReader } from './settings/settings';
import type { LongTaskTracker } from './speech/longTaskTracker';
import type { SpeechPlayerSlot } from './speech/speechPlayer';
import type { VoiceCatalog } from './speech/voiceCatalog';
import type { SpeechCredentialStore } from './secrets/speechCredentialStore';

export interface FeatureDependencies {
  readonly prompter: Prompter;
  readonly settings: SettingsReader;
  readonly chat: ChatController;
  readonly store: ConversationStore;
  readonly client: () => MaasClient;
  readonly keys: ApiKeyStore;
  readonly speechCredentials: SpeechCredentialStore;
  readonly voices: VoiceCatalog;
  readonly player: SpeechPlayerSlot;
  readonly longTasks: LongTaskTracker;
  readonly logger: Logger;
}

/** Shows the chat view before a turn starts, so the answer is seen streaming. */
export async function revealChatView(commands: typeof vscode.commands): Promise<void> {
  await commands.executeCommand('maas.chatView.focus');
}
