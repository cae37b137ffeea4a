// The extension's settings as the in-host suites change them (test/host only: it imports the VS Code API, which
// exists inside the extension host alone). A test sets a value in the user's settings and restores it afterwards,
// to what it was before the suite touched it: the runner seeds some settings itself (the service's addresses, in
// test/harness/hostSuite.ts), and removing one of those would take it away from every test that runs later.
import * as vscode from 'vscode';

/** Each changed setting's user value before this file's first change to it (undefined: not set). */
const before = new Map<string, unknown>();

/** Sets `maas.<name>` in the user's settings (`undefined` removes it); `restoreSetting` puts back the earlier value. */
export async function setSetting(name: string, value: unknown): Promise<void> {
  const settings = vscode.workspace.getConfiguration('maas');
  if (!before.has(name)) before.set(name, settings.inspect(name)?.globalValue);
  await settings.update(name, value, vscode.ConfigurationTarget.Global);
}

/**
 * Remembers `maas.<name>`'s user value before the test changes it another way (the view's toggle, a command such as
 * Choose Voice), so that `restoreSetting` puts it back.
 */
export function rememberSetting(name: string): void {
  if (!before.has(name)) before.set(name, vscode.workspace.getConfiguration('maas').inspect(name)?.globalValue);
}

/** Puts `maas.<name>` back to the user value it had before the first `setSetting` (or `rememberSetting`) of it. */
export async function restoreSetting(name: string): Promise<void> {
  if (!before.has(name)) return;
  await vscode.workspace.getConfiguration('maas').update(name, before.get(name), vscode.ConfigurationTarget.Global);
  before.delete(name);
}

/** Restores every setting this file changed: for a suite's `after`. */
export async function restoreSettings(): Promise<void> {
  for (const name of [...before.keys()]) await restoreSetting(name);
}
