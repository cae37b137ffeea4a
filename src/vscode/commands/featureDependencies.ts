// What the knowledge-base, image, speech and diagnostics commands need, passed in explicitly (docs/style.md rule 3).
import type { ImageDecoder } from '../../core/images/imageDecoder';
import type { ChatSession } from '../../core/session/chatSession';
import type { ChatFeature } from '../chat/chatFeature';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import type { MaasClient } from '../../core/maasClient';
import type { Credentials } from '../../core/credentials/credentials';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import type { SettingsReader } from '../settings/settings';
import type { ExtensionServices } from '../services/extensionServices';
import { FeatureName, featureUnavailable } from '../services/featureNames';
import type { SpeechFeature } from '../speech/speechFeature';

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
  /** Decodes images off the extension host's thread (Describe Image). */
  readonly images: Pick<ImageDecoder, 'decode'>;
}

export function featureDependencies(services: ExtensionServices, speech: SpeechFeature | undefined, chat: () => ChatFeature | undefined): FeatureDependencies {
  return {
    prompter: services.prompter,
    settings: services.settings,
    chat: () => chat()?.session ?? unavailable(FeatureName.chat()),
    chatView: () => chat()?.view ?? unavailable(FeatureName.chat()),
    store: services.store,
    client: () => services.clients.get(),
    credentials: services.credentials,
    speech: () => speech ?? unavailable(FeatureName.readAloud()),
    logger: services.logger,
    images: services.images,
  };
}

/** A feature that failed to start, asked for by a command: the command fails with words that say so. */
function unavailable(feature: string): never {
  throw featureUnavailable(feature);
}
