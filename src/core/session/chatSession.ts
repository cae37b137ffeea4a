// The one owner of a chat: the conversations (loaded from, saved to and kept in step with the shared history
// folder), the context waiting for the next question, the notices, and the turns being answered, with their
// deltas batched and their saves throttled. Everything the chat view shows leaves through one event stream,
// `onDidEmit`, which a view only forwards; features (knowledge base, images) start turns here, so every answer
// lands in the history. Plain Node: words come in through the Localiser and ChatViewText.
import { randomUUID } from 'node:crypto';
import type { Event, Subscription } from '../emitter';
import { Emitter } from '../emitter';
import type { Localiser } from '../localiser';
import { summaryOf, type Conversation, type StoredContext, type StoredError, type StoredImage, type Turn } from '../conversations/conversationModel';
import type { ConversationStore, SetAsideFile, StoreChange } from '../conversations/conversationStore';
import * as ops from '../conversations/conversationsState';
import { intakeImage } from '../images/imageIntake';
import { paramProblem, rangeText, type ChatParamName, type ChatParams } from '../../shared/chatParams';
import { formatString } from '../../shared/formatString';
import { assertNever, type HostToWebview, type ImageUpload, type NoticeLevel, type NoticeView, type RetryView } from '../../shared/protocol';
import { isVisionModel, modelOptions, type ChatSettings } from './chatSettings';
import { buildSnapshot, nextRequestContext, turnView, waitingTokens, type ChatViewText } from './chatViews';
import { DeltaBatcher } from './deltaBatcher';
import { HistorySaver } from './historySaver';
import { OpenConversations } from './openConversations';
import { Notices, type NoticeCause, type NoticeOptions } from './notices';
import { imageUrls, lastEarlierImages, newTurn, type ChatLog, type NewTurn } from './turnInputs';
import { applyTurnEvent, requestForTurn, runTurn, type ChatBackend, type TurnEvent } from './turnRunner';
import { contextProblem } from './contextBudget';
import { describeTurnImages } from './imageTurn';

export type { NewTurn } from './turnInputs';

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
  readonly maxAttempts: number;
  readonly saveIntervalMs?: number;
  readonly deltaIntervalMs?: number;
}

export class ChatSession {
  private state: ops.ConversationsState = { version: 1, conversations: [] };
  private pendingContext: StoredContext[] = [];
  private readonly notices = new Notices();
  /** The turns this window answers, from their claim (before the first save) until their final state is saved. */
  private readonly runs = new Map<string, AbortController>();
  private readonly retries = new Map<string, RetryView>();
  private readonly emitter = new Emitter<HostToWebview>();
  private readonly modelEmitter = new Emitter<string>();
  private readonly deltas: DeltaBatcher;
  private readonly saver: HistorySaver;
  private readonly loaded: Promise<void>;
  private readonly subscriptions: Subscription[];
  private watcher: Subscription | undefined;
  private lastActiveModel: string | undefined;
  private saveFailed = false;
  private checked: Promise<void> = Promise.resolve();
  private readonly open: OpenConversations;

  /** Every message for the chat view: snapshots, deltas, turn updates, notices. */
  readonly onDidEmit = this.emitter.event;
  /** The active conversation's model, when it changes (another conversation, another model). */
  readonly onDidChangeActiveModel = this.modelEmitter.event;

  constructor(private readonly deps: ChatSessionDeps) {
    this.deltas = new DeltaBatcher((message) => this.emitter.fire(message), deps.deltaIntervalMs ?? 30);
    this.saver = new HistorySaver(
      deps.store,
      () => this.state,
      { failed: (error) => this.saveFailedWith(error), saved: () => this.saveSucceeded() },
      deps.saveIntervalMs ?? 1000,
    );
    this.subscriptions = deps.changes.map((event) => event(() => void this.refresh()));
    this.open = new OpenConversations({
      state: { get: () => this.state, set: (state) => (this.state = state) },
      store: deps.store,
      answering: (turnId) => this.runs.has(turnId),
      setAside: (file) => this.reportSetAside(file),
      warn: (line) => deps.log.warn(line),
    });
    this.loaded = this.load();
  }

  whenLoaded(): Promise<void> {
    return this.loaded;
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
    return this.runs.has(turnId);
  }

