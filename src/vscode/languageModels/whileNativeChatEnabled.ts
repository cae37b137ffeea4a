// The native chat surfaces (the language-model provider, @maas) exist while maas.nativeChat.enabled is on and this
// VS Code has the API they need; the setting switches them on and off without a reload.
import * as vscode from 'vscode';
import type { SettingsReader } from '../settings/settings';

/** Keeps `create()`'s registration alive exactly while the switch is on and `available()` holds. */
export function whileNativeChatEnabled(
  settings: Pick<SettingsReader, 'settings' | 'onDidChange'>,
  available: () => boolean,
  create: () => vscode.Disposable,
): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const sync = (): void => {
    const wanted = settings.settings.nativeChatEnabled && available();
    if (wanted && registration === undefined) registration = create();
    else if (!wanted && registration !== undefined) {
      registration.dispose();
      registration = undefined;
    }
  };
  sync();
  const subscription = settings.onDidChange((change) => {
    if (change.affects('nativeChatEnabled')) sync();
  });
  return new vscode.Disposable(() => {
    subscription.dispose();
    registration?.dispose();
  });
}
