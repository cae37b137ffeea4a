// MaaS: New Conversation — starts an empty conversation in the chat view (the view's title bar has it too).
import { randomUUID } from 'node:crypto';
import * as ops from '../../core/conversations/conversationsState';
import type { ChatController } from '../chat/chatController';
import type { SettingsReader } from '../settings/settings';

export function newConversationCommand(controller: ChatController, settings: SettingsReader, reveal: () => Promise<void>): () => Promise<void> {
  return async () => {
    await reveal();
    await controller.apply((state) => ops.newConversation(state, randomUUID(), settings.settings.chatModel, Date.now()));
  };
}
