// The settings as the in-host suites change them (test/host only: it imports the VS Code API, which exists inside the
// extension host alone). A test sets a value in the user's settings and restores it afterwards, to what it was before
// the suite touched it: the runner seeds some settings itself (the service's addresses, in
// test/harness/hostSuite.ts), and removing one of those would take it away from every test that runs later.
import * as vscode from 'vscode';

/** Each changed setting's user value before this file's first change to it (undefined: not set), by section and name. */
const before = new Map<string, { readonly section: string; readonly name: string; readonly value: unknown }>();

async function set(section: string, name: string, value: unknown): Promise<void> {
  const settings = vscode.workspace.getConfiguration(section);
  const id = `${section}.${name}`;
  if (!before.has(id)) before.set(id, { section, name, value: settings.inspect(name)?.globalValue });
  await settings.update(name, value, vscode.ConfigurationTarget.Global);
}

async function restore(id: string): Promise<void> {
  const earlier = before.get(id);
  if (earlier === undefined) return;
  await vscode.workspace.getConfiguration(earlier.section).update(earlier.name, earlier.value, vscode.ConfigurationTarget.Global);
  before.delete(id);
}

/** Sets `maas.<name>` in the user's settings (`undefined` removes it); `restoreSetting` puts back the earlier value. */
export function setSetting(name: string, value: unknown): Promise<void> {
  return set('maas', name, value);
}

/** Sets VS Code's `http.<name>` (http.proxy, http.noProxy, …) in the user's settings; restored like the extension's. */
export function setHttpSetting(name: string, value: unknown): Promise<void> {
  return set('http', name, value);
}

/**
 * Remembers `maas.<name>`'s user value before the test changes it another way (the view's toggle, a command such as
 * Choose Voice), so that `restoreSetting` puts it back.
 */
export function rememberSetting(name: string): void {
  const id = `maas.${name}`;
  if (!before.has(id)) before.set(id, { section: 'maas', name, value: vscode.workspace.getConfiguration('maas').inspect(name)?.globalValue });
}

/** Puts `maas.<name>` back to the user value it had before the first `setSetting` (or `rememberSetting`) of it. */
export function restoreSetting(name: string): Promise<void> {
  return restore(`maas.${name}`);
}

/** Restores every setting this file changed: for a suite's `after`. */
export async function restoreSettings(): Promise<void> {
  for (const id of [...before.keys()]) await restore(id);
}
