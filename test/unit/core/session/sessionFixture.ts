// A ChatSession on plain Node for the unit tests: a history folder of its own (whose background check the test can
// wait for), settings, words and a log that record what they are given, and a chat backend whose answers the test
// writes event by event. What the session does is observed through its events: the messages for the view, the
// state's changes.
import { mkdtempSync } from 'node:fs';
import { afterEach } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import { ChatSession, type ChatSessionDeps } from '../../../../src/core/session/chatSession';
import type { ChatSettings } from '../../../../src/core/session/chatSettings';
import type { ChatBackend } from '../../../../src/core/requests/chatBackend';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import type { Turn } from '../../../../src/core/conversations/conversationModel';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { parseSettings } from '../../../../src/vscode/settings/settingsDeclaration';
import type { HostToWebview, NoticeView } from '../../../../src/shared/protocol';
import { isLive } from '../../../../src/shared/turnStatus';
import { waitFor } from '../../../harness/waitFor';

/** One answer the backend streams: the test pushes its events and ends (or breaks) it. */
export class ScriptedAnswer {
  private readonly queue: (ChatEvent | Error | 'end')[] = [];
  private wake: (() => void) | undefined;
  aborted = false;

  constructor(
    readonly request: ChatRequest,
    private readonly signal: AbortSignal | undefined,
  ) {
    signal?.addEventListener('abort', () => {
      this.aborted = true;
      this.wake?.();
    });
  }

  push(...events: ChatEvent[]): this {
    this.queue.push(...events);
    this.wake?.();
    return this;
  }

  text(...pieces: string[]): this {
    return this.push(...pieces.map((text): ChatEvent => ({ type: 'text', text })));
  }

  end(): void {
    this.queue.push('end');
    this.wake?.();
  }

  fail(error: Error): void {
    this.queue.push(error);
    this.wake?.();
  }

  async *events(): AsyncGenerator<ChatEvent> {
    for (;;) {
      if (this.aborted || this.signal?.aborted === true) throw new ServiceError('cancelled', 'The request was cancelled.');
      const next = this.queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      if (next === 'end') return;
      if (next instanceof Error) throw next;
      yield next;
    }
  }
}

export class ScriptedBackend implements ChatBackend {
  readonly answers: ScriptedAnswer[] = [];

  streamChat(request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent> {
    const answer = new ScriptedAnswer(request, options.signal);
    this.answers.push(answer);
    return answer.events();
  }

  /** The n-th answer asked for (0 first), once the session has asked. */
  answer(index: number): Promise<ScriptedAnswer> {
    return waitFor(() => this.answers[index], { what: `request ${index + 1} to reach the backend` });
  }
}

/** The settings' documented defaults (settingsDeclaration.ts), with an address where nothing listens. */
export const baseSettings: ChatSettings = { ...parseSettings({}).settings, baseUrl: 'http://127.0.0.1:9' };

/** English words with the placeholders filled, as vscode.l10n.t does. */
export const l10n = {
  t: (message: string, ...args: (string | number | boolean)[]): string => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])),
};

/** The history folder, telling when its background check of the list against the folder has ended and when its writes are. */
export class ObservedStore extends ConversationStore {
  private ended: () => void = () => undefined;
  private latest: Promise<void> = Promise.resolve();
  /** Resolves once the first check has ended and the session has taken what it found. */
  readonly checked = new Promise<void>((resolve) => (this.ended = resolve));

  override check(): ReturnType<ConversationStore['check']> {
    const checking = super.check();
    // Settled after the session's own continuation of this promise (registered first), so what it found is taken.
    void checking.then(
      () => setImmediate(this.ended),
      () => setImmediate(this.ended),
    );
    return checking;
  }

  override save(data: Parameters<ConversationStore['save']>[0]): Promise<void> {
    this.latest = super.save(data);
    return this.latest;
  }

  /** Resolves once every save asked for so far is on disk (saves are serialised). */
  written(): Promise<void> {
    return this.latest.catch(() => undefined);
  }
}