  /** Sends the view a full snapshot (on its `ready`, and after every change of the conversations). */
  async refresh(): Promise<void> {
    await this.loaded;
    const model = this.activeModel;
    if (model !== undefined && model !== this.lastActiveModel) {
      this.lastActiveModel = model;
      this.modelEmitter.fire(model);
    }
    this.deltas.flush();
    const settings = this.shownSettings();
    this.emitter.fire({
      type: 'snapshot',
      snapshot: buildSnapshot({
        extensionVersion: this.deps.extensionVersion,
        apiKeySet: await this.deps.apiKeySet(),
        settings,
        state: this.state,
        pendingContext: this.pendingContext,
        notices: this.visibleNotices,
        retries: this.retries,
        text: this.deps.text,
      }),
    });
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
    this.emitter.fire({ type: 'focusInput' });
  }

  /** Opens the chat view's list of conversations, or closes it when open (MaaS: Show Conversations). */
  toggleConversations(): void {
    this.emitter.fire({ type: 'toggleConversations' });
  }

  async removeContext(id: string): Promise<void> {
    this.pendingContext = this.pendingContext.filter((item) => item.id !== id);
    await this.refresh();
  }

  get contextWaiting(): readonly StoredContext[] {
    return this.pendingContext;
  }

  // --- conversations -------------------------------------------------------------------------------------

  newConversation(): Promise<void> {
    return this.apply((s) => ops.newConversation(s, randomUUID(), this.deps.settings().chatModel, Date.now()));
  }

  /** Opens a conversation of the list; its turns are read from disk when they are not in memory. */
  async selectConversation(id: string): Promise<void> {
    await this.loaded;
    if (!(await this.open.ensureLoaded(id))) {
      await this.refresh();
      return;
    }
    await this.apply((s) => ops.selectConversation(s, id));
  }

  async renameConversation(id: string, title: string): Promise<void> {
    await this.loaded;
    if (await this.open.ensureLoaded(id)) await this.apply((s) => ops.renameConversation(s, id, title, Date.now()));
  }

