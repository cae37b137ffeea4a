// What activate() returns when the extension runs under a test runner (ExtensionMode.Test): a narrow handle for
// in-host tests to seed and read state without a public command argument. Undefined in normal use.
import type * as vscode from 'vscode';
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { StoredChatParams } from '../core/conversations/conversationModel';
import * as ops from '../core/conversations/conversationsState';
import type { ConversationsState } from '../core/conversations/conversationsState';
import type { SpeechCredentials } from '../core/speech/speechClient';
import type { HostToWebview } from '../shared/protocol';
import type { Lease, Leases } from '../core/speech/taskLeases';
import type { ApiKeyStore } from './secrets/apiKeyStore';
import type { ChatController } from './chat/chatController';
import type { SaveAudio } from './speech/saveAudioFile';
import type { Prompter, PrompterSlot } from './prompter';
import type { LongTaskEntry, LongTaskTracker } from './speech/longTaskTracker';
import type { SpeechPlayer, SpeechPlayerSlot } from './speech/speechPlayer';
import type { SpeechCredentialStore } from './secrets/speechCredentialStore';
import type { StatusBar } from './statusBar';

export interface MaasTestHook {
  /** Milliseconds activate() took, measured inside the extension host. */
  readonly activationMs: number;
  /** The extension's log folder; the `MaaS Assistant` log channel writes its file there. */
  readonly logFolder: string;
  readonly apiKey: {
    get(): Promise<string | undefined>;
    set(value: string): Promise<void>;
  };
  readonly chat: {
    /** The conversations as the host holds them. */
    state(): Promise<ConversationsState>;
    /** Asks a question in the active conversation, as the chat view's Send does; resolves with the turn id. */
    ask(question: string): Promise<string>;
    /** The context chips waiting for the next question. */
    pendingContext(): readonly { label: string; kind: string; text: string }[];
    /** The folder of conversation files. */
    readonly storePath: string;
    /** What the view's Regenerate does for a turn. */
    rerun(turnId: string): Promise<void>;
    /** Sets the active conversation's model, as the view's model picker does. */
    setModel(model: string): Promise<void>;
    /** Sets the active conversation's parameters, as the view's parameter panel does. */
    setParams(params: StoredChatParams): Promise<void>;
    /** Handles a message as if the chat view had posted it (validated like every message from the view). */
    fromView(message: unknown): Promise<void>;
    /** What the view's Stop button does for a turn. */
    stop(turnId: string): void;
    /** The texts of the notices the view shows now. */
    notices(): readonly string[];
    /** Starts recording what the host posts to the chat view (while one is open), until disposed. */
    recordView(): { readonly messages: readonly HostToWebview[]; dispose(): void };
    /** Whether the chat view is shown now. */
    viewVisible(): boolean;
  };
  /** Replaces the prompts of the feature commands with a scripted fake; undefined restores the real ones. */
  setPrompter(prompter: Prompter | undefined): void;
  readonly speech: {
    getCredentials(): Promise<SpeechCredentials | undefined>;
    setCredentials(value: SpeechCredentials): Promise<void>;
    clearCredentials(): Promise<void>;
    /** Attaches a player in place of the default one (undefined restores it). */
    attachPlayer(player: SpeechPlayer | undefined): void;
    /** Long-text tasks still followed (kept in globalState). */
    pendingTasks(): readonly LongTaskEntry[];
    /** Puts a task in globalState as an earlier window left it, with that window's lease if given. */
    seedTask(entry: LongTaskEntry, lease?: Lease): Promise<void>;
    /** What activation does after a reload: follows every pending task this window may take. */
    resumeTasks(): Promise<Array<string | undefined>>;
    /** What the progress notification's Cancel does for a task this window follows. */
    cancelTask(taskId: string): boolean;
    /** The long-task leases in globalState, and this window's id in them. */
    leases(): Leases;
    readonly windowId: string;
    /** What the chat player's Save button does with a playback's audio (dialog and message through the prompter). */
    saveAudio: SaveAudio;
  };
  readonly statusBar: { text(): string; command(): string | undefined; refresh(): Promise<void> };
}

export interface FeatureHookParts {
  readonly prompter: PrompterSlot;
  readonly speechCredentials: SpeechCredentialStore;
  readonly player: SpeechPlayerSlot;
  readonly longTasks: LongTaskTracker;
  readonly statusBar: StatusBar;
  /** globalState, where the long tasks and their leases are kept. */
  readonly memento: vscode.Memento;
  readonly saveAudio: SaveAudio;
}

export function createTestHook(parts: { keys: ApiKeyStore; chat: ChatController; chatView: { receive(raw: unknown): Promise<void>; readonly visible: boolean }; store: ConversationStore; activationMs: number; logFolder: string; features: FeatureHookParts }): MaasTestHook {
  const { features } = parts;
  return {
    setPrompter: (prompter) => features.prompter.use(prompter),
    speech: {
      getCredentials: () => features.speechCredentials.get(),
      setCredentials: (value) => features.speechCredentials.set(value),
      clearCredentials: () => features.speechCredentials.clear(),
      attachPlayer: (player) => features.player.attach(player),
      pendingTasks: () => features.longTasks.pending(),
      seedTask: async (entry, lease) => {
        await features.memento.update('maas.speech.longTasks', [...features.longTasks.pending().filter((e) => e.taskId !== entry.taskId), entry]);
        if (lease !== undefined) await features.memento.update('maas.speech.longTaskLeases', { ...features.longTasks.leases(), [entry.taskId]: lease });
      },
      resumeTasks: () => features.longTasks.resumeAll(),
      cancelTask: (taskId) => features.longTasks.cancel(taskId),
      leases: () => features.longTasks.leases(),
      windowId: features.longTasks.windowId,
      saveAudio: features.saveAudio,
    },
    statusBar: { text: () => features.statusBar.text, command: () => features.statusBar.command, refresh: () => features.statusBar.update() },
    activationMs: parts.activationMs,
    logFolder: parts.logFolder,
    apiKey: { get: () => parts.keys.get(), set: (value) => parts.keys.set(value) },
    chat: {
      state: async () => {
        await parts.chat.whenLoaded();
        return parts.chat.conversations;
      },
      ask: async (question) => parts.chat.startTurn({ kind: 'chat', question, context: parts.chat.takeContext() }),
      pendingContext: () => parts.chat.peekContext(),
      storePath: parts.store.path,
      rerun: (turnId) => parts.chat.rerun(turnId),
      fromView: (message) => parts.chatView.receive(message),
      setModel: (model) => parts.chat.apply((s) => ops.setConversationModel(s, ops.activeConversation(s)?.id ?? '', model, Date.now())),
      setParams: (params) => parts.chat.apply((s) => ops.setConversationParams(s, ops.activeConversation(s)?.id ?? '', params, Date.now())),
      stop: (turnId) => parts.chat.stop(turnId),
      notices: () => parts.chat.currentNotices.map((n) => n.text),
      recordView: () => {
        const messages: HostToWebview[] = [];
        const subscription = parts.chat.onDidPost((message) => messages.push(message));
        return { messages, dispose: () => subscription.dispose() };
      },
      viewVisible: () => parts.chatView.visible,
    },
  };
}
