// The zod schemas of the shared data: the chat webview's intents (validated before the host acts on one; a
// malformed message is dropped with a warning by parseWebviewMessage) and the chat parameters, which the stored
// history reuses. The host's only: lint keeps the webview (and zod) out of here, so protocol.ts stays plain types.
import * as z from 'zod';
import type { ChatParams } from './chatParams';
import { imageMimes, maxThumbnailCharacters } from './imageFormats';
import { maxLinkLength } from './linkPolicy';
import type { ImageUpload, WebviewCommand, WebviewToHost } from './protocol';

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
  .strict() satisfies z.ZodType<ChatParams>;

/** An image the webview read (and downscaled if needed) from a paste, a drop or the attach button. */
export const imageUploadSchema = z
  .object({
    name: text(260),
    mime: z.enum(imageMimes),
    /** The bytes, base64. The host sniffs the real format from them; the label is not trusted. */
    dataBase64: z.string().min(1).max(30_000_000),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    thumbnail: z.string().startsWith('data:image/').max(maxThumbnailCharacters),
  })
  .strict() satisfies z.ZodType<ImageUpload>;

export const webviewCommandSchema = z.enum(['setApiKey', 'showLogs', 'openConsole', 'openSettings', 'newConversation']) satisfies z.ZodType<WebviewCommand>;

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
  z.object({ type: z.literal('openLink'), href: text(maxLinkLength).min(1) }).strict(),
  z.object({ type: z.literal('runCommand'), command: webviewCommandSchema }).strict(),
  z.object({ type: z.literal('readAloud'), turnId: id }).strict(),
  z.object({ type: z.literal('saveAudio'), playbackId: id }).strict(),
  /** The webview finished playing (or the user pressed its Stop: `stopped`), so the host's play() resolves. */
  z.object({ type: z.literal('speechEnded'), playbackId: id, stopped: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('speechError'), playbackId: id, message: text(500) }).strict(),
  /** The webview plays (or, after a seek, waits for) sentence `index`; the host sends segments up to just past it. */
  z.object({ type: z.literal('speechProgress'), playbackId: id, index: z.number().int().min(0).max(100_000) }).strict(),
]) satisfies z.ZodType<WebviewToHost>;

// Every intent of protocol.ts has a schema and every schema an intent: a missing one is a build error here.
const intentTypes: Record<WebviewToHost['type'], true> & Record<z.output<typeof webviewToHostSchema>['type'], true> = {
  ready: true,
  send: true,
  stop: true,
  regenerate: true,
  retry: true,
  edit: true,
  newConversation: true,
  selectConversation: true,
  renameConversation: true,
  deleteConversation: true,
  exportConversation: true,
  setModel: true,
  setParams: true,
  setPersona: true,
  removeContext: true,
  addCurrentFile: true,
  dismissNotice: true,
  copyText: true,
  insertCode: true,
  openCode: true,
  openLink: true,
  runCommand: true,
  readAloud: true,
  saveAudio: true,
  speechEnded: true,
  speechError: true,
  speechProgress: true,
};
export const intentTypeNames = Object.keys(intentTypes) as WebviewToHost['type'][];

export type ParsedWebviewMessage = { readonly ok: true; readonly message: WebviewToHost } | { readonly ok: false; readonly error: string };

export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ') };
}
