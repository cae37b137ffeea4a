// The one protocol between the extension host and the chat webview (style.md rules 5 and 6).
// Webview -> host messages are intents, validated with zod here; host -> webview messages are events and, on
// the webview's `ready`, a full snapshot. The webview imports only the types of this file.
import * as z from 'zod';

/** Commands the webview may ask the host to run: a fixed list, never a free-form command id. */
export const webviewCommandSchema = z.enum(['setApiKey', 'showLogs']);
export type WebviewCommand = z.infer<typeof webviewCommandSchema>;

export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('runCommand'), command: webviewCommandSchema }).strict(),
]);
export type WebviewToHost = z.infer<typeof webviewToHostSchema>;

/** Every user-facing string of the webview, localised by the host (vscode.l10n is not available in webviews). */
export interface WebviewStrings {
  readonly title: string;
  readonly apiKeyLabel: string;
  readonly apiKeySet: string;
  readonly apiKeyMissing: string;
  readonly serviceLabel: string;
  readonly serviceNotConfigured: string;
  readonly chatModelLabel: string;
  readonly visionModelLabel: string;
  readonly setApiKey: string;
  readonly showLogs: string;
}

export interface ChatSnapshot {
  readonly extensionVersion: string;
  readonly apiKeyState: 'set' | 'missing';
  /** The configured base URL, or '' when none is set. Never carries credentials. */
  readonly baseUrl: string;
  readonly models: { readonly chat: string; readonly vision: string };
  readonly strings: WebviewStrings;
}

export type HostToWebview = { readonly type: 'snapshot'; readonly snapshot: ChatSnapshot };

export type ParsedWebviewMessage =
  | { readonly ok: true; readonly message: WebviewToHost }
  | { readonly ok: false; readonly error: string };

export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ') };
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
