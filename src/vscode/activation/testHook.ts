// What activate() returns when the extension runs under a test runner (ExtensionMode.Test): a narrow handle for
// in-host tests to seed and read state without a public command argument. Undefined in normal use.
import type { ChatSession } from '../../core/session/chatSession';
import { API_KEY_SECRET, SPEECH_SECRET } from '../../core/credentials/credentials';
import type { SpeechCredentials } from '../../core/speech/speechClient';
import type { Lease, Leases } from '../../core/speech/taskLeases';
import type * as vscode from 'vscode';
import type { ChatFeature } from '../chat/chatFeature';
import type { KnowledgeTool } from '../knowledge/knowledgeTool';
import type { ParticipantRegistration } from '../languageModels/maasParticipant';
import type { ExtensionServices } from './extensionServices';
import type { SaveAudio } from '../speech/saveAudioFile';
import type { Prompter } from '../prompter';
import { LongTaskTracker, type LongTaskEntry } from '../speech/longTaskTracker';
import type { SpeechFeature } from '../speech/speechFeature';
import type { SpeechPlayer } from '../speech/speechPlayer';
import { StateKey } from '../stateKeys';
import type { StatusBar } from '../statusBar';
import type { CompletionStatus } from '../../core/completions/completionStatus';
import type { CompletionFeature } from '../completions/completionFeature';

export interface MaasTestHook {
  /** The features that failed to start (empty when all did). */
  failures(): readonly string[];
  /** Milliseconds activate() took, measured inside the extension host. */
  readonly activationMs: number;
  /** The extension's log folder; the `MaaS Assistant` log channel writes its file there. */
  readonly logFolder: string;
  readonly apiKey: {
    get(): Promise<string | undefined>;
    set(value: string): Promise<void>;
  };
  /** The addresses allowed per workspace and purpose (MaaS: Revoke Address Approvals), and their removal. */
  readonly approvals: {
    all(): ReadonlyArray<{ readonly origin: string; readonly purpose: string; readonly setting: string }>;
    revokeAll(): Promise<void>;
    /** Replaces what global state holds under the approvals' key with `entries`, as written (an earlier profile's). */
    seedStored(entries: readonly unknown[]): Promise<void>;
  };
  readonly chat: {
    /** The chat session, as the view, the commands and the voice reach it: its state, its events, its actions. */
    readonly session: ChatSession;
    /** The folder of conversation files. */
    readonly storePath: string;
    /** Handles a message as if the chat view had posted it (validated like every message from the view). */
    fromView(message: unknown): Promise<void>;
    /** Whether the chat view is shown now. */
    viewVisible(): boolean;
  };
  /** Replaces the prompts of the feature commands with a scripted fake; undefined restores the real ones. */
  setPrompter(prompter: Prompter | undefined): void;
  readonly speech: {
    getCredentials(): Promise<SpeechCredentials | undefined>;
    setCredentials(value: SpeechCredentials): Promise<void>;
    clearCredentials(): Promise<void>;
    /** Puts a player in place of the chat view's (undefined puts the chat view's back). */
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
    /** Another window's long-task follower on the same state, service and prompts: follow a task, then close it. */
    otherWindow(): { readonly windowId: string; follow(entry: LongTaskEntry): Promise<string | undefined>; dispose(): void };
    readonly windowId: string;
    /** What the chat player's Save button does with a playback's audio (dialog and message through the prompter). */
    saveAudio: SaveAudio;
  };
  readonly statusBar: { text(): string; command(): string | undefined; refresh(): Promise<void> };
  /** Inline completions: the status bar item, and the provider as VS Code calls it. */
  readonly completions: {
    status(): CompletionStatus;
    text(): string;
    readonly onDidChangeStatus: vscode.Event<CompletionStatus>;
    provide(
      document: vscode.TextDocument,
      position: vscode.Position,
      context: vscode.InlineCompletionContext,
      token: vscode.CancellationToken,
    ): Promise<vscode.InlineCompletionItem[] | undefined>;
  };
  /** The handler VS Code's chat calls for @maas (undefined while @maas is off). */
  participantHandler(): vscode.ChatRequestHandler | undefined;
  /** What VS Code shows before it runs the knowledge-base tool for `input`: the row, and the question asked first if any. */
  prepareKnowledgeTool(input: unknown): vscode.PreparedToolInvocation;
}

