// The one owner of a chat, and the face the chat view, the commands and the voice talk to. It holds the session's
// state (sessionState.ts: the conversations, the waiting context, the notices, the turns being answered) and builds
// the parts that follow it: the saver, the history folder's sync and the user's edits (history/), the questions and
// the runs of the turns being answered (turns/), and the feed of what the chat view shows (view/). Each part changes
// the state through `update` and hears every change; none calls another back. What others follow: `onDidEmit` (every
// message for the chat view, which a view only forwards), `onTurnProgress` (a turn's stream),
// `onDidChangeActiveConversation` and `onDidChangeActiveModel`, and `state.onDidChange`. Features (knowledge base,
// images) start turns here, so every answer lands in the history. Plain Node: words come in through the Localiser and
// ChatViewText.
import { randomUUID } from 'node:crypto';
import type { Event } from '../emitter';
import { Emitter } from '../emitter';
import type { Localiser } from '../../shared/localiser';
import type { Conversation, StoredContext } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import * as ops from '../conversations/conversationsState';
import type { ChatBackend } from '../requests/chatBackend';
import type { ChatParams } from '../../shared/chatParams';
import type { HostToWebview, ImageUpload, NoticeLevel } from '../../shared/protocol';
import type { ChatSettings } from './chatSettings';
import { ConversationEdits } from './history/conversationEdits';
import { HistorySaver } from './history/historySaver';
import { HistorySearch } from './history/historySearch';
import { HistorySync } from './history/historySync';
import { OpenConversations } from './history/openConversations';
import type { NoticeCause, NoticeOptions } from './notices';
import { ChatState, withNotices, type ChatLog, type ObservedState, type SessionState } from './sessionState';
import { answerTurn } from './turns/answerTurn';
import { Questions } from './turns/questions';
import { RunningTurns, type TurnProgress } from './turns/runningTurns';
import type { NewTurn } from './turns/turnPlacement';
import type { ChatViewText } from './view/turnView';
import { ViewFeed } from './view/viewFeed';

export type { ChatLog, SessionState } from './sessionState';
export type { NewTurn } from './turns/turnPlacement';
export type { TurnProgress } from './turns/runningTurns';

export interface ChatSessionDeps {
  readonly store: ConversationStore;
  readonly backend: () => ChatBackend;
  readonly settings: () => ChatSettings;
  readonly apiKeySet: () => Promise<boolean>;
  /** Events after which the view needs a new snapshot (the key, the settings). */
  readonly changes: readonly Event<unknown>[];
  readonly text: ChatViewText;
  readonly l10n: Localiser;
  readonly log: ChatLog;
  readonly extensionVersion: string;
  readonly saveIntervalMs?: number;
  readonly deltaIntervalMs?: number;
  /** How long after the history loaded its search index starts being built (a search starts it at once). */
  readonly searchIndexDelayMs?: number;
}

export class ChatSession {
  private readonly chatState: ChatState;
  private readonly saver: HistorySaver;
  private readonly open: OpenConversations;
  private readonly sync: HistorySync;
  private readonly edits: ConversationEdits;
  private readonly search: HistorySearch;
  private readonly runs: RunningTurns;
  private readonly questions: Questions;
  private readonly feed: ViewFeed;
  private readonly activeConversationEmitter = new Emitter<string | undefined>();
  private readonly modelEmitter = new Emitter<string>();
  private readonly subscriptions: { dispose(): void }[];
  private readonly loaded: Promise<void>;
  private lastActiveModel: string | undefined;

  /** The session's state, and every change of it with the state before and after and why. */
  readonly state: ObservedState;
  /** Every message for the chat view: snapshots, deltas, turn updates, notices, search results. */
  readonly onDidEmit: Event<HostToWebview>;
  /** Every event of every turn this window answers (its text as it arrives, its end), once the turn took it. */
  readonly onTurnProgress: Event<TurnProgress>;
  /** The open conversation's id when another opens: chosen, started, or the open one deleted (undefined until the next is read). */
  readonly onDidChangeActiveConversation = this.activeConversationEmitter.event;
  /** The active conversation's model, when it changes (another conversation, another model). */
  readonly onDidChangeActiveModel = this.modelEmitter.event;

