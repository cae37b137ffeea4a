// The one protocol between the extension host and the chat webview (style.md rules 5 and 6).
// Webview -> host messages are intents, validated with zod here and dropped with a warning when malformed.
// Host -> webview messages are events: on the webview's `ready` a full snapshot, then deltas and whole-turn
// updates while it is visible. A hidden webview drops messages, so the host never buffers a delta: when the view
// comes back it says `ready` again and gets a new snapshot. The webview imports only the types of this file.
import * as z from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Views: what the host tells the webview. Plain data, never a secret.

export type TurnKind = 'chat' | 'knowledge' | 'image';
/** `pending`: sent, no token yet (retries happen here); `stopped`: the user pressed Stop. */
export type TurnStatus = 'pending' | 'streaming' | 'done' | 'stopped' | 'interrupted' | 'error';
export type FinishReasonView = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'unknown';
/** What a button under an error does; the host maps each to a command. */
export type TurnAction = 'setApiKey' | 'openConsole' | 'retry' | 'showLogs' | 'openSettings';

export interface UsageView {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

export interface TurnErrorView {
  readonly kind: string;
  /** Localised one-line title, e.g. "Your API key is disabled". */
  readonly title: string;
  /** Localised explanation of what happened and what to do. */
  readonly detail: string;
  /** The server's own message, verbatim (often Chinese), when there was one. */
  readonly serverMessage?: string;
  /** The server message's meaning in the UI language, when it is a known message. */
  readonly serverMessageTranslation?: string;
  readonly actions: readonly TurnAction[];
}

/** An automatic retry in progress: shown in place until the answer starts. */
export interface RetryView {
  readonly attempt: number;
  readonly maxAttempts: number;
  /** Epoch milliseconds at which the next attempt starts. */
  readonly at: number;
}

export interface ImageView {
  readonly id: string;
  readonly name: string;
  readonly mime: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** A small thumbnail as a `data:image/png` or `data:image/jpeg` URL (at most ~64 KB). */
  readonly thumbnail: string;
  /** The https address of an image sent by URL (no thumbnail: the view loads nothing remote). */
  readonly url?: string;
}

export interface ContextChipView {
  readonly id: string;
  readonly kind: 'selection' | 'file';
  /** E.g. `example.ts:3-9` or `example.ts`. */
  readonly label: string;
  readonly languageId: string;
  readonly characters: number;
}

/** A knowledge-base turn: its mode, the bases asked, and the sources the service returned (may be empty). */
export interface KnowledgeView {
  readonly mode: 'strict' | 'divergent';
  readonly bases: readonly { readonly id: number; readonly name: string }[];
  readonly references: readonly { readonly index: number; readonly title?: string; readonly text?: string }[];
  /** Asked with remove_corner_mark: an answer without marks says nothing about hits. */
  readonly marksRemoved?: boolean;
}

export interface TurnView {
  readonly id: string;
  readonly kind: TurnKind;
  readonly question: string;
  readonly images: readonly ImageView[];
  readonly context: readonly ContextChipView[];
  /** Markdown, as received so far. */
  readonly answer: string;
  /** The model's `<think>` reasoning, shown collapsed. */
  readonly reasoning: string;
  readonly status: TurnStatus;
  readonly finishReason?: FinishReasonView;
  readonly model: string;
  readonly usage?: UsageView;
  readonly error?: TurnErrorView;
  readonly retry?: RetryView;
  /** Only on knowledge turns. */
  readonly knowledge?: KnowledgeView;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface ChatParams {
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxTokens?: number;
  readonly repetitionPenalty?: number;
}
export type ChatParamName = keyof ChatParams;

/** A parameter's range from the spec (section 8) and its default for one model. */
export interface ParamRangeView {
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
  readonly step: number;
  readonly defaultValue: number;
  readonly integer: boolean;
}

export interface ModelOptionView {
  readonly code: string;
  /** Whether the model takes images (the vision model). */
  readonly vision: boolean;
  /** The parameters this model takes, with their ranges. */
  readonly params: Partial<Record<ChatParamName, ParamRangeView>>;
}

export interface ConversationSummaryView {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turnCount: number;
}

export interface ConversationView {
  readonly id: string;
  readonly title: string;
  /** The conversation's own persona; '' means the `maas.chat.persona` setting applies. */
  readonly persona: string;
  readonly model: string;
  readonly params: ChatParams;
  readonly turns: readonly TurnView[];
  /** How many earlier turns the next request will leave out under the history limits (0 = none). */
  readonly omittedTurns: number;
}

export type NoticeLevel = 'info' | 'warning' | 'error';
export interface NoticeView {
  readonly id: string;
  readonly level: NoticeLevel;
  readonly text: string;
}

export interface ChatSnapshot {
  readonly extensionVersion: string;
  readonly apiKeyState: 'set' | 'missing';
  /** The configured base URL, or '' when none is set. */
  readonly baseUrl: string;
  readonly models: readonly ModelOptionView[];
  readonly conversations: readonly ConversationSummaryView[];
  readonly active: ConversationView;
  /** Context waiting to go with the next question (Add Selection to Chat, the current file). */
  readonly pendingContext: readonly ContextChipView[];
  readonly settings: {
    readonly fontSize: number;
    /** Images above this many bytes are downscaled by the webview before sending, or refused. */
    readonly maxImageBytes: number;
    readonly defaultPersona: string;
  };
  readonly notices: readonly NoticeView[];
  readonly strings: WebviewStrings;
}

/** Every user-facing string of the webview, localised by the host (vscode.l10n is not available in webviews). */
export type WebviewStrings = Readonly<Record<WebviewStringKey, string>>;

export const webviewStringKeys = [
  'title',
  'apiKeyMissing',
  'setApiKey',
  'showLogs',
  'openConsole',
  'openSettings',
  'retry',
  'send',
  'stop',
  'regenerate',
  'edit',
  'editSave',
  'editCancel',
  'copy',
  'copied',
  'insertAtCursor',
  'openInEditor',
  'newConversation',
  'conversations',
  'rename',
  'delete',
  'export',
  'inputPlaceholder',
  'attachImage',
  'removeAttachment',
  'removeContext',
  'addCurrentFile',
  'model',
  'persona',
  'personaPlaceholder',
  'parameters',
  'temperature',
  'topP',
  'maxTokens',
  'repetitionPenalty',
  'resetParameters',
  'reasoning',
  'usage',
  'interrupted',
  'stopped',
  'truncatedByLength',
  'contentFiltered',
  'retrying',
  'omittedTurns',
  'switchedToVision',
  'imageTooLarge',
  'imageUnsupported',
  'imageUnreadable',
  'emptyConversation',
  'you',
  'assistant',
  'thinking',
  'answerAnnouncement',
  'invalidParameter',
  'close',
  // Added for the webview (see docs/webview.md for each key's English text and placeholders).
  'cancel',
  'jumpToLatest',
  'confirmDelete',
  'turnCount',
  'serviceNotConfigured',
  'parameterMustBeInteger',
  'serverMessage',
  'codeActions',
  'attachments',
  'pendingContext',
  // Knowledge-base answers and the read-aloud player (issue 6).
  'knowledgeStrict',
  'knowledgeDivergent',
  'knowledgeNoHits',
  'sources',
  'sourceNumber',
  'readAloud',
  'player',
  'playerPlay',
  'playerPause',
  'playerStop',
  'playerPosition',
  'playerSpeed',
  'playerSave',
  'playerAutoplayBlocked',
  // Chat view fixes (issue 5, second pass).
  'tooManyImages',
  'sourceMissing',
  'playerFailed',
  'playerPrevious',
  'playerNext',
] as const;
export type WebviewStringKey = (typeof webviewStringKeys)[number];

export type HostToWebview =
  | { readonly type: 'snapshot'; readonly snapshot: ChatSnapshot }
  /** Text appended to a streaming turn's answer and/or reasoning. */
  | { readonly type: 'turnDelta'; readonly conversationId: string; readonly turnId: string; readonly answer?: string; readonly reasoning?: string }
  /** A turn replaced whole (status, usage, error, retry changed). */
  | { readonly type: 'turnUpdate'; readonly conversationId: string; readonly turn: TurnView }
  | { readonly type: 'notice'; readonly notice: NoticeView }
  /** Put the cursor in the question box (after Add Selection to Chat, say). */
  | { readonly type: 'focusInput' }
  /** Read-aloud: a playback begins (or, with `resumeAt`, resumes in a reloaded page from that sentence); its segments follow in order. */
  | { readonly type: 'speechStart'; readonly playbackId: string; readonly title: string; readonly sentences: number; readonly format: SpeechFormat; readonly resumeAt?: number }
  /** One synthesised sentence; `last` on the final one. */
  | { readonly type: 'speechSegment'; readonly playbackId: string; readonly index: number; readonly text: string; readonly format: SpeechFormat; readonly audioBase64: string; readonly last?: boolean }
  /** The host stopped the playback (Stop from the editor, a new playback). */
  | { readonly type: 'speechStop'; readonly playbackId: string };

export type SpeechFormat = 'wav' | 'mp3';

// ---------------------------------------------------------------------------------------------------------
// Intents: what the webview asks of the host. Every one validated here.

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

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
