// What runs a chat request: the service client (MaasClient) or a test double. Every surface's questions reach the
// service through ask() (ask.ts), which takes one of these.
import type { ChatEvent } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';

export interface ChatBackend {
  streamChat(request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent>;
}
