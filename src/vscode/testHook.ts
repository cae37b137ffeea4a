// What activate() returns when the extension runs under a test runner (ExtensionMode.Test): a narrow handle for
// in-host tests to seed and read state without a public command argument. Undefined in normal use.
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { ConversationsState } from '../core/conversations/conversationsState';
import type { ApiKeyStore } from './apiKeyStore';
import type { ChatController } from './chat/chatController';

export interface MaasTestHook {
  /** Milliseconds activate() took, measured inside the extension host. */
  readonly activationMs: number;
  readonly apiKey: {
    get(): Promise<string | undefined>;
    set(value: string): Promise<void>;
  };
  readonly chat: {
    /** The conversations as the host holds them. */
    state(): Promise<ConversationsState>;
    /** Asks a question in the active conversation, as the chat view's Send does; resolves with the turn id. */
    ask(question: string): Promise<string>;
    /** The context chips waiting for the next question. */
    pendingContext(): readonly { label: string; kind: string; text: string }[];
    /** The folder of conversation files. */
    readonly storePath: string;
  };
}

export function createTestHook(parts: { keys: ApiKeyStore; chat: ChatController; store: ConversationStore; activationMs: number }): MaasTestHook {
  return {
    activationMs: parts.activationMs,
    apiKey: { get: () => parts.keys.get(), set: (value) => parts.keys.set(value) },
    chat: {
      state: async () => {
        await parts.chat.whenLoaded();
        return parts.chat.conversations;
      },
      ask: async (question) => parts.chat.startTurn({ kind: 'chat', question, context: parts.chat.takeContext() }),
      pendingContext: () => parts.chat.peekContext(),
      storePath: parts.store.path,
    },
  };
}
