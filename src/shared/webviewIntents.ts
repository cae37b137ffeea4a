// Intents: what the chat webview asks of the host, each one validated with zod before the host acts on it; a
// malformed message is dropped with a warning (parseWebviewMessage). Part of the protocol (re-exported there).
import * as z from 'zod';

const id = z.string().min(1).max(100);
const text = (max: number): z.ZodString => z.string().max(max);
const finite = z.number().finite();

export const chatParamsSchema = z
  .object({
    temperature: finite.optional(),
    topP: finite.optional(),
    maxTokens: z.number().int().optional(),
    repetitionPenalty: finite.optional(),
  })
  .strict();

/** An image the webview read (and downscaled if needed) from a paste, a drop or the attach button. */
export const imageUploadSchema = z
  .object({
    name: text(260),
    mime: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']),
    /** The bytes, base64. The host sniffs the real format from them; the label is not trusted. */
    dataBase64: z.string().min(1).max(30_000_000),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    thumbnail: z.string().startsWith('data:image/').max(100_000),
  })
  .strict();
export type ImageUpload = z.infer<typeof imageUploadSchema>;

export const webviewCommandSchema = z.enum(['setApiKey', 'showLogs', 'openConsole', 'openSettings']);
export type WebviewCommand = z.infer<typeof webviewCommandSchema>;

export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('send'), text: text(100_000), images: z.array(imageUploadSchema).max(8) }).strict(),
  z.object({ type: z.literal('stop'), turnId: id }).strict(),
  z.object({ type: z.literal('regenerate'), turnId: id }).strict(),
  z.object({ type: z.literal('retry'), turnId: id }).strict(),
  z.object({ type: z.literal('edit'), turnId: id, text: text(100_000).min(1) }).strict(),
  z.object({ type: z.literal('newConversation') }).strict(),
  z.object({ type: z.literal('selectConversation'), conversationId: id }).strict(),
  z.object({ type: z.literal('renameConversation'), conversationId: id, title: text(200).min(1) }).strict(),
  z.object({ type: z.literal('deleteConversation'), conversationId: id }).strict(),
  z.object({ type: z.literal('exportConversation'), conversationId: id }).strict(),
  z.object({ type: z.literal('setModel'), model: text(64).min(1) }).strict(),
  z.object({ type: z.literal('setParams'), params: chatParamsSchema }).strict(),
  z.object({ type: z.literal('setPersona'), persona: text(20_000) }).strict(),
  z.object({ type: z.literal('removeContext'), contextId: id }).strict(),
  z.object({ type: z.literal('addCurrentFile') }).strict(),
  z.object({ type: z.literal('dismissNotice'), noticeId: id }).strict(),
  z.object({ type: z.literal('copyText'), text: text(2_000_000) }).strict(),
  z.object({ type: z.literal('insertCode'), code: text(2_000_000) }).strict(),
  z.object({ type: z.literal('openCode'), code: text(2_000_000), language: text(64) }).strict(),
  z.object({ type: z.literal('openLink'), href: text(4096).min(1) }).strict(),
  z.object({ type: z.literal('runCommand'), command: webviewCommandSchema }).strict(),
  z.object({ type: z.literal('readAloud'), turnId: id }).strict(),
  z.object({ type: z.literal('saveAudio'), playbackId: id }).strict(),
  /** The webview finished playing (or the user pressed its Stop: `stopped`), so the host's play() resolves. */
  z.object({ type: z.literal('speechEnded'), playbackId: id, stopped: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('speechError'), playbackId: id, message: text(500) }).strict(),
  /** The webview plays (or, after a seek, waits for) sentence `index`; the host sends segments up to just past it. */
  z.object({ type: z.literal('speechProgress'), playbackId: id, index: z.number().int().min(0).max(100_000) }).strict(),
]);
export type WebviewToHost = z.infer<typeof webviewToHostSchema>;

export type ParsedWebviewMessage =
  | { readonly ok: true; readonly message: WebviewToHost }
  | { readonly ok: false; readonly error: string };

export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ') };
}
