// The completions' status bar item: off, on, working, paused (its text names why, its tooltip until when) or unable to
// ask (no address, no key), said here and never in a notification; a click toggles completions (MaaS: Toggle Inline Completions).
import * as vscode from 'vscode';
import type { CompletionEngine, CompletionState } from '../../core/completions/completionEngine';
import type { PauseReason } from '../../core/completions/completionPause';
import { completionStatus, type CompletionStatus } from '../../core/completions/completionStatus';
import type { Credentials } from '../../core/credentials/credentials';
import { CommandId } from '../commandIds';
import { COMPLETIONS_STATUS_ITEM_ID } from '../contributionIds';
import type { SettingsReader } from '../settings/settings';

export class CompletionStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(COMPLETIONS_STATUS_ITEM_ID, vscode.StatusBarAlignment.Right, 99);
  private readonly subscriptions: vscode.Disposable[];
  private keySet = false;
  /** The engine's state once it is loaded (idle until then). */
  private engineState: CompletionState = { kind: 'idle' };
  /** What the item shows; undefined until the key has been read once. */
  private current: CompletionStatus | undefined;
  private readonly changed = new vscode.EventEmitter<CompletionStatus>();
  /** Fires when what the item shows changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly settings: SettingsReader,
    private readonly credentials: Credentials,
  ) {
    this.item.name = vscode.l10n.t('MaaS Inline Completions');
    this.item.command = CommandId.toggleCompletions;
    this.subscriptions = [
      this.changed,
      settings.onDidChange((change) => {
        if (change.affects('completionsEnabled', 'baseUrl')) this.show();
      }),
      credentials.onDidChange(() => void this.refresh()),
    ];
    void this.refresh();
    this.item.show();
  }

  /** Shows the engine's state from now on (working, paused). */
  follow(engine: CompletionEngine): void {
    this.subscriptions.push(
      engine.onDidChangeState((state) => {
        this.engineState = state;
        this.show();
      }),
    );
    this.engineState = engine.state;
    this.show();
  }

  get status(): CompletionStatus {
    return this.current ?? { kind: 'off' };
  }

  /** The item's text, for tests. */
  get text(): string {
    return this.item.text;
  }

  /** Whether a request could go now (an address and a key). */
  async ready(): Promise<boolean> {
    this.keySet = await this.credentials.hasApiKey();
    this.show();
    return this.status.kind !== 'noAddress' && this.status.kind !== 'noKey';
  }

  async refresh(): Promise<void> {
    this.keySet = await this.credentials.hasApiKey();
    this.show();
  }

  private show(): void {
    const settings = this.settings.settings;
    const status = completionStatus({ enabled: settings.completionsEnabled, baseUrl: settings.baseUrl, keySet: this.keySet, engine: this.engineState });
    const [text, tooltip] = describe(status);
    this.item.text = text;
    this.item.tooltip = `${tooltip}\n${vscode.l10n.t('Click to turn inline completions on or off.')}`;
    if (this.current !== undefined && JSON.stringify(status) === JSON.stringify(this.current)) return;
    this.current = status;
    this.changed.fire(status);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}

function describe(status: CompletionStatus): [text: string, tooltip: string] {
  switch (status.kind) {
    case 'off':
      return [`$(circle-slash) ${vscode.l10n.t('Completions')}`, vscode.l10n.t('MaaS inline completions are off.')];
    case 'noAddress':
      return [
        `$(warning) ${vscode.l10n.t('Completions: no address')}`,
        vscode.l10n.t('MaaS inline completions are on but wait for a service address (maas.baseUrl).'),
      ];
    case 'noKey':
      return [
        `$(warning) ${vscode.l10n.t('Completions: no key')}`,
        vscode.l10n.t('MaaS inline completions are on but wait for an API key (MaaS: Set API Key).'),
      ];
    case 'on':
      return [`$(sparkle) ${vscode.l10n.t('Completions')}`, vscode.l10n.t('MaaS inline completions are on.')];
    case 'working':
      return [`$(loading~spin) ${vscode.l10n.t('Completions')}`, vscode.l10n.t('MaaS inline completions: asking the service.')];
    case 'paused': {
      const until = new Date(status.until).toLocaleTimeString();
      const [label, sentence] = pauseReason(status.reason);
      return [`$(debug-pause) ${label}`, vscode.l10n.t('MaaS inline completions are paused until {0}: {1}', until, sentence)];
    }
  }
}

/** Why completions are paused: in a word or two for the item's text, and in full for its tooltip. */
function pauseReason(reason: PauseReason): [label: string, sentence: string] {
  switch (reason) {
    case 'rateLimited':
      return [vscode.l10n.t('Completions: rate limited'), vscode.l10n.t('the service is busy or limits the rate of requests.')];
    case 'quota':
      return [vscode.l10n.t('Completions: no balance'), vscode.l10n.t('the account has no balance left.')];
    case 'access':
      return [vscode.l10n.t('Completions: no access'), vscode.l10n.t('the key may not use the service or this model.')];
  }
}
