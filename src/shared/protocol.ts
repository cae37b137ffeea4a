// The one protocol between the extension host and the chat webview (docs/style.md rules 5 and 6): plain types (and
// assertNever), so the webview imports this file whole. Webview -> host messages are intents, validated with zod
// and dropped with a warning when malformed; their types, and those of the turn's parts the stored history shares,
// are inferred from the schemas (protocolSchemas.ts, which the webview may not load) and passed on here as types.
// Host -> webview messages are events: on the webview's `ready` a full snapshot, then deltas and whole-turn
// updates while it is visible. A hidden webview drops messages, so the host never buffers a delta: when the view
// comes back it says `ready` again and gets a new snapshot. The webview imports only the types of this file.
import type { ChatParams, ContextKind, FinishReason, KnowledgeMode, TurnKind, TurnStatus, Usage } from './protocolSchemas';

export type {
  ChatParams,
  ContextKind,
  FinishReason,
  ImageUpload,
  KnowledgeMode,
  TurnKind,
  TurnStatus,
  Usage,
  WebviewCommand,
  WebviewToHost,
} from './protocolSchemas';

// ---------------------------------------------------------------------------------------------------------
// Views: what the host tells the webview. Plain data, never a secret.

/** What a button under an error does; the host maps each to a command. */
export type TurnAction = 'setApiKey' | 'openConsole' | 'retry' | 'showLogs' | 'openSettings' | 'newConversation';

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
  readonly kind: ContextKind;
  /** E.g. `example.ts:3-9` or `example.ts`. */
  readonly label: string;
  readonly languageId: string;
  readonly characters: number;
}

/** A knowledge-base turn: its mode, the bases asked, and the sources the service returned (may be empty). */
export interface KnowledgeView {
  readonly mode: KnowledgeMode;
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
  /** The images described by the vision model for a language model (maas.images.withTextModel), shown collapsed. */
  readonly imageDescription?: { readonly model: string; readonly text: string };
  readonly status: TurnStatus;
  readonly finishReason?: FinishReason;
  readonly model: string;
  readonly usage?: Usage;
  readonly error?: TurnErrorView;
  readonly retry?: RetryView;
  /** Only on knowledge turns. */
  readonly knowledge?: KnowledgeView;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export type { ChatParamName, ParamRangeView } from './chatParams';
import type { ChatParamName, ParamRangeView } from './chatParams';
import type { ModelFamilyName } from './modelFamilies';

export interface ModelOptionView {
  readonly code: string;
  /** What the model takes and does (src/shared/modelFamilies.ts). */
  readonly family: ModelFamilyName;
  /** The parameters its family takes, with their ranges. */
  readonly params: Partial<Record<ChatParamName, ParamRangeView>>;
}

export interface ConversationSummaryView {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turnCount: number;
}

/** A stretch of a text, from `start` up to, not including, `end` (UTF-16 offsets): a match the view highlights. */
export type TextRangeView = readonly [start: number, end: number];

/** A conversation the history search found, with where the query matches in what it shows. */
export interface SearchMatchView {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turnCount: number;
  readonly titleMarks: readonly TextRangeView[];
  /** Where the query first matches in its questions and answers, when its title alone does not match. */
  readonly snippet?: { readonly text: string; readonly marks: readonly TextRangeView[] };
}

/** The answer to the view's search of the history, for the query it named (`queryId`). */
export interface SearchResultsView {
  readonly queryId: number;
  /** How many conversations match. */
  readonly total: number;
  /** How many conversations the history holds. */
  readonly conversations: number;
  /** The first of them, as many as the view asked for: matches in the title first, then the newest first. */
  readonly matches: readonly SearchMatchView[];
  /** The index is still being built after the window started: more may match once it is. */
  readonly indexing: boolean;
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
  /** Tokens the next request carries before its question: the persona and the earlier turns it re-sends. */
  readonly contextTokens: number;
}

export type NoticeLevel = 'info' | 'warning' | 'error';
export interface NoticeView {
  readonly id: string;
  readonly level: NoticeLevel;
  readonly text: string;
  /** A button beside the text (Open Settings for an invalid address, say). */
  readonly action?: TurnAction;
}

export interface ChatSnapshot {
  readonly extensionVersion: string;
  readonly apiKeyState: 'set' | 'missing';
  /** The configured base URL, or '' when none is set (or the setting is invalid). */
  readonly baseUrl: string;
  /** The value written in maas.baseUrl when it is not an http(s) address the chat can use. */
  readonly baseUrlProblem?: string;
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
    /**
     * The default persona is the workspace's maas.chat.persona, not the user's: a conversation without a persona of
     * its own is steered by the repository, and the view says so.
     */
    readonly defaultPersonaFromWorkspace: boolean;
    /** The tokens a model takes in one request (maas.nativeChat.maxInputTokens): the context meter's limit. */
    readonly contextLimit: number;
    /** Each answer is spoken as it streams (maas.speech.readAnswers): the composer's toggle shows it. */
    readonly readAnswers: boolean;
  };
  readonly notices: readonly NoticeView[];
}

export type HostToWebview =
  | { readonly type: 'snapshot'; readonly snapshot: ChatSnapshot }
  /** Text appended to a streaming turn's answer and/or reasoning. */
  | { readonly type: 'turnDelta'; readonly conversationId: string; readonly turnId: string; readonly answer?: string; readonly reasoning?: string }
  /** A turn replaced whole (status, usage, error, retry changed). */
  | { readonly type: 'turnUpdate'; readonly conversationId: string; readonly turn: TurnView }
  /** What the next question of a conversation carries, after a turn ended (the context meter, the omitted marker). */
  | { readonly type: 'conversationContext'; readonly conversationId: string; readonly omittedTurns: number; readonly contextTokens: number }
  /** The notices to show now (for the open conversation), replacing those shown before. */
  | { readonly type: 'notices'; readonly notices: readonly NoticeView[] }
  /** Put the cursor in the question box (after Add Selection to Chat, say). */
  | { readonly type: 'focusInput' }
  /** Open the list of conversations, or close it when open (MaaS: Show Conversations, the title bar's history button). */
  | { readonly type: 'toggleConversations' }
  /** The conversations matching the view's search, again whenever they change while the search is shown. */
  | { readonly type: 'searchResults'; readonly results: SearchResultsView }
  /**
   * Read-aloud: a playback begins (or, with `resumeAt`, resumes in a reloaded page from that sentence); its segments
   * follow in order. `sentences` is 0 for an answer spoken as it streams (its count is known at `speechDone`);
   * `turnId` names the answer being read, whose sentence being spoken the view marks.
   */
  | {
      readonly type: 'speechStart';
      readonly playbackId: string;
      readonly title: string;
      readonly sentences: number;
      readonly format: SpeechFormat;
      readonly resumeAt?: number;
      readonly turnId?: string;
    }
  /** One synthesised sentence; `last` on the final one; `failed` (no audio) when its synthesis failed: skipped, marked. */
  | {
      readonly type: 'speechSegment';
      readonly playbackId: string;
      readonly index: number;
      readonly text: string;
      readonly format: SpeechFormat;
      readonly audioBase64: string;
      readonly last?: boolean;
      readonly failed?: boolean;
    }
  /** An answer spoken as it streamed has no more sentences: this many in all. */
  | { readonly type: 'speechDone'; readonly playbackId: string; readonly sentences: number }
  /** The host stopped the playback (Stop from the editor, a new playback). */
  | { readonly type: 'speechStop'; readonly playbackId: string };

export type SpeechFormat = 'wav' | 'mp3';

/** Ends every switch over a union of the protocol (host and webview alike): a new member is a build error until handled. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
