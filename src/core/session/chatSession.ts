// The one owner of a chat, and the face the chat view, the commands and the tests talk to. It holds the
// conversations and the context waiting for the next question, and hands each job to its part (sessionParts.ts):
// conversation edits (conversationEdits.ts), the turns being answered (turnRuns.ts, asked by turnEvents.ts), what
// the view makes of them (turnFollower.ts), the history folder shared with other windows (historySync.ts), the
// notices (notices.ts) and the view's snapshot (chatViews.ts). Everything the chat view shows leaves through one
// event stream, `onDidEmit`, which a view only forwards; a turn's own stream is followed on `onTurnProgress`.
// Features (knowledge base, images) start turns here, so every answer lands in the history. Plain Node: words come
// in through the Localiser and ChatViewText.
import { randomUUID } from 'node:crypto';
import type { Event, Subscription } from '../emitter';
import { Emitter } from '../emitter';
import type { Conversation, StoredContext } from '../conversations/conversationModel';
import * as ops from '../conversations/conversationsState';
import type { ChatParams } from '../../shared/chatParams';
import type { HostToWebview, ImageUpload, NoticeLevel, NoticeView } from '../../shared/protocol';
import type { ChatSettings } from './chatSettings';
import { buildSnapshot } from './chatViews';
import { checkUploads, keepUploads } from './imageUploads';
import { Notices, type NoticeCause, type NoticeOptions } from './notices';
import { sessionParts, type ChatSessionDeps, type SessionParts } from './sessionParts';
import type { NewTurn } from './turnInputs';
import { placeTurn } from './turnPlacement';
import type { TurnProgress } from './turnRuns';

export type { ChatSessionDeps } from './sessionParts';
export type { NewTurn } from './turnInputs';
export type { TurnProgress } from './turnRuns';

export class ChatSession {
  private state: ops.ConversationsState = { version: 1, conversations: [] };
  private pendingContext: StoredContext[] = [];
  private readonly notices = new Notices();
  private readonly emitter = new Emitter<HostToWebview>();
  private readonly modelEmitter = new Emitter<string>();
  private readonly parts: SessionParts;
  private readonly loaded: Promise<void>;
  private readonly subscriptions: Subscription[];
  private lastActiveModel: string | undefined;

  /** Every message for the chat view: snapshots, deltas, turn updates, notices. */
  readonly onDidEmit = this.emitter.event;
  /** The active conversation's model, when it changes (another conversation, another model). */
  readonly onDidChangeActiveModel = this.modelEmitter.event;
  /** Every event of every turn this window answers (its text as it arrives, its end), once the turn took it. */
  readonly onTurnProgress: Event<TurnProgress>;

  constructor(private readonly deps: ChatSessionDeps) {
    this.parts = sessionParts(deps, {
      state: { get: () => this.state, set: (state) => (this.state = state) },
      notices: this.notices,
      emit: (message) => this.emitter.fire(message),
      showNotices: () => this.emitNotices(),
      refresh: () => this.refresh(),
      whenLoaded: () => this.loaded,
      shownSettings: () => this.shownSettings(),
      waitingContext: () => this.pendingContext,
    });
    this.onTurnProgress = this.parts.runs.onDidProgress;
    this.subscriptions = deps.changes.map((event) => event(() => void this.refresh()));
    this.loaded = this.parts.sync.load();
  }

  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  /** Resolves once the background check of the history's list against its folder has ended (tests). */
  whenChecked(): Promise<void> {
    return this.loaded.then(() => this.parts.sync.whenChecked());
  }

  get conversations(): ops.ConversationsState {
    return this.state;
  }

  /** The model of the active conversation, once the history is loaded. */
  get activeModel(): string | undefined {
    return ops.activeConversation(this.state)?.model;
  }

  /** The notices the view shows now (those of every conversation, and the open one's). */
  get visibleNotices(): readonly NoticeView[] {
    return this.notices.visibleIn(this.state.activeId);
  }

  /** Whether this window is answering that turn now. */
  isRunning(turnId: string): boolean {
    return this.parts.runs.isRunning(turnId);
  }

  /** Sends the view a full snapshot (on its `ready`, and after every change of the conversations). */
  async refresh(): Promise<void> {
    await this.loaded;
    const model = this.activeModel;
    if (model !== undefined && model !== this.lastActiveModel) {
      this.lastActiveModel = model;
      this.modelEmitter.fire(model);
    }
    this.parts.follower.flush();
    const settings = this.shownSettings();
    const apiKeySet = await this.deps.apiKeySet();
    const { extensionVersion, text } = this.deps;
    const { state, pendingContext, visibleNotices: notices } = this;
    const snapshot = buildSnapshot({ extensionVersion, apiKeySet, settings, state, pendingContext, notices, retries: this.parts.runs.retries, text });
    this.emitter.fire({ type: 'snapshot', snapshot });
  }

  /**
   * The settings as the view and the history may hold them: an invalid maas.baseUrl is quoted back to the user, so
   * whatever secret it carries (a key parameter, a password) is masked first, as in the log.
   */
  private shownSettings(): ChatSettings {
    const settings = this.deps.settings();
    return settings.baseUrlProblem === undefined ? settings : { ...settings, baseUrlProblem: this.deps.log.redact(settings.baseUrlProblem) };
  }

  // --- notices -------------------------------------------------------------------------------------------

  /** Shows the notice of a cause, replacing an earlier one of the same cause. */
  notify(cause: NoticeCause, level: NoticeLevel, text: string, options?: NoticeOptions): void {
    this.notices.set(cause, level, text, options);
    this.emitNotices();
  }

  clearNotice(cause: NoticeCause, conversationId?: string): void {
    if (this.notices.clear(cause, conversationId)) this.emitNotices();
  }