  constructor(private readonly deps: ChatSessionDeps) {
    const { store, l10n, log } = deps;
    const settings = (): ChatSettings => this.shownSettings();
    const chatModel = (): string => deps.settings().chatModel;
    this.chatState = new ChatState((error) => log.error('Following the chat state failed', error));
    const state = (this.state = this.chatState);
    this.saver = new HistorySaver(state, store, deps.saveIntervalMs ?? 1000);
    this.open = new OpenConversations({ state, store, l10n, log });
    this.sync = new HistorySync({ state, store, open: this.open, saver: this.saver, chatModel, l10n, log });
    this.edits = new ConversationEdits({ state, open: this.open, store, settings, l10n });
    this.search = new HistorySearch({ state, store, log, startDelayMs: deps.searchIndexDelayMs ?? 3000 });
    this.runs = new RunningTurns({
      state,
      answer: (found, signal) => answerTurn(found, signal, { settings: settings(), store, backend: deps.backend(), log }),
      failed: (error) => log.error('Following a turn failed', error),
    });
    this.onTurnProgress = this.runs.onDidProgress;
    this.questions = new Questions({
      state,
      runs: this.runs,
      saver: this.saver,
      store,
      open: this.open,
      settings: deps.settings,
      l10n,
    });
    this.feed = new ViewFeed({
      state,
      progress: this.runs.onDidProgress,
      settings,
      text: deps.text,
      l10n,
      log,
      extensionVersion: deps.extensionVersion,
      deltaIntervalMs: deps.deltaIntervalMs ?? 30,
    });
    const feed = this.feed;
    const search = this.search;
    this.onDidEmit = (listener) => {
      const views = feed.onDidEmit(listener);
      const results = search.onDidFind((found) => listener({ type: 'searchResults', results: found }));
      return { dispose: () => (views.dispose(), results.dispose()) };
    };
    this.subscriptions = [
      state.onDidChange(({ before, after }) => this.followActive(before, after)),
      ...deps.changes.map((event) => event(() => void this.refresh())),
    ];
    this.loaded = Promise.all([this.sync.load(), deps.apiKeySet()]).then(([, apiKeySet]) => this.feed.keyRead(apiKeySet));
  }

  /** Resolves once the history is read and the open conversation is in memory. */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  private get conversations(): ops.ConversationsState {
    return this.chatState.current.conversations;
  }

  /** The model of the active conversation, once the history is loaded. */
  get activeModel(): string | undefined {
    return ops.activeConversation(this.conversations)?.model;
  }

  /** Sends the view a full snapshot (on its `ready`, and after the key or a setting the chat reads changed). */
  async refresh(): Promise<void> {
    await this.loaded;
    this.feed.show(await this.deps.apiKeySet());
  }

  // --- notices -------------------------------------------------------------------------------------------

  /** Shows the notice of a cause, replacing an earlier one of the same cause. */
  notify(cause: NoticeCause, level: NoticeLevel, text: string, options?: NoticeOptions): void {
    this.chatState.update('notice', (s) => withNotices(s, s.notices.set(cause, level, text, options)));
  }

  dismissNotice(id: string): void {
    this.chatState.update('notice', (s) => withNotices(s, s.notices.dismiss(id)));
  }

  // --- context for the next question ---------------------------------------------------------------------

  /** Context for the next question (Add Selection to Chat, the current file); shown as removable chips. */
  async addContext(item: Omit<StoredContext, 'id'>): Promise<void> {
    await this.loaded;
    this.chatState.update('context', (s) => ({ ...s, waitingContext: [...s.waitingContext, { ...item, id: randomUUID() }] }));
  }

  async removeContext(id: string): Promise<void> {
    await this.loaded;
    this.chatState.update('context', (s) => ({ ...s, waitingContext: s.waitingContext.filter((item) => item.id !== id) }));
  }

