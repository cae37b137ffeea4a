// The chat's host side: owns the conversations, turns the webview's intents into state changes and requests,
// saves on every turn change (atomically; during streaming at most once a second), and keeps the view in step
// with snapshots, deltas and whole-turn updates. Other features (knowledge base, images) start turns through
// startTurn(), so every answer lands in the history.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { MaasClient } from '../../core/maasClient';
import { retrievalOptionsSchema, type RetrievalOptions } from '../../core/chatRequest';
import type { StoredContext, StoredImage, Turn } from '../../core/conversations/conversationModel';
import type { ConversationStore, StoreChange } from '../../core/conversations/conversationStore';
import * as ops from '../../core/conversations/conversationsState';
import { dataUrl } from '../../core/conversations/imageIntake';
import type { HostToWebview, NoticeLevel, NoticeView, RetryView, TurnView } from '../../shared/protocol';
import type { ApiKeyStore } from '../apiKeyStore';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings';
import { buildSnapshot, isVisionModel, turnView, type PendingContext } from './snapshotBuilder';
import { runTurn } from './turnRunner';

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

export interface NewTurn {
  readonly kind: Turn['kind'];
  readonly question: string;
  readonly images?: readonly StoredImage[];
  readonly context?: readonly StoredContext[];
  readonly model?: string;
  /** The knowledge-base tool; kept in the turn (`extra.retrieval`) so Retry and Regenerate use it after a reload. */
  readonly retrieval?: RetrievalOptions;
  readonly extra?: Record<string, unknown>;
}

const SAVE_INTERVAL_MS = 1000;
const DELTA_INTERVAL_MS = 30;

export class ChatController implements vscode.Disposable {
  private state: ops.ConversationsState = { version: 1, conversations: [] };
  private pendingContext: PendingContext[] = [];
  private notices: NoticeView[] = [];
  private readonly retries = new Map<string, RetryView>();
  private readonly running = new Map<string, AbortController>();
  private view: ChatViewPort | undefined;
  private lastSave = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly pendingDeltas = new Map<string, { conversationId: string; answer: string; reasoning: string }>();
  private deltaTimer: NodeJS.Timeout | undefined;
  private readonly loaded: Promise<void>;
  private disposed = false;
  private watcher: { dispose(): void } | undefined;
  private readonly activeModelEmitter = new vscode.EventEmitter<string>();
  private lastActiveModel: string | undefined;
  /** Fires with the active conversation's model when it changes (another conversation, another model). */
  readonly onDidChangeActiveModel = this.activeModelEmitter.event;
  private readonly postEmitter = new vscode.EventEmitter<HostToWebview>();
  /** Fires with every message posted to the view (the in-host tests follow what the view is told). */
  readonly onDidPost = this.postEmitter.event;

  constructor(private readonly deps: ChatControllerDependencies) {
    this.loaded = this.load();
  }

