// MaaS: New Conversation — starts an empty conversation in the chat view (the view's title bar has it too).
import type { ChatSession } from '../../core/chat/chatSession';

export function newConversationCommand(session: () => ChatSession, reveal: () => Promise<void>): () => Promise<void> {
  return async () => {
    await reveal();
    await session().newConversation();
  };
}