  async deleteConversation(id: string): Promise<void> {
    await this.loaded;
    // The turns name the conversation's image files: read from disk when the conversation is not open.
    const conversation = (await this.open.ensureLoaded(id)) ? this.state.conversations.find((c) => c.id === id) : undefined;
    this.stopAll(conversation?.turns.map((t) => t.id) ?? []);
    this.notices.forget(id);
    await this.apply((s) => ops.deleteConversation(s, id));
    await this.deps.store.deleteImages(conversation?.turns.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file])) ?? []);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  async conversation(id: string): Promise<Conversation | undefined> {
    await this.loaded;
    const listed = ops.hasConversation(this.state, id);
    const conversation = await this.open.read(id);
    if (listed && conversation === undefined) await this.refresh();
    return conversation;
  }

  /** The model picker: the active conversation's model (the parameters of the old one are cleared). */
  async setModel(model: string): Promise<void> {
    await this.loaded;
    const active = ops.activeConversation(this.state);
    if (!modelOptions(this.deps.settings()).some((option) => option.code === model)) {
      this.notify('params', 'error', this.deps.l10n.t('{0} is not one of the configured models.', model), { conversationId: active?.id });
      return;
    }
    if (active !== undefined) {
      this.notices.clear('visionSwitch', active.id);
      this.notices.clear('params', active.id);
    }
    await this.apply((s) => ops.setConversationModel(s, active?.id ?? '', model, Date.now()));
  }

  /** The parameter panel: every value checked against the model's range before anything changes. */
  async setParams(params: ChatParams): Promise<void> {
    await this.loaded;
    const active = ops.activeConversation(this.state);
    if (active === undefined) return;
    const option = modelOptions(this.deps.settings()).find((o) => o.code === active.model);
    const { l10n } = this.deps;
    const problems = (Object.entries(params) as [ChatParamName, number | undefined][]).flatMap(([name, value]) => {
      if (value === undefined) return [];
      const range = option?.params[name];
      if (range === undefined) return [l10n.t('{0} does not apply to the model {1}.', name, active.model)];
      switch (paramProblem(range, value)) {
        case undefined:
          return [];
        case 'notAnInteger':
          return [l10n.t('{0} must be a whole number in {1}; {2} is not.', range.wireName, rangeText(range), value)];
        default:
          return [l10n.t('{0} {1} is outside {2}.', range.wireName, value, rangeText(range))];
      }
    });
    if (problems.length > 0) {
      this.notices.set('params', 'error', l10n.t('Parameters not changed: {0}', problems.join('; ')), { conversationId: active.id });
      await this.refresh();
      return;
    }
    this.notices.clear('params', active.id);
    await this.apply((s) => ops.setConversationParams(s, active.id, params, Date.now()));
  }

  setPersona(persona: string): Promise<void> {
    return this.apply((s) => ops.setConversationPersona(s, ops.activeConversation(s)?.id ?? '', persona, Date.now()));
  }

  /** Mutates the conversations through a pure operation, then saves and re-renders. */
  async apply(change: (state: ops.ConversationsState) => ops.ConversationsState): Promise<void> {
    await this.loaded;
    this.state = change(this.state);
    await this.open.settleActive(this.deps.settings().chatModel);
    await this.saver.now();
    this.open.unloadIdle();
    await this.refresh();
  }

  // --- turns ---------------------------------------------------------------------------------------------

  /** The view's Send: images are checked and kept, the waiting context goes with the question. */
  async send(text: string, uploads: readonly ImageUpload[]): Promise<string | undefined> {
    await this.loaded;
    if (text.trim() === '' && uploads.length === 0) return undefined;
    const maxBytes = this.deps.settings().imageMaxBytes;
    const images: StoredImage[] = [];
    for (const upload of uploads) {
      const intake = intakeImage(upload, maxBytes);
      if (!intake.ok) {
        this.notify('image', 'error', this.imageRefusal(intake.reason, upload.name, maxBytes), { conversationId: this.state.activeId });
        return undefined;
      }
      const file = await this.deps.store.saveImage(intake.mime, intake.bytes);
      images.push({
        id: randomUUID(),
        name: upload.name,
        mime: intake.mime,
        width: upload.width,
        height: upload.height,
        bytes: intake.bytes.length,
        thumbnail: intake.thumbnail,
        file,
      });
    }
    this.clearNotice('image', this.state.activeId);
    const context = this.pendingContext;
    this.pendingContext = [];
    return this.startTurn({ kind: 'chat', question: text.trim(), images, context });
  }

  /** In the words the view uses when it refuses an image itself (the host checks each upload again). */
  private imageRefusal(reason: 'unreadable' | 'unsupported' | 'tooLarge', name: string, maxBytes: number): string {
    const s = this.deps.text.strings();
    switch (reason) {
      case 'unreadable':
        return formatString(s.imageUnreadable, name);
      case 'unsupported':
        return formatString(s.imageUnsupported, name);
      case 'tooLarge':
        return formatString(s.imageTooLarge, name, Math.round(maxBytes / 1024));
    }
  }

  /**
   * Starts a turn and streams its answer into the view and the history. A chat or image turn goes to the open
   * conversation (images move it to the vision model, and a notice says so); a knowledge turn needs a language
   * model, so it goes to the open conversation when that is on one, and otherwise to a new conversation on the
   * chat model (an empty conversation is switched instead). Resolves with the turn id once the turn is saved.
   */
  async startTurn(input: NewTurn): Promise<string> {
    await this.loaded;
    const settings = this.deps.settings();
    const now = Date.now();
    if (input.kind === 'knowledge') this.placeKnowledgeTurn(settings, now);
    const conversation = ops.activeConversation(this.state);
    if (conversation === undefined) throw new Error('no active conversation');
    let model = input.model ?? conversation.model;
    // Images with a language model: described for it by default (the run does it), or the vision model answers.
    if ((input.images?.length ?? 0) > 0 && !isVisionModel(settings, model) && settings.imagesWithTextModel === 'visionModel') {
      model = settings.visionModel;
      this.state = ops.setConversationModel(this.state, conversation.id, model, now);
      this.notices.set('visionSwitch', 'info', this.deps.l10n.t('Images need the vision model: switched to {0}.', model), { conversationId: conversation.id });
    } else if (input.kind === 'image') {
      this.state = ops.setConversationModel(this.state, conversation.id, model, now);
    }
    const turn = newTurn(input, model, now);
    this.state = ops.addTurn(this.state, conversation.id, turn, now);
    this.runs.set(turn.id, new AbortController());
    await this.saver.now();
    await this.refresh();
    void this.run(conversation.id, turn.id);
    return turn.id;
  }

  private placeKnowledgeTurn(settings: ChatSettings, now: number): void {
    const active = ops.activeConversation(this.state);
    if (active === undefined || !isVisionModel(settings, active.model)) return;
    this.notices.clear('visionSwitch', active.id);
    this.state =
      active.turns.length === 0
        ? ops.setConversationModel(this.state, active.id, settings.chatModel, now)
        : ops.newConversation(this.state, randomUUID(), settings.chatModel, now);
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
    this.retries.delete(turnId);
    this.runs.set(turnId, new AbortController());
    void this.deps.store.deleteImages(unusedImages);
    await this.saver.now();
    await this.refresh();
    void this.run(found.conversation.id, turnId);
  }

  /** The view's Stop. An answer another window is writing (the history is shared) can only be stopped there. */
  stop(turnId: string): void {
    const running = this.runs.get(turnId);
    if (running !== undefined) {
      running.abort();
      return;
    }
    const turn = ops.findTurn(this.state, turnId)?.turn;
    if (turn?.status === 'pending' || turn?.status === 'streaming') {
      this.notify('otherWindow', 'info', this.deps.l10n.t('This answer is being written in another VS Code window; stop it there.'));
    }
  }

  private stopAll(turnIds: readonly string[]): void {
    for (const id of turnIds) this.runs.get(id)?.abort();
  }

  private async run(conversationId: string, turnId: string): Promise<void> {
    const abort = this.runs.get(turnId) ?? new AbortController();
    this.runs.set(turnId, abort);
    // A run that a re-run of the same turn replaced (Regenerate while streaming) no longer writes the turn.
    const current = (): boolean => this.runs.get(turnId) === abort;
    try {
      const found = ops.findTurn(this.state, turnId);
      if (found === undefined) return;
      let turn: Turn = found.turn;
      const events = this.turnEvents(found, abort.signal);
      for await (const event of events) {
        if (!current()) continue;
        const before = turn;
        turn = applyTurnEvent(turn, event, Date.now());
        this.state = ops.updateTurn(this.state, conversationId, turnId, () => turn);
        this.follow(conversationId, before, turn, event);
      }
    } finally {
      this.retries.delete(turnId);
      await this.saver.now();
      if (current()) this.runs.delete(turnId);
      this.open.unloadIdle();
    }
  }

  /** A turn's events: its run through the service, or at once its error when it cannot be asked. */
  private async *turnEvents(
    found: { conversation: ops.ConversationsState['conversations'][number]; turn: Turn; index: number },
    signal: AbortSignal,
  ): AsyncGenerator<TurnEvent> {
    const settings = this.shownSettings();
    const { store, log } = this.deps;
    if (settings.baseUrl === '') {
      const error: StoredError =
        settings.baseUrlProblem === undefined
          ? { kind: 'noBaseUrl', message: 'maas.baseUrl is not set.' }
          : { kind: 'invalidBaseUrl', message: `maas.baseUrl is not an http(s) address: ${settings.baseUrlProblem}`, value: settings.baseUrlProblem };
      yield { type: 'end', outcome: { status: 'error', error } };
      return;
    }
    const vision = isVisionModel(settings, found.turn.model);
    let imageDescription = found.turn.imageDescription;
    if (!vision && found.turn.images.length > 0 && imageDescription === undefined) {
      const described = yield* describeTurnImages({
        settings,
        turn: found.turn,
        store,
        backend: this.deps.backend(),
        signal,
        redact: (text) => log.redact(text),
      });
      if (described === undefined) return;
      imageDescription = described;
    }
    let request;
    try {
      request = requestForTurn({
        conversation: found.conversation,
        turn: found.turn,
        persona: found.conversation.persona.trim() !== '' ? found.conversation.persona : settings.persona,
        limits: { maxTurns: settings.historyMaxTurns, maxCharacters: settings.historyMaxCharacters },
        imageUrls: vision ? await imageUrls(store, found.turn) : [],
        // A follow-up about an earlier image sends it again; a question that brings its own images is about those.
        earlierImageUrls:
          vision && found.turn.images.length === 0 ? await lastEarlierImages(store, log, found.conversation.turns.slice(0, found.index)) : new Map(),
        ...(imageDescription === undefined ? {} : { imageDescription }),
      });
    } catch (error) {
      log.error(`Turn ${found.turn.id} could not be prepared`, error);
      yield {
        type: 'end',
        outcome: { status: 'error', error: { kind: 'unexpected', message: log.redact(error instanceof Error ? error.message : String(error)) } },
      };
      return;
    }
    const tooLong = contextProblem(request, settings.lmMaxInputTokens);
    if (tooLong !== undefined) {
      yield { type: 'end', outcome: { status: 'error', error: tooLong } };
      return;
    }
    yield* runTurn({ backend: this.deps.backend(), request, maxAttempts: this.deps.maxAttempts, signal, redact: (text) => log.redact(text) });
  }

  /** What the view and the notices make of one event of a running turn. */
  private follow(conversationId: string, before: Turn, turn: Turn, event: TurnEvent): void {
    switch (event.type) {
      case 'delta':
        // The first text turns the pending turn into a streaming one: that update already carries it, so it is not
        // sent again as a delta (the view would show the first word twice).
        if (before.status === 'pending') this.showTurn(conversationId, turn);
        else this.deltas.add(conversationId, turn.id, event.answer, event.reasoning);
        this.saver.soon();
        return;
      case 'retry':
        this.retries.set(turn.id, event.retry);
        this.showTurn(conversationId, turn);
        return;
      case 'connected':
        this.followAddress(event.baseUrl, event.primary);
        return;
      case 'failover':
        this.deps.log.warn(`The chat tries ${event.baseUrl} now.`);
        return;
      case 'end': {
        if (event.outcome.status === 'error' || event.outcome.status === 'interrupted') {
          this.deps.log.warn(`Turn ${turn.id} failed: ${event.outcome.error.kind} ${event.outcome.error.message}`);
        }
        this.showTurn(conversationId, turn);
        // The answer is now history the next question carries: the meter and the omitted marker follow.
        const conversation = this.state.conversations.find((c) => c.id === conversationId);
        if (conversation !== undefined) {
          const next = nextRequestContext(conversation, this.shownSettings());
          const contextTokens = next.contextTokens + waitingTokens(this.pendingContext);
          this.emitter.fire({ type: 'conversationContext', conversationId, omittedTurns: next.omittedTurns, contextTokens });
        }
        return;
      }
      case 'imageDescription':
        this.showTurn(conversationId, turn);
        this.saver.soon();
        return;
      case 'references':
      case 'usage':
      case 'finish':
        return;
      default:
        assertNever(event, 'turn event');
    }
  }

  /** The failover notice follows the address that answered: set while the alternative answers, gone once the primary does. */
  private followAddress(baseUrl: string, primary: boolean): void {
    if (primary) {
      this.clearNotice('failover');
      return;
    }
    const main = this.deps.settings().baseUrl;
    this.notify('failover', 'warning', this.deps.l10n.t('{0} did not answer; the chat uses the alternative address {1} until it does.', main, baseUrl));
  }

  /**
   * Shows a turn whole (after the deltas sent before it). It saves nothing: a turn is written as it starts, at most
   * once per interval while it streams (saver.soon on each delta), and once as it ends (run's finally).
   */
  private showTurn(conversationId: string, turn: Turn): void {
    if (turn.status !== 'pending') this.retries.delete(turn.id);
    this.deltas.flush();
    this.emitter.fire({ type: 'turnUpdate', conversationId, turn: turnView(turn, this.deps.text, this.retries.get(turn.id)) });
  }

  // --- history -------------------------------------------------------------------------------------------

  private async load(): Promise<void> {
    const { data, setAside, listRebuilt } = await this.deps.store.load();
    if (listRebuilt !== undefined) this.deps.log.info(`The chat history's list was ${listRebuilt}: rebuilt from the conversation files.`);
    this.state = data;
    await this.open.settleActive(this.deps.settings().chatModel);
    for (const file of setAside) this.reportSetAside(file);
    // Once the view can show the list: following other windows' writes, and the check of the list against the folder
    // (files another window, an older version or an edit changed since the list was written are read again). A
    // write in between is not missed: the check compares every file with the list.
    this.checked = new Promise((resolve) => setImmediate(resolve)).then(() => {
      if (this.saver.isDisposed) return undefined;
      this.followOtherWindows();
      return this.checkHistory();
    });
  }

  private followOtherWindows(): void {
    try {
      this.watcher = this.deps.store.watch(
        (change) => this.takeExternal(change),
        (error) => this.deps.log.warn(`Following the chat history of other windows stopped: ${error.message}`),
      );
    } catch (error) {
      this.deps.log.warn(`The chat history of other windows cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Resolves once the background check of the history's list against its folder has ended (tests). */
  whenChecked(): Promise<void> {
    return this.loaded.then(() => this.checked);
  }

  private async checkHistory(): Promise<void> {
    try {
      const { changes, setAside } = await this.deps.store.check();
      if (this.saver.isDisposed) return;
      for (const change of changes) this.takeExternal(change, false);
      for (const file of setAside) this.reportSetAside(file);
      if (changes.length > 0 || setAside.length > 0) await this.refresh();
    } catch (error) {
      this.deps.log.warn(`The chat history's list could not be checked against its folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private reportSetAside(file: SetAsideFile): void {
    this.deps.log.error(`A chat history file could not be read and was set aside as ${file.movedTo}: ${file.reason}`);
    this.notices.set(
      'historySetAside',
      'error',
      this.deps.l10n.t(
        'A chat history file could not be read and was kept aside as {0}; the other conversations are intact and nothing was deleted.',
        file.movedTo,
      ),
      { action: 'showLogs' },
    );
  }

  /**
   * Another window saved or deleted a conversation (all windows share the history folder), or a save here merged
   * with its version, or the start-up check found a file that changed: show it here too. Answers this window is
   * writing keep this window's version of their turn; the other window's turns are taken too, so the next save
   * does not overwrite them. A conversation this window does not hold in memory only has its summary replaced.
   */
  private takeExternal(change: StoreChange, render = true): void {
    if (this.saver.isDisposed) return;
    const id = change.kind === 'changed' ? change.conversation.id : change.id;
    const conversation = this.state.conversations.find((c) => c.id === id);
    this.deps.log.info(`Conversation ${id} was ${change.kind === 'changed' ? 'changed' : 'deleted'} by another window (or merged with its version).`);
    if (change.kind === 'changed') {
      if (conversation === undefined) {
        this.state = ops.upsertSummary(this.state, summaryOf(change.conversation));
      } else {
        const live = conversation.turns.filter((t) => this.runs.has(t.id));
        this.state = ops.upsertConversation(this.state, ops.withLiveTurns(change.conversation, live));
      }
    } else {
      if (!ops.hasConversation(this.state, id)) return;
      this.stopAll(conversation?.turns.map((t) => t.id) ?? []);
      this.notices.forget(id);
      this.state = ops.deleteConversation(this.state, id);
      if (!ops.isLoaded(this.state, this.state.activeId)) {
        void this.open.settleActive(this.deps.settings().chatModel).then(() => this.refresh());
        return;
      }
    }
    if (render) void this.refresh();
  }

  private saveFailedWith(error: unknown): void {
    this.saveFailed = true;
    this.deps.log.error('Saving the chat history failed', error);
    const reason = this.deps.log.redact(error instanceof Error ? error.message : String(error));
    this.notify('historySave', 'error', this.deps.l10n.t('Saving the chat history failed: {0}', reason), { action: 'showLogs' });
  }

  private saveSucceeded(): void {
    if (!this.saveFailed) return;
    this.saveFailed = false;
    this.clearNotice('historySave');
  }

  /** Writes what is held now and waits for it (tests, and callers that must see the history on disk). */
  save(): Promise<void> {
    return this.saver.now();
  }

  dispose(): void {
    // The window is reloading or closing mid-answer: keep what arrived, marked interrupted, written at once.
    for (const subscription of this.subscriptions) subscription.dispose();
    this.watcher?.dispose();
    let state = this.state;
    for (const [turnId, abort] of this.runs) {
      abort.abort();
      const found = ops.findTurn(state, turnId);
      if (found === undefined || (found.turn.status !== 'pending' && found.turn.status !== 'streaming')) continue;
      state = ops.updateTurn(state, found.conversation.id, turnId, (t) => ({ ...t, status: 'interrupted', completedAt: Date.now() }));
    }
    this.state = state;
    this.saver.final(state);
    this.deltas.dispose();
    this.emitter.dispose();
    this.modelEmitter.dispose();
  }
}