  // --- the conversations: each change applied, shown, and written before the promise resolves ------------

  readonly newConversation = (): Promise<void> => this.edited(() => this.edits.newConversation());
  readonly selectConversation = (id: string): Promise<void> => this.edited(() => this.edits.select(id));
  readonly renameConversation = (id: string, title: string): Promise<void> => this.edited(() => this.edits.rename(id, title));
  readonly deleteConversation = (id: string): Promise<void> => this.edited(() => this.edits.delete(id));
  readonly setModel = (model: string): Promise<void> => this.edited(() => this.edits.setModel(model));
  readonly setParams = (params: ChatParams): Promise<void> => this.edited(() => this.edits.setParams(params));
  readonly setPersona = (persona: string): Promise<void> => this.edited(() => this.edits.setPersona(persona));

  /**
   * Searches the history's titles, questions and answers; the first `limit` results come on `onDidEmit` as
   * `searchResults` for `queryId`, and again whenever they change, until another search (an empty query ends it).
   */
  async searchConversations(queryId: number, query: string, limit: number): Promise<void> {
    await this.loaded;
    this.search.search(queryId, query, limit);
  }

  /** No search is shown any more (a new page of the view): nothing more is sent for the last one. */
  endSearch(): void {
    this.search.search(0, '', 1);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  async conversation(id: string): Promise<Conversation | undefined> {
    await this.loaded;
    return this.edits.read(id);
  }

  // --- turns ---------------------------------------------------------------------------------------------

  /** The view's Send: images are checked and kept, the waiting context goes with the question. */
  async send(text: string, uploads: readonly ImageUpload[]): Promise<string | undefined> {
    await this.loaded;
    return this.questions.send(text, uploads);
  }

  /** Starts a turn (turnPlacement.ts says where) and streams its answer; resolves with its id once it is saved. */
  async startTurn(input: NewTurn): Promise<string> {
    await this.loaded;
    return this.questions.start(input);
  }

  /** Re-runs a turn (regenerate, retry, edit): later turns are dropped, earlier ones untouched. */
  async rerun(turnId: string, question?: string): Promise<void> {
    await this.loaded;
    await this.questions.rerun(turnId, question);
  }

  /** The view's Stop. An answer another window is writing (the history is shared) can only be stopped there. */
  stop(turnId: string): void {
    this.questions.stop(turnId);
  }

  dispose(): void {
    // The window is reloading or closing mid-answer: keep what arrived, marked interrupted, written at once.
    for (const subscription of this.subscriptions) subscription.dispose();
    this.runs.dispose();
    this.saver.dispose();
    this.sync.dispose();
    this.search.dispose();
    this.open.dispose();
    this.feed.dispose();
    this.chatState.dispose();
    this.activeConversationEmitter.dispose();
    this.modelEmitter.dispose();
  }

  /** A user's change, resolved once it is written. */
  private async edited(change: () => Promise<void>): Promise<void> {
    await this.loaded;
    await change();
    await this.saver.written();
  }

  /** The active conversation and its model, announced when they change. */
  private followActive(before: SessionState, after: SessionState): void {
    if (before.conversations.activeId !== after.conversations.activeId) this.activeConversationEmitter.fire(after.conversations.activeId);
    const model = ops.activeConversation(after.conversations)?.model;
    if (model !== undefined && model !== this.lastActiveModel) {
      this.lastActiveModel = model;
      this.modelEmitter.fire(model);
    }
  }

  /**
   * The settings as the view and the history may hold them: an invalid maas.baseUrl is quoted back to the user, so
   * whatever secret it carries (a key parameter, a password) is masked first, as in the log.
   */
  private shownSettings(): ChatSettings {
    const settings = this.deps.settings();
    return settings.baseUrlProblem === undefined ? settings : { ...settings, baseUrlProblem: this.deps.log.redact(settings.baseUrlProblem) };
  }
}
