// MaaS: New Conversation — starts an empty conversation in the chat view — and MaaS: Show Conversations — opens or
// closes the view's list of conversations; both are in the view's title bar too (+ and the history icon).
import type { ChatSession } from '../../core/session/chatSession';
import type { ChatViewProvider } from '../chat/chatViewProvider';

export function newConversationCommand(session: () => ChatSession, reveal: () => Promise<void>): () => Promise<void> {
  return async () => {
    await reveal();
    await session().newConversation();
  };
}

export function showConversationsCommand(view: () => ChatViewProvider, reveal: () => Promise<void>): () => Promise<void> {
  return async () => {
    await reveal();
    view().toggleConversations();
  };
}
