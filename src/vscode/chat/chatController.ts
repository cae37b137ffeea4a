// The chat's host side: owns the conversations (loaded from, saved to and kept in step with the shared history
// folder), the notices and the pending context, and keeps the view in step with snapshots. Turns start here; their
// answers run in the TurnScheduler. Other features (knowledge base, images) start turns through startTurn(), so
// every answer lands in the history.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { MaasClient } from '../../core/maasClient';
import type { ConversationStore, StoreChange } from '../../core/conversations/conversationStore';
import * as ops from '../../core/conversations/conversationsState';
import type { HostToWebview, NoticeLevel, NoticeView } from '../../shared/protocol';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { HistorySaver } from './historySaver';
import { buildSnapshot, isVisionModel, type PendingContext } from './snapshotBuilder';
import { newTurn, type NewTurn } from './turnInputs';
import { TurnScheduler } from './turnScheduler';

export type { NewTurn } from './turnInputs';

export interface ChatViewPort {
  post(message: HostToWebview): void;
  /** Shows the chat view (and focuses it when asked). */
  reveal(focus: boolean): Promise<void>;
}

export interface ChatControllerDependencies {
  readonly store: ConversationStore;
  readonly client: () => MaasClient;
  readonly keys: ApiKeyStore;
  readonly settings: SettingsReader;
  readonly logger: Logger;
  readonly extensionVersion: string;
  readonly maxAttempts: number;
}

const SAVE_INTERVAL_MS = 1000;

export class ChatController implements vscode.Disposable {
  private state: ops.ConversationsState = { version: 1, conversations: [] };
  private pendingContext: PendingContext[] = [];
  private notices: NoticeView[] = [];
  private view: ChatViewPort | undefined;
  private readonly saver: HistorySaver;
  private readonly turns: TurnScheduler;
  private readonly loaded: Promise<void>;
  private watcher: { dispose(): void } | undefined;
  private readonly activeModelEmitter = new vscode.EventEmitter<string>();
  private lastActiveModel: string | undefined;
  /** Fires with the active conversation's model when it changes (another conversation, another model). */
  readonly onDidChangeActiveModel = this.activeModelEmitter.event;
  private readonly postEmitter = new vscode.EventEmitter<HostToWebview>();
  /** Fires with every message posted to the view (the in-host tests follow what the view is told). */
  readonly onDidPost = this.postEmitter.event;

  constructor(private readonly deps: ChatControllerDependencies) {
    this.saver = new HistorySaver(deps.store, () => this.state, deps.logger, (text) => this.notify('error', text), SAVE_INTERVAL_MS);
    this.turns = new TurnScheduler({
      ...deps,
      state: () => this.state,
      setState: (state) => (this.state = state),
      notify: (level, text) => this.notify(level, text),
      post: (message) => this.post(message),
      saveNow: () => this.saver.now(),
      saveSoon: () => this.saver.soon(),
    });
    this.loaded = this.load();
  }