export interface TestHookParts {
  readonly services: ExtensionServices;
  readonly chat: ChatFeature | undefined;
  readonly speech: SpeechFeature | undefined;
  readonly statusBar: StatusBar | undefined;
  readonly completions: CompletionFeature | undefined;
  readonly participant: ParticipantRegistration | undefined;
  readonly knowledgeTool: KnowledgeTool | undefined;
  readonly activationMs: number;
  /** The features that failed to start. */
  readonly failures: () => readonly string[];
}

function required<T>(part: T | undefined, name: string): T {
  if (part === undefined) throw new Error(`${name} did not start; the test hook cannot reach it.`);
  return part;
}

export function createTestHook(parts: TestHookParts): MaasTestHook {
  const { services } = parts;
  const speech = (): SpeechFeature => required(parts.speech, 'read aloud');
  const session = (): ChatSession => required(parts.chat, 'the chat').session;
  const memento = services.globalState;
  // What secret storage holds, read past the credentials service (which hands a credential out only for an address):
  // the tests check what was stored, not where it may go.
  const storedSecret = async (name: string): Promise<string | undefined> => {
    await services.credentials.ready;
    return (await services.context.secrets.get(name)) || undefined;
  };
  return {
    failures: parts.failures,
    setPrompter: (prompter) => services.prompter.use(prompter),
    speech: {
      getCredentials: async () => {
        const stored = await storedSecret(SPEECH_SECRET);
        return stored === undefined ? undefined : (JSON.parse(stored) as SpeechCredentials);
      },
      setCredentials: (value) => services.credentials.setSpeech(value),
      clearCredentials: () => services.credentials.clearSpeech(),
      attachPlayer: (player) => {
        speech().player = player ?? speech().chatPlayer;
      },
      pendingTasks: () => speech().longTasks.pending(),
      seedTask: async (entry, lease) => {
        const tasks = speech().longTasks;
        await memento.update(StateKey.longTasks, [...tasks.pending().filter((e) => e.taskId !== entry.taskId), entry]);
        if (lease !== undefined) await memento.update(StateKey.longTaskLeases, { ...tasks.leases(), [entry.taskId]: lease });
      },
      resumeTasks: () => speech().longTasks.resumeAll(),
      cancelTask: (taskId) => speech().longTasks.cancel(taskId),
      leases: () => speech().longTasks.leases(),
      otherWindow: () => new LongTaskTracker(memento, () => services.clients.get(), services.prompter, services.logger),
      get windowId() {
        return speech().longTasks.windowId;
      },
      saveAudio: (audio, format, baseName) => speech().saveAudio(audio, format, baseName),
    },
    statusBar: {
      text: () => required(parts.statusBar, 'the status bar item').text,
      command: () => required(parts.statusBar, 'the status bar item').command,
      refresh: () => required(parts.statusBar, 'the status bar item').update(),
    },
    completions: {
      status: () => required(parts.completions, 'inline completions').status.status,
      text: () => required(parts.completions, 'inline completions').status.text,
      onDidChangeStatus: (listener, thisArg, disposables) =>
        required(parts.completions, 'inline completions').status.onDidChange(listener, thisArg, disposables),
      provide: (document, position, context, token) =>
        required(parts.completions, 'inline completions').provider.provideInlineCompletionItems(document, position, context, token),
    },
    participantHandler: () => parts.participant?.handler,
    prepareKnowledgeTool: (input) => required(parts.knowledgeTool, 'the knowledge-base tool').prepareInvocation({ input }),
    activationMs: parts.activationMs,
    logFolder: services.context.logUri.fsPath,
    apiKey: { get: () => storedSecret(API_KEY_SECRET), set: (value) => services.credentials.setApiKey(value) },
    approvals: {
      all: () => services.approvals.all().map(({ origin, purpose, setting }) => ({ origin, purpose, setting })),
      revokeAll: () => services.approvals.revoke(services.approvals.all()),
      seedStored: (entries) => Promise.resolve(memento.update(StateKey.addressApprovals, entries)),
    },
    chat: {
      get session() {
        return session();
      },
      storePath: services.store.path,
      fromView: (message) => required(parts.chat, 'the chat').view.receive(message),
      viewVisible: () => parts.chat?.view.visible === true,
    },
  };
}