export interface SessionUnderTest {
  readonly session: ChatSession;
  readonly backend: ScriptedBackend;
  readonly folder: string;
  readonly emitted: HostToWebview[];
  readonly logLines: string[];
  settings: ChatSettings;
  /** The turn as the session holds it now. */
  turn(id: string): Turn | undefined;
  /** Resolves with the turn once it is no longer pending or streaming and the session has let it go. */
  finished(id: string): Promise<Turn>;
  /** The notices the view was last told of (by a snapshot or a notices message). */
  shownNotices(): readonly NoticeView[];
  /** Resolves once the history's background check has ended. */
  checked(): Promise<void>;
  /** Resolves once every save the session asked for so far is on disk. */
  written(): Promise<void>;
  dispose(): void;
}

export function sessionUnderTest(options: { folder?: string; settings?: Partial<ChatSettings>; deps?: Partial<ChatSessionDeps> } = {}): SessionUnderTest {
  const folder = options.folder ?? mkdtempSync(path.join(os.tmpdir(), 'maas-session-'));
  const backend = new ScriptedBackend();
  const emitted: HostToWebview[] = [];
  const logLines: string[] = [];
  const log = (line: string): void => void logLines.push(line);
  const current = { settings: { ...baseSettings, ...options.settings } };
  const store = options.deps?.store ?? new ObservedStore(folder);
  if (!(store instanceof ObservedStore)) throw new Error('a store of a test is an ObservedStore, so the test can follow its check and its writes');
  const session = new ChatSession({
    backend: () => backend,
    settings: () => current.settings,
    apiKeySet: async () => true,
    changes: [],
    text: {
      error: (error) => ({ kind: error.kind, title: error.kind, detail: error.value ?? error.message, actions: [] }),
    },
    l10n,
    log: { info: log, warn: log, error: log, redact: (text) => text.replaceAll('sk-secret', '***') },
    extensionVersion: 'test',
    saveIntervalMs: 50,
    deltaIntervalMs: 10,
    ...options.deps,
    store,
  });
  session.onDidEmit((message) => emitted.push(message));
  const turn = (id: string): Turn | undefined => session.state.current.conversations.conversations.flatMap((c) => c.turns).find((t) => t.id === id);
  const done = (id: string): Turn | undefined => {
    const found = turn(id);
    return found !== undefined && !isLive(found.status) && !session.state.current.answering.has(id) ? found : undefined;
  };
  return {
    session,
    backend,
    folder,
    emitted,
    logLines,
    get settings() {
      return current.settings;
    },
    set settings(value) {
      current.settings = value;
    },
    turn,
    finished: (id) =>
      new Promise<Turn>((resolve, reject) => {
        const now = done(id);
        if (now !== undefined) return resolve(now);
        const deadline = setTimeout(() => {
          following.dispose();
          reject(new Error(`timed out waiting for turn ${id} to finish (last seen: ${turn(id)?.status ?? 'no such turn'})`));
        }, 10_000);
        const following = session.state.onDidChange(() => {
          const ended = done(id);
          if (ended === undefined) return;
          clearTimeout(deadline);
          following.dispose();
          resolve(ended);
        });
      }),
    shownNotices: () => {
      const last = [...emitted].reverse().find((m) => m.type === 'notices' || m.type === 'snapshot');
      return last?.type === 'notices' ? last.notices : last?.type === 'snapshot' ? last.snapshot.notices : [];
    },
    checked: () => store.checked,
    written: () => store.written(),
    dispose: () => session.dispose(),
  };
}

/** Starts sessions for one test file, each disposed after the test that started it (call at the file's top level). */
export function sessionsPerTest(): (options?: Parameters<typeof sessionUnderTest>[0]) => SessionUnderTest {
  const open: SessionUnderTest[] = [];
  afterEach(() => {
    for (const under of open.splice(0)) under.dispose();
  });
  return (options) => {
    const under = sessionUnderTest(options);
    open.push(under);
    return under;
  };
}