  private async load(): Promise<void> {
    const { data, setAside } = await this.deps.store.load();
    this.state = ops.ensureActive(data, randomUUID(), this.deps.settings.settings.chatModel, Date.now());
    for (const file of setAside) {
      this.deps.logger.error(`A chat history file could not be read and was set aside as ${file.movedTo}: ${file.reason}`);
      this.notify('error', vscode.l10n.t('A chat history file could not be read and was kept aside as {0}; the other conversations are intact and nothing was deleted.', file.movedTo));
    }
    if (this.disposed) return;
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
    if (this.disposed) return;
    const id = change.kind === 'changed' ? change.conversation.id : change.id;
    const conversation = this.state.conversations.find((c) => c.id === id);
    if (change.kind === 'changed') {
      const live = conversation?.turns.filter((t) => this.running.has(t.id)) ?? [];
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
    this.flushDeltas();
    this.post({
      type: 'snapshot',
      snapshot: buildSnapshot({
        extensionVersion: this.deps.extensionVersion,
        apiKeySet: (await this.deps.keys.get()) !== undefined,
        settings: this.deps.settings.settings,
        state: this.state,
        pendingContext: this.pendingContext,
        notices: this.notices,
        retries: this.retries,
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
    const turn: Turn = {
      id: randomUUID(),
      kind: input.kind,
      question: input.question,
      images: [...(input.images ?? [])],
      context: [...(input.context ?? [])],
      answer: '',
      reasoning: '',
      status: 'pending',
      model,
      extra: input.retrieval === undefined ? input.extra : { ...input.extra, retrieval: input.retrieval },
      createdAt: Date.now(),
    };
    this.state = ops.addTurn(this.state, conversation.id, turn, Date.now());
    await this.saveNow();
    await this.postSnapshot();
    void this.run(conversation.id, turn.id);
    return turn.id;
  }

  /** Re-runs a turn (regenerate, retry, edit): later turns are dropped, earlier ones untouched. */
  async rerun(turnId: string, question?: string): Promise<void> {
    await this.loaded;
    const found = ops.findTurn(this.state, turnId);
    if (found === undefined) return;
    this.stopAll(found.conversation.turns.slice(found.index).map((t) => t.id));
    // Regenerate, Retry and Edit ask the model the turn was asked with (an image turn stays on the vision model),
    // not the picker's current choice: the picker applies to the next new question.
    const { state, unusedImages } = ops.rerunFrom(this.state, found.conversation.id, turnId, question ?? found.turn.question, found.turn.model, Date.now());
    this.state = state;
    void this.deps.store.deleteImages(unusedImages);
    await this.saveNow();
    await this.postSnapshot();
    void this.run(found.conversation.id, turnId);
  }

  stop(turnId: string): void {
    const running = this.running.get(turnId);
    if (running !== undefined) {
      running.abort();
      return;
    }
    const turn = ops.findTurn(this.state, turnId)?.turn;
    // Shown streaming here but answered by another window (the history is shared): only that window can stop it.
    if (turn?.status === 'pending' || turn?.status === 'streaming') this.notify('info', vscode.l10n.t('This answer is being written in another VS Code window; stop it there.'));
  }

  private stopAll(turnIds: readonly string[]): void {
    for (const id of turnIds) this.running.get(id)?.abort();
  }

  private async run(conversationId: string, turnId: string): Promise<void> {
    const found = ops.findTurn(this.state, turnId);
    if (found === undefined) return;
    const settings = this.deps.settings.settings;
    if (settings.baseUrl === '') {
      const message = 'maas.baseUrl is not set.';
      this.turnChanged(conversationId, { ...found.turn, status: 'error', error: { kind: 'noBaseUrl', message }, completedAt: Date.now() });
      return;
    }
    const abort = new AbortController();
    this.running.set(turnId, abort);
    const vision = isVisionModel(settings, found.turn.model);
    try {
      const final = await runTurn(
        {
          client: this.deps.client(),
          conversation: found.conversation,
          turn: found.turn,
          persona: found.conversation.persona.trim() !== '' ? found.conversation.persona : settings.persona,
          limits: { maxTurns: settings.historyMaxTurns, maxCharacters: settings.historyMaxCharacters },
          vision,
          imageUrls: vision ? await this.imageUrls(found.turn) : [],
          // A follow-up about an earlier image sends it again; a question that brings its own images is about those.
          earlierImageUrls:
            vision && found.turn.images.length === 0 ? await this.lastEarlierImages(found.conversation.turns.slice(0, found.index)) : new Map(),
          extraRequest: retrievalRequestOf(found.turn),
          maxAttempts: this.deps.maxAttempts,
          signal: abort.signal,
          redact: (text) => this.deps.logger.redact(text),
        },
        {
          changed: (turn, retry) => this.turnChanged(conversationId, turn, retry),
          delta: (turn, answer, reasoning) => this.turnDelta(conversationId, turn, answer, reasoning),
          failover: (baseUrl) => this.notify('warning', vscode.l10n.t('The service address did not answer; using {0} for now.', baseUrl)),
        },
      );
      if (final.status === 'error') this.deps.logger.warn(`Turn ${turnId} failed: ${final.error?.kind} ${final.error?.message}`);
    } finally {
      this.running.delete(turnId);
      this.retries.delete(turnId);
      await this.saveNow();
    }
  }

  private async imageUrls(turn: Turn): Promise<string[]> {
    return Promise.all(turn.images.map(async (image) => image.url ?? dataUrl(image.mime, await this.deps.store.readImage(image.file ?? ''))));
  }

  /** The images of the most recent earlier turn that had any, so a follow-up question can still see them. */
  private async lastEarlierImages(earlier: readonly Turn[]): Promise<Map<string, string[]>> {
    const withImages = [...earlier].reverse().find((t) => t.images.length > 0);
    if (withImages === undefined) return new Map();
    try {
      return new Map([[withImages.id, await this.imageUrls(withImages)]]);
    } catch (error) {
      this.deps.logger.warn(`An earlier image could not be read again: ${error instanceof Error ? error.message : String(error)}`);
      return new Map();
    }
  }

  private turnChanged(conversationId: string, turn: Turn, retry?: RetryView): void {
    this.state = ops.updateTurn(this.state, conversationId, turn.id, () => turn);
    if (retry === undefined) this.retries.delete(turn.id);
    else this.retries.set(turn.id, retry);
    this.flushDeltas();
    this.postTurn(conversationId, turnView(turn, retry));
    void this.saveNow();
  }

  private turnDelta(conversationId: string, turn: Turn, answer: string, reasoning: string): void {
    this.state = ops.updateTurn(this.state, conversationId, turn.id, () => turn);
    const pending = this.pendingDeltas.get(turn.id) ?? { conversationId, answer: '', reasoning: '' };
    this.pendingDeltas.set(turn.id, { conversationId, answer: pending.answer + answer, reasoning: pending.reasoning + reasoning });
    // Deltas are coalesced: thousands of tiny postMessages would cost more than the rendering they feed.
    this.deltaTimer ??= setTimeout(() => this.flushDeltas(), DELTA_INTERVAL_MS);
    this.saveSoon();
  }

  private flushDeltas(): void {
    if (this.deltaTimer !== undefined) clearTimeout(this.deltaTimer);
    this.deltaTimer = undefined;
    for (const [turnId, delta] of this.pendingDeltas) {
      this.post({
        type: 'turnDelta',
        conversationId: delta.conversationId,
        turnId,
        ...(delta.answer === '' ? {} : { answer: delta.answer }),
        ...(delta.reasoning === '' ? {} : { reasoning: delta.reasoning }),
      });
    }
    this.pendingDeltas.clear();
  }

  private postTurn(conversationId: string, turn: TurnView): void {
    this.post({ type: 'turnUpdate', conversationId, turn });
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
    this.stopAll(conversation?.turns.map((t) => t.id) ?? []);
  }

  private saveSoon(): void {
    if (this.saveTimer !== undefined) return;
    const wait = Math.max(0, SAVE_INTERVAL_MS - (Date.now() - this.lastSave));
    this.saveTimer = setTimeout(() => void this.saveNow(), wait);
  }

  async saveNow(): Promise<void> {
    if (this.disposed) return;
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.lastSave = Date.now();
    try {
      await this.deps.store.save(this.state);
    } catch (error) {
      this.deps.logger.error('Saving the chat history failed', error);
      this.notify('error', vscode.l10n.t('Saving the chat history failed: {0}', this.deps.logger.redact(error instanceof Error ? error.message : String(error))));
    }
  }

  dispose(): void {
    // The window is reloading or closing mid-answer: keep what arrived, marked interrupted, written at once.
    this.disposed = true;
    this.watcher?.dispose();
    this.activeModelEmitter.dispose();
    this.postEmitter.dispose();
    for (const turnId of this.running.keys()) {
      const found = ops.findTurn(this.state, turnId);
      if (found === undefined) continue;
      this.state = ops.updateTurn(this.state, found.conversation.id, turnId, (t) => ({ ...t, status: 'interrupted', completedAt: Date.now() }));
    }
    try {
      this.deps.store.saveSync(this.state);
    } catch (error) {
      this.deps.logger.error('Saving the chat history on shutdown failed', error);
    }
    for (const abort of this.running.values()) abort.abort();
    if (this.deltaTimer !== undefined) clearTimeout(this.deltaTimer);
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
  }
}

/** The retrieval tool a knowledge turn was asked with, read back from the stored turn. */
function retrievalRequestOf(turn: Turn): { retrieval: RetrievalOptions } | undefined {
  const parsed = retrievalOptionsSchema.safeParse(turn.extra?.['retrieval']);
  return parsed.success ? { retrieval: parsed.data } : undefined;
}
