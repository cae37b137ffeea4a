// The status bar item (right side): the active conversation's model when a key is set (click: open the chat), or
// a Set MaaS key prompt when not (click: Set API Key). It follows the key, the settings and the chat.
import * as vscode from 'vscode';
import { CommandId } from './commandIds';
import { ContextKey, STATUS_BAR_ITEM_ID } from './contributionIds';
import type { Credentials } from '../core/credentials/credentials';
import type { SettingsReader } from './settings/settings';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly credentials: Credentials,
    private readonly settings: SettingsReader,
    private readonly chat:
      { readonly activeModel: string | undefined; readonly onDidChangeActiveModel: (listener: (model: string) => void) => vscode.Disposable } | undefined,
  ) {
    this.item.name = vscode.l10n.t('MaaS Assistant');
    this.subscriptions = [
      credentials.onDidChange(() => void this.update()),
      settings.onDidChange((change) => {
        if (change.affects('chatModel')) void this.update();
      }),
      ...(chat === undefined ? [] : [chat.onDidChangeActiveModel(() => void this.update())]),
    ];
    void this.update();
    this.item.show();
  }

  /** What the item shows now, for tests. */
  get text(): string {
    return this.item.text;
  }

  get command(): string | undefined {
    const command = this.item.command;
    return typeof command === 'string' ? command : command?.command;
  }

  async update(): Promise<void> {
    const keySet = await this.credentials.hasApiKey();
    // The walkthrough's "Set your API key" step completes on this context key too: a key set before the walkthrough
    // was opened (or imported at start) counts.
    void vscode.commands.executeCommand('setContext', ContextKey.apiKeySet, keySet);
    const model = this.chat?.activeModel ?? this.settings.settings.chatModel;
    if (keySet) {
      this.item.text = `$(comment-discussion) ${model}`;
      this.item.tooltip = vscode.l10n.t('MaaS Assistant: chatting with {0}. Click to open the chat.', model);
      this.item.command = CommandId.openChat;
    } else {
      this.item.text = `$(key) ${vscode.l10n.t('Set MaaS key')}`;
      this.item.tooltip = vscode.l10n.t('MaaS Assistant: no API key is set. Click to set it.');
      this.item.command = CommandId.setApiKey;
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
