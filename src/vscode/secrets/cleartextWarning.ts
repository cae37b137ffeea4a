// The user's own key address (maas.baseUrl, maas.altBaseUrl) in plain http:// to another computer: the user chose it,
// so requests go there, but the API key and every question would cross the network unencrypted. A warning says so
// once per origin, remembered in global state so that it is not repeated at every start; an address a workspace or a
// container names gets the same warning inside the question asked before anything is sent (addressQuestion.ts).
import * as vscode from 'vscode';
import { ownCleartextAddresses, type AddressSetting } from '../../core/credentials/addressCheck';
import { actionTitles } from '../../shared/chatWords';
import type { Prompter } from '../prompter';
import { openSettings } from '../settings/openSettings';
import type { SettingsReader } from '../settings/settings';
import { StateKey } from '../stateKeys';

export class CleartextWarning implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly settings: SettingsReader,
    private readonly memento: vscode.Memento,
    private readonly prompter: Prompter,
  ) {
    this.subscription = settings.onDidChange((change) => {
      if (change.affects('baseUrl', 'altBaseUrl')) this.check();
    });
    this.check();
  }

  /** Warns about each own cleartext address not warned about before (recorded first, so a burst of changes warns once). */
  private check(): void {
    const warned = this.memento.get<unknown>(StateKey.cleartextWarnings, []);
    const seen = Array.isArray(warned) ? warned.filter((origin): origin is string => typeof origin === 'string') : [];
    const due = ownCleartextAddresses(this.settings.addresses).filter((address) => !seen.includes(address.origin));
    if (due.length === 0) return;
    void this.memento.update(StateKey.cleartextWarnings, [...seen, ...due.map((address) => address.origin)]);
    for (const { origin, setting } of due) void this.warn(origin, setting);
  }

  private async warn(origin: string, setting: AddressSetting): Promise<void> {
    const open = actionTitles(vscode.l10n).openSettings;
    const message = vscode.l10n.t(
      'Your {0} is {1}: plain http:// to another computer. Your API key and everything you ask travel there unencrypted, readable and changeable by anyone on the network in between. Use https:// unless every network on the way is yours. (Shown once for this address.)',
      setting.name,
      origin,
    );
    if ((await this.prompter.showWarningMessage(message, open)) === open) await openSettings(setting.key);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