  dismissNotice(id: string): void {
    if (this.notices.dismiss(id)) this.emitNotices();
  }

  private emitNotices(): void {
    this.emitter.fire({ type: 'notices', notices: this.visibleNotices });
  }

  // --- context for the next question ---------------------------------------------------------------------

  /** Context for the next question (Add Selection to Chat, the current file); shown as removable chips. */
  async addContext(item: Omit<StoredContext, 'id'>): Promise<void> {
    await this.loaded;
    this.pendingContext = [...this.pendingContext, { ...item, id: randomUUID() }];
    await this.refresh();
  }

  async removeContext(id: string): Promise<void> {
    this.pendingContext = this.pendingContext.filter((item) => item.id !== id);
    await this.refresh();
  }

  get contextWaiting(): readonly StoredContext[] {
    return this.pendingContext;
  }

  // --- the conversations: each change saved, then shown (conversationEdits.ts) ----------------------------

  readonly newConversation = (): Promise<void> => this.parts.edits.newConversation();
  readonly selectConversation = (id: string): Promise<void> => this.parts.edits.select(id);
  readonly renameConversation = (id: string, title: string): Promise<void> => this.parts.edits.rename(id, title);
  readonly deleteConversation = (id: string): Promise<void> => this.parts.edits.delete(id);
  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  readonly conversation = (id: string): Promise<Conversation | undefined> => this.parts.edits.read(id);
  readonly setModel = (model: string): Promise<void> => this.parts.edits.setModel(model);
  readonly setParams = (params: ChatParams): Promise<void> => this.parts.edits.setParams(params);
  readonly setPersona = (persona: string): Promise<void> => this.parts.edits.setPersona(persona);
  readonly apply = (change: (state: ops.ConversationsState) => ops.ConversationsState): Promise<void> => this.parts.edits.apply(change);

  // --- turns ---------------------------------------------------------------------------------------------

  /** The view's Send: images are checked and kept, the waiting context goes with the question. */
  async send(text: string, uploads: readonly ImageUpload[]): Promise<string | undefined> {
    await this.loaded;
    if (text.trim() === '' && uploads.length === 0) return undefined;
    const checked = checkUploads(uploads, this.deps.settings().imageMaxBytes, this.deps.text.strings());
    if (!checked.ok) {
      this.notify('image', 'error', checked.refusal, { conversationId: this.state.activeId });
      return undefined;
    }
    const images = await keepUploads(checked.accepted, this.deps.store);
    this.clearNotice('image', this.state.activeId);
    const context = this.pendingContext;
    this.pendingContext = [];
    return this.startTurn({ kind: 'chat', question: text.trim(), images, context });
  }

  /** Starts a turn (turnPlacement.ts says where) and streams its answer; resolves with its id once it is saved. */
  async startTurn(input: NewTurn): Promise<string> {
    await this.loaded;
    // The open conversation may be on its way in (it was deleted, here or by another window, and the next one is
    // being read from disk): the question goes to the one that opens.
    if (!ops.isLoaded(this.state, this.state.activeId)) await this.parts.open.settleActive(this.deps.settings().chatModel);
    const placed = placeTurn(this.state, input, this.deps.settings(), Date.now());
    if (placed.leftVision !== undefined) this.notices.clear('visionSwitch', placed.leftVision);
    if (placed.switchedTo !== undefined) {
      const text = this.deps.l10n.t('Images need the vision model: switched to {0}.', placed.switchedTo);
      this.notices.set('visionSwitch', 'info', text, { conversationId: placed.conversationId });
    }
    this.state = placed.state;
    return this.begin(placed.conversationId, placed.turn.id);
  }

  /** Re-runs a turn (regenerate, retry, edit): later turns are dropped, earlier ones untouched. */
  async rerun(turnId: string, question?: string): Promise<void> {
    await this.loaded;
    const found = ops.findTurn(this.state, turnId);
    if (found === undefined) return;
    this.parts.runs.stopAll(found.conversation.turns.slice(found.index).map((t) => t.id));
    // Regenerate, Retry and Edit ask the model the turn was asked with (an image turn stays on the vision model),
    // not the picker's current choice: the picker applies to the next new question.
    const { state, unusedImages } = ops.rerunFrom(this.state, found.conversation.id, turnId, question ?? found.turn.question, found.turn.model, Date.now());
    this.state = state;
    void this.deps.store.deleteImages(unusedImages);
    await this.begin(found.conversation.id, turnId);
  }

  /** A turn placed in the state is claimed, saved and shown, then answered. */
  private async begin(conversationId: string, turnId: string): Promise<string> {
    this.parts.runs.claim(turnId);
    await this.parts.saver.now();
    await this.refresh();
    this.parts.runs.start(conversationId, turnId);
    return turnId;
  }

  /** The view's Stop. An answer another window is writing (the history is shared) can only be stopped there. */
  stop(turnId: string): void {
    if (this.parts.runs.stop(turnId)) return;
    const turn = ops.findTurn(this.state, turnId)?.turn;
    if (turn?.status === 'pending' || turn?.status === 'streaming') {
      this.notify('otherWindow', 'info', this.deps.l10n.t('This answer is being written in another VS Code window; stop it there.'));
    }
  }

  /** Writes what is held now and waits for it (tests, and callers that must see the history on disk). */
  save(): Promise<void> {
    return this.parts.saver.now();
  }

  dispose(): void {
    // The window is reloading or closing mid-answer: keep what arrived, marked interrupted, written at once.
    for (const subscription of this.subscriptions) subscription.dispose();
    this.parts.sync.dispose();
    this.parts.runs.dispose();
    this.parts.saver.final(this.state);
    this.parts.follower.dispose();
    this.emitter.dispose();
    this.modelEmitter.dispose();
  }
}
