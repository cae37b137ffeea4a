// The one source of the protocol's data that is checked somewhere: the chat webview's intents (validated before
// the host acts on one; a malformed message is dropped with a warning by parseWebviewMessage), the chat parameters,
// and the parts of a turn the stored history and the view share. The types are inferred from these schemas, and
// protocol.ts passes them on as types only: the webview never loads zod (lint keeps it and this file's values out).
import * as z from 'zod';
import { chatParamNames, chatParamSpec, type ChatParamName } from './chatParams';
import { imageMimes, maxThumbnailCharacters } from './imageFormats';
import { maxImagesPerQuestion } from './imageHeader';
import { maxLinkLength } from './linkPolicy';
import { maxSearchQueryLength } from './searchQuery';

const id = z.string().min(1).max(100);
const text = (max: number): z.ZodString => z.string().max(max);
const finite = z.number().finite();

// ---------------------------------------------------------------------------------------------------------
// A turn, as the history keeps it and the view shows it.

export const turnKindSchema = z.enum(['chat', 'knowledge', 'image']);
export type TurnKind = z.output<typeof turnKindSchema>;

/** `pending`: sent, no token yet (retries happen here); `stopped`: the user pressed Stop. */
export const turnStatusSchema = z.enum(['pending', 'streaming', 'done', 'stopped', 'interrupted', 'error']);
export type TurnStatus = z.output<typeof turnStatusSchema>;

/** Why the model stopped writing; `unknown` for a reason the service names that is none of these. */
export const finishReasonSchema = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'unknown']);
export type FinishReason = z.output<typeof finishReasonSchema>;

export const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });
export type Usage = z.output<typeof usageSchema>;

/** Context that goes with a question: a selection in an editor, or a whole file. */
export const contextKindSchema = z.enum(['selection', 'file']);
export type ContextKind = z.output<typeof contextKindSchema>;

/** How a knowledge-base question is answered: from the documents only, or with the model's own knowledge too. */
export const knowledgeModeSchema = z.enum(['strict', 'divergent']);
export type KnowledgeMode = z.output<typeof knowledgeModeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Intents: what the webview asks of the host.

/** The parameters a conversation may set (src/shared/chatParams.ts); one not set is not sent, so the service applies its default. */
export const chatParamsSchema = z
  .object(
    Object.fromEntries(chatParamNames().map((name) => [name, (chatParamSpec(name).integer ? z.number().int() : finite).optional()])) as {
      [K in ChatParamName]: z.ZodOptional<z.ZodNumber>;
    },
  )
  .strict();
export type ChatParams = z.output<typeof chatParamsSchema>;

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
  .strict();
export type ImageUpload = z.output<typeof imageUploadSchema>;

/** The commands a button of the view may run; the host maps each to its command. */
const webviewCommandSchema = z.enum(['setApiKey', 'showLogs', 'openConsole', 'openSettings', 'newConversation']);
export type WebviewCommand = z.output<typeof webviewCommandSchema>;

/** Every message the webview may send: an intent, named by its `type`. */
export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('send'), text: text(100_000), images: z.array(imageUploadSchema).max(maxImagesPerQuestion) }).strict(),
  z.object({ type: z.literal('stop'), turnId: id }).strict(),
  z.object({ type: z.literal('regenerate'), turnId: id }).strict(),
  z.object({ type: z.literal('retry'), turnId: id }).strict(),
  z.object({ type: z.literal('edit'), turnId: id, text: text(100_000).min(1) }).strict(),
  z.object({ type: z.literal('newConversation') }).strict(),
  z.object({ type: z.literal('selectConversation'), conversationId: id }).strict(),
  z.object({ type: z.literal('renameConversation'), conversationId: id, title: text(200).min(1) }).strict(),
  z.object({ type: z.literal('deleteConversation'), conversationId: id }).strict(),
  z.object({ type: z.literal('exportConversation'), conversationId: id }).strict(),
  /**
   * Searches the history's titles, questions and answers; the results come as `searchResults` with the same
   * `queryId`, the first `limit` of them. An empty query ends the search (no more results are sent for it).
   */
  z
    .object({
      type: z.literal('searchConversations'),
      queryId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      query: text(maxSearchQueryLength),
      limit: z.number().int().min(1).max(1_000),
    })
    .strict(),
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
  /** The composer's toggle: speak each answer as it streams, or stop doing so (maas.speech.readAnswers). */
  z.object({ type: z.literal('setReadAnswers'), on: z.boolean() }).strict(),
  z.object({ type: z.literal('saveAudio'), playbackId: id }).strict(),
  /** The webview finished playing (or the user pressed its Stop: `stopped`), so the host's play() resolves. */
  z.object({ type: z.literal('speechEnded'), playbackId: id, stopped: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('speechError'), playbackId: id, message: text(500) }).strict(),
  /** The webview plays (or, after a seek, waits for) sentence `index`; the host sends segments up to just past it. */
  z.object({ type: z.literal('speechProgress'), playbackId: id, index: z.number().int().min(0).max(100_000) }).strict(),
]);
export type WebviewToHost = z.output<typeof webviewToHostSchema>;

export type ParsedWebviewMessage = { readonly ok: true; readonly message: WebviewToHost } | { readonly ok: false; readonly error: string };

export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ') };
}
