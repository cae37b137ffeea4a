// The side-bar chat view: serves the webview's HTML, forwards the chat session's events to it while it is alive,
// and validates its messages (malformed ones are dropped with a warning) before handing them to the intent handler.
// The session owns the state: this class keeps none. What only moves the view (focus the question box, open the
// list of conversations) is asked of this class, not of the session.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { HostToWebview } from '../../shared/protocol';
import { parseWebviewMessage } from '../../shared/protocolSchemas';
import type { Logger } from '../logger';
import { handleIntent, type IntentDependencies } from './chatIntents';
import { renderWebviewHtml } from './webviewHtml';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private readonly forwarding: vscode.Disposable;
  /** Whether the page in the view has loaded and asked for its snapshot. */
  private ready = false;
  /** MaaS: Show Conversations ran before the page was ready: open the list once it is. */
  private conversationsRequested = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly intents: IntentDependencies,
    private readonly logger: Logger,
  ) {
    // A hidden or disposed view drops messages; it asks for a snapshot (`ready`) when it is shown again.
    this.forwarding = intents.session.onDidEmit((message) => this.post(message));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    const webview = view.webview;
    webview.options = {
      enableScripts: true,
      enableForms: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    webview.html = renderWebviewHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'chat.css')).toString(),
      iconStyleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'codicons', 'codicon.css')).toString(),
      lang: vscode.env.language,
      title: vscode.l10n.t('MaaS Assistant'),
      l10nBundle: vscode.l10n.bundle === undefined ? undefined : JSON.stringify(vscode.l10n.bundle),
    });
    const speechPlayer = this.intents.speech?.player;
    speechPlayer?.connect({ post: (message) => void webview.postMessage(message) });
    const messageSubscription = webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw));
    const visibilitySubscription = view.onDidChangeVisibility(() => {
      if (!view.visible) speechPlayer?.viewHidden();
    });
    const disposeSubscription = view.onDidDispose(() => {
      messageSubscription.dispose();
      visibilitySubscription.dispose();
      disposeSubscription.dispose();
      if (this.view === view) {
        this.view = undefined;
        this.ready = false;
        speechPlayer?.connect(undefined);
      }
    });
  }

  /**
   * Opens the list of conversations, or closes it when open (MaaS: Show Conversations). No snapshot repeats this
   * message, so before the page is ready it waits for the page's `ready`.
   */
  toggleConversations(): void {
    if (this.ready) this.post({ type: 'toggleConversations' });
    else this.conversationsRequested = true;
  }

  /** Puts the cursor in the question box (after Add Selection to Chat, say). */
  focusInput(): void {
    this.post({ type: 'focusInput' });
  }

  /** Whether the chat view is resolved and visible now. */
  get visible(): boolean {
    return this.view?.visible === true;
  }

  /** A message from the chat view (or, in tests, one shaped like it): validated, then handled. */
  async receive(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.logger.warn(`Dropped a malformed message from the chat view: ${parsed.error}`);
      return;
    }
    try {
      await handleIntent(parsed.message, this.intents);
      // After the snapshot went out: the player (and a waiting request for the list) may now post to a page that has loaded.
      if (parsed.message.type === 'ready') {
        this.ready = true;
        this.intents.speech?.player.viewReady();
        if (this.conversationsRequested) {
          this.conversationsRequested = false;
          this.post({ type: 'toggleConversations' });
        }
      }
    } catch (error) {
      this.logger.error(`The chat could not handle "${parsed.message.type}"`, error);
      this.intents.session.notify(
        'failure',
        'error',
        vscode.l10n.t('That did not work: {0}', this.logger.redact(error instanceof Error ? error.message : String(error))),
        { action: 'showLogs' },
      );
    }
  }

  dispose(): void {
    this.forwarding.dispose();
  }

  private post(message: HostToWebview): void {
    void this.view?.webview.postMessage(message);
  }
}
