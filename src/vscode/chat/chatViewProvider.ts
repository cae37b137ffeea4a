// The side-bar chat view. The host owns the state: on the webview's `ready` (and whenever the key or the settings
// change) it posts a full snapshot; inbound messages are validated and malformed ones dropped with a warning.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { assertNever, parseWebviewMessage, type ChatSnapshot, type HostToWebview, type WebviewToHost } from '../../shared/protocol';
import type { ApiKeyStore } from '../apiKeyStore';
import { CommandId } from '../commands/commandIds';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings';
import { renderWebviewHtml } from './webviewHtml';
import { webviewStrings } from './webviewStrings';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewId = 'maas.chatView';
  private view: vscode.WebviewView | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly extensionVersion: string,
    private readonly keys: ApiKeyStore,
    private readonly settings: SettingsReader,
    private readonly logger: Logger,
  ) {
    this.disposables.push(
      keys.onDidChange(() => void this.postSnapshot()),
      settings.onDidChange(() => void this.postSnapshot()),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
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
      lang: vscode.env.language,
      title: vscode.l10n.t('MaaS Assistant'),
    });
    const messageSubscription = webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw));
    const disposeSubscription = view.onDidDispose(() => {
      messageSubscription.dispose();
      disposeSubscription.dispose();
      if (this.view === view) this.view = undefined;
    });
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.logger.warn(`Dropped a malformed message from the chat view: ${parsed.error}`);
      return;
    }
    await this.handle(parsed.message);
  }

  private async handle(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.postSnapshot();
        return;
      case 'runCommand':
        await vscode.commands.executeCommand(message.command === 'setApiKey' ? CommandId.setApiKey : CommandId.showLogs);
        return;
      default:
        assertNever(message);
    }
  }

  private async snapshot(): Promise<ChatSnapshot> {
    const { baseUrl, chatModel, visionModel } = this.settings.settings;
    return {
      extensionVersion: this.extensionVersion,
      apiKeyState: (await this.keys.get()) === undefined ? 'missing' : 'set',
      baseUrl,
      models: { chat: chatModel, vision: visionModel },
      strings: webviewStrings(),
    };
  }

  private async postSnapshot(): Promise<void> {
    if (this.view === undefined) return;
    await this.post({ type: 'snapshot', snapshot: await this.snapshot() });
  }

  private async post(message: HostToWebview): Promise<void> {
    await this.view?.webview.postMessage(message);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
