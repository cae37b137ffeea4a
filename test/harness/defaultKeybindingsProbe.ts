// The in-host module of the default-keybindings probe (defaultKeybindings.ts bundles it and runs it in code-server as
// the extensionTestsPath of an extension with no contributions): writes the text of VS Code's Default Keyboard
// Shortcuts (JSON) to the file $MAAS_KEYBINDINGS_DUMP. That document is what `workbench.action.openDefaultKeybindingsFile`
// shows: every key binding of the workbench and of the built-in extensions, resolved for the window's platform.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';

/** The read-only document VS Code serves for the default key bindings. */
export const DEFAULT_KEYBINDINGS_URI = 'vscode://defaultsettings/keybindings.json';

export async function run(): Promise<void> {
  const out = process.env.MAAS_KEYBINDINGS_DUMP;
  if (out === undefined || out === '') throw new Error('MAAS_KEYBINDINGS_DUMP names no file');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(DEFAULT_KEYBINDINGS_URI));
  writeFileSync(out, document.getText());
}