  private async load(): Promise<void> {
    const { data, setAside } = await this.deps.store.load();
    this.state = ops.ensureActive(data, randomUUID(), this.deps.settings.settings.chatModel, Date.now());
    for (const file of setAside) {
      this.deps.logger.error(`A chat history file could not be read and was set aside as ${file.movedTo}: ${file.reason}`);
      this.notify('error', vscode.l10n.t('A chat history file could not be read and was kept aside as {0}; the other conversations are intact and nothing was deleted.', file.movedTo));
    }
    if (this.saver.isDisposed) return;
    try {
      this.watcher = this.deps.store.watch(
        (change) => this.takeExternal(change),
        (error) => this.deps.logger.warn(`Following the chat history of other windows stopped: ${error.message}`),
      );
    } catch (error) {
      this.deps.logger.warn(`The chat history of other windows cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Another window saved or deleted a conversation (all windows share the history folder), or a save here merged
   * with its version: show it here too. Answers streaming in this window keep this window's version of their turn;
   * the other window's turns are taken too, so the next save does not overwrite them.
   */
  private takeExternal(change: StoreChange): void {
    if (this.saver.isDisposed) return;
    const id = change.kind === 'changed' ? change.conversation.id : change.id;
    const conversation = this.state.conversations.find((c) => c.id === id);
    this.deps.logger.info(`Conversation ${id} was ${change.kind === 'changed' ? 'changed' : 'deleted'} by another window (or merged with its version).`);
    if (change.kind === 'changed') {
      const live = conversation?.turns.filter((t) => this.turns.isRunning(t.id)) ?? [];
      this.state = ops.upsertConversation(this.state, ops.withLiveTurns(change.conversation, live));
    } else {
      if (conversation === undefined) return;
      this.stopConversation(id);
      this.state = ops.ensureActive(ops.deleteConversation(this.state, id), randomUUID(), this.deps.settings.settings.chatModel, Date.now());
    }
    void this.postSnapshot();
  }

  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  attach(view: ChatViewPort | undefined): void {
    this.view = view;
  }

  /** The model of the active conversation, once the history is loaded. */
  get activeModel(): string | undefined {
    return ops.activeConversation(this.state)?.model;
  }

  async postSnapshot(): Promise<void> {
    await this.loaded;
    // Every change of the conversations ends in a snapshot: the place to tell the status bar about the model.
    const model = this.activeModel;
    if (model !== undefined && model !== this.lastActiveModel) {
      this.lastActiveModel = model;
      this.activeModelEmitter.fire(model);
    }
    if (this.view === undefined) return;
    this.turns.flushDeltas();
    this.post({
      type: 'snapshot',
      snapshot: buildSnapshot({
        extensionVersion: this.deps.extensionVersion,
        apiKeySet: (await this.deps.keys.get()) !== undefined,
        settings: this.deps.settings.settings,
        state: this.state,
        pendingContext: this.pendingContext,
        notices: this.notices,
        retries: this.turns.retries,
      }),
    });
  }

  private post(message: HostToWebview): void {
    this.view?.post(message);
    this.postEmitter.fire(message);
  }

  notify(level: NoticeLevel, text: string): void {
    const notice = { id: randomUUID(), level, text };
    this.notices = [...this.notices.slice(-4), notice];
    this.post({ type: 'notice', notice });
  }

  /** The notices the view shows now. */
  get currentNotices(): readonly NoticeView[] {
    return this.notices;
  }

  /** Removes that one notice; the snapshot that follows repaints the view without it (and a reload keeps it gone). */
  async dismissNotice(id: string): Promise<void> {
    this.notices = this.notices.filter((n) => n.id !== id);
    await this.postSnapshot();
  }

  get conversations(): ops.ConversationsState {
    return this.state;
  }

  /** Context for the next question (Add Selection to Chat, the current file); shown as removable chips. */
  async addContext(item: Omit<PendingContext, 'id'>): Promise<void> {
    await this.loaded;
    this.pendingContext = [...this.pendingContext, { ...item, id: randomUUID() }];
    await this.view?.reveal(true);
    await this.postSnapshot();
    this.post({ type: 'focusInput' });
  }

  removeContext(id: string): void {
    this.pendingContext = this.pendingContext.filter((item) => item.id !== id);
  }

  peekContext(): readonly PendingContext[] {
    return this.pendingContext;
  }

  takeContext(): PendingContext[] {
    const taken = this.pendingContext;
    this.pendingContext = [];
    return taken;
  }

  /** Starts a turn in the active conversation and streams its answer into the view and the history. */
  async startTurn(input: NewTurn): Promise<string> {
    await this.loaded;
    const conversation = ops.activeConversation(this.state);
    if (conversation === undefined) throw new Error('no active conversation');
    let model = input.model ?? conversation.model;
    const settings = this.deps.settings.settings;
    if ((input.images?.length ?? 0) > 0 && !isVisionModel(settings, model)) {
      model = settings.visionModel;
      this.state = ops.setConversationModel(this.state, conversation.id, model, Date.now());
      this.notify('info', vscode.l10n.t('Images need the vision model: switched to {0}.', model));
    }
    const turn = newTurn(input, model);
    this.state = ops.addTurn(this.state, conversation.id, turn, Date.now());
    this.turns.claim(turn.id);
    await this.saveNow();
    await this.postSnapshot();
    void this.turns.run(conversation.id, turn.id);
    return turn.id;
  }

  /** Re-runs a turn (regenerate, retry, edit): later turns are dropped, earlier ones untouched. */
  async rerun(turnId: string, question?: string): Promise<void> {
    await this.loaded;
    const found = ops.findTurn(this.state, turnId);
    if (found === undefined) return;
    this.turns.stopAll(found.conversation.turns.slice(found.index).map((t) => t.id));
    // Regenerate, Retry and Edit ask the model the turn was asked with (an image turn stays on the vision model),
    // not the picker's current choice: the picker applies to the next new question.
    const { state, unusedImages } = ops.rerunFrom(this.state, found.conversation.id, turnId, question ?? found.turn.question, found.turn.model, Date.now());
    this.state = state;
    this.turns.claim(turnId);
    void this.deps.store.deleteImages(unusedImages);
    await this.saveNow();
    await this.postSnapshot();
    void this.turns.run(found.conversation.id, turnId);
  }

  stop(turnId: string): void {
    this.turns.stop(turnId);
  }

  /** Mutates the conversations through a pure operation, then saves and re-renders. */
  async apply(change: (state: ops.ConversationsState) => ops.ConversationsState): Promise<void> {
    await this.loaded;
    this.state = ops.ensureActive(change(this.state), randomUUID(), this.deps.settings.settings.chatModel, Date.now());
    await this.saveNow();
    await this.postSnapshot();
  }

  /** Stops the running answers of a conversation (before it is deleted, say). */
  stopConversation(conversationId: string): void {
    const conversation = this.state.conversations.find((c) => c.id === conversationId);
    this.turns.stopAll(conversation?.turns.map((t) => t.id) ?? []);
  }

  saveNow(): Promise<void> {
    return this.saver.now();
  }

  dispose(): void {
    // The window is reloading or closing mid-answer: keep what arrived, marked interrupted, written at once.
    this.watcher?.dispose();
    this.activeModelEmitter.dispose();
    this.postEmitter.dispose();
    this.state = this.turns.interruptAll(this.state);
    this.saver.final(this.state);
    this.turns.dispose();
  }
}
