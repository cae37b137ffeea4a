// The one source of the protocol's data that is checked somewhere: the chat webview's intents (validated before
// the host acts on one; a malformed message is dropped with a warning by parseWebviewMessage), the chat parameters,
// and the parts of a turn the stored history and the view share. The types are inferred from these schemas, and
// protocol.ts passes them on as types only: the webview never loads zod (lint keeps it and this file's values out).
import * as z from './zod';
import { chatParamNames, chatParamSpec, type ChatParamName } from './chatParams';
import { imageMimes, maxThumbnailCharacters } from './imageFormats';
import { maxImagesPerQuestion } from './imageHeader';
import { maxLinkLength } from './linkPolicy';
import { maxSearchQueryLength } from './searchQuery';

const id = z.string().check(z.minLength(1), z.maxLength(100));
const text = (max: number): z.ZodMiniString<string> => z.string().check(z.maxLength(max));

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
export const chatParamsSchema = z.strictObject(
  Object.fromEntries(chatParamNames().map((name) => [name, z.optional(chatParamSpec(name).integer ? z.int() : z.number())])) as {
    [K in ChatParamName]: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
  },
);
export type ChatParams = z.output<typeof chatParamsSchema>;

/** An image the webview read (and downscaled if needed) from a paste, a drop or the attach button. */
export const imageUploadSchema = z.strictObject({
  name: text(260),
  mime: z.enum(imageMimes),
  /** The bytes, base64. The host sniffs the real format from them; the label is not trusted. */
  dataBase64: z.string().check(z.minLength(1), z.maxLength(30_000_000)),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  thumbnail: z.string().check(z.startsWith('data:image/'), z.maxLength(maxThumbnailCharacters)),
});
export type ImageUpload = z.output<typeof imageUploadSchema>;

/** The commands a button of the view may run; the host maps each to its command. */
const webviewCommandSchema = z.enum(['setApiKey', 'showLogs', 'openConsole', 'openSettings', 'newConversation']);
export type WebviewCommand = z.output<typeof webviewCommandSchema>;

/** Every message the webview may send: an intent, named by its `type`. */
export const webviewToHostSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text: text(100_000), images: z.array(imageUploadSchema).check(z.maxLength(maxImagesPerQuestion)) }),
  z.strictObject({ type: z.literal('stop'), turnId: id }),
  z.strictObject({ type: z.literal('regenerate'), turnId: id }),
  z.strictObject({ type: z.literal('retry'), turnId: id }),
  z.strictObject({ type: z.literal('edit'), turnId: id, text: text(100_000).check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('newConversation') }),
  z.strictObject({ type: z.literal('selectConversation'), conversationId: id }),
  z.strictObject({ type: z.literal('renameConversation'), conversationId: id, title: text(200).check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('deleteConversation'), conversationId: id }),
  z.strictObject({ type: z.literal('exportConversation'), conversationId: id }),
  /**
   * Searches the history's titles, questions and answers; the results come as `searchResults` with the same
   * `queryId`, the first `limit` of them. An empty query ends the search (no more results are sent for it).
   */
  z.strictObject({
    type: z.literal('searchConversations'),
    queryId: z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER)),
    query: text(maxSearchQueryLength),
    limit: z.int().check(z.gte(1), z.lte(1_000)),
  }),
  z.strictObject({ type: z.literal('setModel'), model: text(64).check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('setParams'), params: chatParamsSchema }),
  z.strictObject({ type: z.literal('setPersona'), persona: text(20_000) }),
  z.strictObject({ type: z.literal('removeContext'), contextId: id }),
  z.strictObject({ type: z.literal('addCurrentFile') }),
  z.strictObject({ type: z.literal('dismissNotice'), noticeId: id }),
  z.strictObject({ type: z.literal('copyText'), text: text(2_000_000) }),
  z.strictObject({ type: z.literal('insertCode'), code: text(2_000_000) }),
  z.strictObject({ type: z.literal('openCode'), code: text(2_000_000), language: text(64) }),
  z.strictObject({ type: z.literal('openLink'), href: text(maxLinkLength).check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('runCommand'), command: webviewCommandSchema }),
  z.strictObject({ type: z.literal('readAloud'), turnId: id }),
  /** The composer's toggle: speak each answer as it streams, or stop doing so (maas.speech.readAnswers). */
  z.strictObject({ type: z.literal('setReadAnswers'), on: z.boolean() }),
  z.strictObject({ type: z.literal('saveAudio'), playbackId: id }),
  /** The webview finished playing (or the user pressed its Stop: `stopped`), so the host's play() resolves. */
  z.strictObject({ type: z.literal('speechEnded'), playbackId: id, stopped: z.optional(z.boolean()) }),
  z.strictObject({ type: z.literal('speechError'), playbackId: id, message: text(500) }),
  /** The webview plays (or, after a seek, waits for) sentence `index`; the host sends segments up to just past it. */
  z.strictObject({ type: z.literal('speechProgress'), playbackId: id, index: z.int().check(z.gte(0), z.lte(100_000)) }),
]);
export type WebviewToHost = z.output<typeof webviewToHostSchema>;

export type ParsedWebviewMessage = { readonly ok: true; readonly message: WebviewToHost } | { readonly ok: false; readonly error: string };

export function parseWebviewMessage(raw: unknown): ParsedWebviewMessage {
  const result = webviewToHostSchema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: result.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ') };
}
