// The silence between spoken sentences where a user hears it: the chat view's audio element in Chromium, while the
// answer still streams into the same view. The host side is the extension's own: a ChatSession asks the local service
// (at its real-time pace), AnswerVoice follows the session and synthesises each sentence with real espeak-ng, and
// WebviewSpeechPlayer posts the segments to the page; the page is the built chat view with a fake host whose posts
// reach this process at once (so `speechProgress` paces the segments as in VS Code). The page records each `ended`
// and `playing` of its audio element and when the last delta of the answer arrived.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { MaasClient } from '../../src/core/maasClient';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ChatSession } from '../../src/core/session/chatSession';
import type { HostToWebview, WebviewToHost } from '../../src/shared/protocol';
import { AnswerVoice, type AnswerVoiceDeps } from '../../src/vscode/speech/answerVoice';
import { WebviewSpeechPlayer } from '../../src/vscode/speech/webviewSpeechPlayer';
import type { Settings } from '../../src/vscode/settings/settingsDeclaration';
import { startWebviewServer, type WebviewServer } from '../../test/browser/webviewServer';
import { launchBrowser } from '../../test/harness/browser';
import { bundle } from '../webviewPage';

/** Before the bundle: every post of the view also reaches the bench process, and the audio element's events are kept. */
const pageProbe = `
window.__audio = [];
const acquire = window.acquireVsCodeApi;
window.acquireVsCodeApi = function () {
  const api = acquire();
  const post = api.postMessage;
  api.postMessage = function (message) { post(message); window.__toHost(JSON.stringify(message)); };
  return api;
};
// Media events do not bubble; a capturing listener on the document still sees them.
for (const type of ['ended', 'playing']) {
  document.addEventListener(type, function (event) {
    if (event.target instanceof HTMLAudioElement) window.__audio.push({ type: type, at: performance.now() });
  }, true);
}
`;

interface AudioEvent {
  readonly type: 'ended' | 'playing';
  readonly at: number;
}

/** What the probe keeps in the page (read through `globalThis`: this file is type-checked without the DOM's types). */
interface Probe {
  __audio: AudioEvent[];
  postMessage(message: unknown, target: string): void;
}

export interface Heard {
  /** Each `playing` minus the `ended` before it, ms. */
  readonly silences: number[];
  /**
   * Whether the answer was still streaming when the last sentence measured began: its turn still streams once that
   * sentence has been seen to play. (Whether a delta arrived after it is a race with the page's polling, not a fact
   * about the answer.)
   */
  readonly streamingThroughout: boolean;
}

export interface ListenerOptions {
  readonly client: MaasClient;
  readonly settings: Settings;
  readonly warn: (text: string) => void;
}

/** The chat view in Chromium (autoplay allowed) with the extension's chat session, voice and player behind it. */
export class WebviewListener {
  private constructor(
    private readonly server: WebviewServer,
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly session: ChatSession,
    private readonly voice: AnswerVoice,
    private readonly folder: string,
  ) {}

  static async open(options: ListenerOptions): Promise<WebviewListener> {
    const server = await startWebviewServer({ bundle: await bundle('src/webview/main.ts'), extraScripts: { '/probe.js': pageProbe } });
    const browser = await launchBrowser({ autoplay: true });
    const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-voice-bench-'));
    const quiet = { dispose: (): void => undefined };
    const log = { info: (): void => undefined, warn: options.warn, error: options.warn, redact: (text: string): string => text };
    const session = new ChatSession({
      store: new ConversationStore(folder),
      backend: () => options.client,
      settings: () => options.settings,
      apiKeySet: () => Promise.resolve(true),
      changes: [],
      text: { error: (error) => ({ kind: error.kind, title: error.kind, detail: error.message, actions: [] }) },
      l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
      log,
      extensionVersion: 'bench',
    });
    const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
    // Messages reach the page in the order they were posted, one evaluation after the other.
    let delivered: Promise<unknown> = Promise.resolve();
    const post = (message: HostToWebview): void => {
      delivered = delivered.then(() => page.evaluate((m) => (globalThis as unknown as Probe).postMessage(m, '*'), message).catch(() => undefined));
    };
    const player = new WebviewSpeechPlayer({
      fallback: { play: () => Promise.reject(new Error('the chat view is not ready')), stop: () => undefined },
      saveAudio: () => Promise.resolve(),
    });
    player.connect({ post });
    const deps: AnswerVoiceDeps = {
      settings: { settings: options.settings, onDidChange: () => quiet },
      credentials: { hasSpeech: () => Promise.resolve(true), onDidChange: () => quiet },
      client: () => options.client,
      speech: { player },
      // Never asked while the speech credentials are there; said if it were.
      prompter: {
        showWarningMessage: (message) => {
          options.warn(message);
          return Promise.resolve(undefined);
        },
      },
      logger: { warn: options.warn },
    };
    const voice = new AnswerVoice(deps);
    voice.follow(session);
    session.onDidEmit(post);
    await page.exposeFunction('__toHost', (json: string) => {
      const message = JSON.parse(json) as WebviewToHost;
      if (message.type === 'ready') {
        player.viewReady();
        void session.refresh();
      } else if (message.type === 'speechProgress') player.progress(message.playbackId, message.index);
      else if (message.type === 'speechEnded') player.ended(message.playbackId);
      else if (message.type === 'speechError') player.failed(message.playbackId, message.message);
    });
    await page.goto(server.origin);
    await page.getByTestId('chat-input').waitFor();
    return new WebviewListener(server, browser, page, session, voice, folder);
  }

  /**
   * Asks `question` (the service answers with the text set for it), waits until `sentences` sentences have begun to
   * play, then stops the answer; the silences between them, measured in the page.
   */
  async listen(question: string, sentences: number): Promise<Heard> {
    await this.session.newConversation();
    await this.page.evaluate(() => {
      (globalThis as unknown as Probe).__audio = [];
    });
    const turnId = await this.session.send(question, []);
    if (turnId === undefined) throw new Error('the session did not start the answer');
    await this.page.waitForFunction(
      (wanted) => (globalThis as unknown as Probe).__audio.filter((event) => event.type === 'playing').length >= wanted,
      sentences,
      { timeout: 180_000, polling: 100 },
    );
    const events = await this.page.evaluate(() => [...(globalThis as unknown as Probe).__audio]);
    const streaming = await this.page.locator('[data-testid="turn"][data-status="streaming"]').count();
    this.session.stop(turnId);
    const silences: number[] = [];
    let ended: number | undefined;
    let started = 0;
    for (const event of events) {
      if (event.type === 'ended') ended = event.at;
      else if (started++ > 0 && started <= sentences && ended !== undefined) silences.push(event.at - ended);
    }
    return { silences, streamingThroughout: streaming > 0 };
  }

  async close(): Promise<void> {
    this.voice.dispose();
    this.session.dispose();
    await this.browser.close();
    await this.server.close();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
