// The parts a chat session hands its jobs to, built and wired together: the saver and the history folder's sync,
// the open conversations, the turn runs with what the view makes of their events, and the conversation edits.
// The session keeps the state they share and gives them the hooks back into it.
import type { Event } from '../emitter';
import type { Localiser } from '../localiser';
import type { StoredContext } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import type { HostToWebview } from '../../shared/protocol';
import type { ChatSettings } from './chatSettings';
import { nextRequestContext, waitingTokens, type ChatViewText } from './chatViews';
import { ConversationEdits } from './conversationEdits';
import { HistorySaver } from './historySaver';
import { HistorySync } from './historySync';
import type { Notices } from './notices';
import { OpenConversations, type StateCell } from './openConversations';
import type { ChatLog } from './turnInputs';
import { TurnFollower } from './turnFollower';
import { turnEvents } from './turnEvents';
import type { ChatBackend } from '../requests/prepareRequest';
import { TurnRuns } from './turnRuns';

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

/** What the parts need of the session that owns them. */
export interface SessionHooks {
  readonly state: StateCell;
  readonly notices: Notices;
  emit(message: HostToWebview): void;
  /** Sends the notices shown now. */
  showNotices(): void;
  /** Sends the view a new snapshot. */
  refresh(): Promise<void>;
  whenLoaded(): Promise<void>;
  /** The settings as the view and the history may hold them (an invalid address masked). */
  shownSettings(): ChatSettings;
  /** The context waiting to go with the next question. */
  waitingContext(): readonly StoredContext[];
}

export interface SessionParts {
  readonly saver: HistorySaver;
  readonly open: OpenConversations;
  readonly runs: TurnRuns;
  readonly follower: TurnFollower;
  readonly sync: HistorySync;
  readonly edits: ConversationEdits;
}

export function sessionParts(deps: ChatSessionDeps, hooks: SessionHooks): SessionParts {
  const { store, log, l10n, settings } = deps;
  const { state, notices } = hooks;
  const showNotices = (): void => hooks.showNotices();
  const refresh = (): Promise<void> => hooks.refresh();
  const chatModel = (): string => settings().chatModel;
  const saver: HistorySaver = new HistorySaver(
    store,
    () => state.get(),
    { failed: (error) => sync.saveFailedWith(error), saved: () => sync.saveSucceeded() },
    deps.saveIntervalMs ?? 1000,
  );
  const save = (): Promise<void> => saver.now();
  const open: OpenConversations = new OpenConversations({
    state,
    store,
    answering: (turnId) => runs.isRunning(turnId),
    setAside: (file) => sync.reportSetAside(file),
    warn: (line) => log.warn(line),
  });
  const runs = new TurnRuns({
    state,
    events: (found, signal) => turnEvents(found, signal, { settings: hooks.shownSettings(), store, backend: deps.backend, log, maxAttempts: deps.maxAttempts }),
    save,
    released: () => open.unloadIdle(),
    failed: (error) => log.error('Following a turn failed', error),
  });
  const follower = new TurnFollower({
    emit: (message) => hooks.emit(message),
    deltaIntervalMs: deps.deltaIntervalMs ?? 30,
    retryOf: (turnId) => runs.retries.get(turnId),
    saveSoon: () => saver.soon(),
    notices,
    showNotices,
    primaryBaseUrl: () => settings().baseUrl,
    nextContext: (conversationId) => {
      // The meter counts the context waiting for the next question too.
      const conversation = state.get().conversations.find((c) => c.id === conversationId);
      if (conversation === undefined) return undefined;
      const next = nextRequestContext(conversation, hooks.shownSettings());
      return { omittedTurns: next.omittedTurns, contextTokens: next.contextTokens + waitingTokens(hooks.waitingContext()) };
    },
    text: deps.text,
    l10n,
    log,
  });
  runs.onDidProgress((progress) => follower.follow(progress));
  const closed = (): boolean => saver.isDisposed;
  const sync: HistorySync = new HistorySync({ state, store, open, runs, notices, showNotices, refresh, chatModel, closed, l10n, log });
  const whenLoaded = (): Promise<void> => hooks.whenLoaded();
  const edits = new ConversationEdits({ state, whenLoaded, open, runs, store, notices, showNotices, save, refresh, settings, l10n });
  return { saver, open, runs, follower, sync, edits };
}
