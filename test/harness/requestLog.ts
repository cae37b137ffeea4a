// The local service's request log (GET /_local/requests) as the tests read it: one typed read instead of a cast at
// every call site. The service logs each request with its JSON body (credentials masked, long strings shortened:
// service/src/testing/requestLog.ts); a chat request's body is typed as the service's own schema has it.
import type { ChatRequest } from '../../service/src/chat/chatRequestSchema';
import type { LoggedRequest as ServiceLoggedRequest } from '../../service/src/testing/requestLog';

export const CHAT_ROUTE = '/maas/v1/chat/completions';

/** One logged request, its body typed as `Body`. */
export type LoggedRequest<Body = unknown> = Readonly<Omit<ServiceLoggedRequest, 'body'>> & { readonly body: Body };

/**
 * A logged chat request, its body typed as the service's schema describes a valid one: the tests read the requests
 * the extension sent, which the service accepted (a refused request's body may lack what the type promises).
 */
export type LoggedChatRequest = LoggedRequest<ChatRequest>;

/**
 * Every request the service at `baseUrl` logged (both of its ports), oldest first. `Body` names the JSON bodies the
 * caller looks at (null where a request had none); by default they stay unknown.
 */
export async function requestLog<Body = unknown>(baseUrl: string): Promise<LoggedRequest<Body | null>[]> {
  const response = await fetch(`${baseUrl}/_local/requests`);
  if (!response.ok) throw new Error(`GET /_local/requests: HTTP ${response.status}`);
  return ((await response.json()) as { requests: LoggedRequest<Body | null>[] }).requests;
}

/** The chat completion requests of the log, oldest first. */
export async function chatRequests(baseUrl: string): Promise<LoggedChatRequest[]> {
  return (await requestLog<ChatRequest>(baseUrl)).filter((r): r is LoggedChatRequest => r.path === CHAT_ROUTE);
}

/** The last chat completion request, or undefined when there is none. */
export async function lastChatRequest(baseUrl: string): Promise<LoggedChatRequest | undefined> {
  return (await chatRequests(baseUrl)).at(-1);
}

/**
 * The messages (as JSON) of the log's inline-completion requests, oldest first: the chat requests whose prompt asks
 * for the code at the cursor.
 */
export async function completionRequests(baseUrl: string): Promise<string[]> {
  return (await chatRequests(baseUrl))
    .map((request) => JSON.stringify(request.body.messages))
    .filter((messages) => messages.includes('Complete the code at <|cursor|>'));
}

/** How many requests the log holds for `path`. */
export async function requestCount(baseUrl: string, path: string): Promise<number> {
  return (await requestLog(baseUrl)).filter((r) => r.path === path).length;
}
