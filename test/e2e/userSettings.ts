// A user's edit of their settings.json in a running code-server: the user's file and the remote machine's, as the
// harness seeds both (test/harness/codeServer.ts), so the new value is the one the remote window reads whatever the
// setting's scope. The workbench picks the change up from the file, as it does a hand edit.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function editUserSettings(userDataDir: string, changes: Readonly<Record<string, unknown>>): void {
  for (const scope of ['User', 'Machine']) {
    const file = path.join(userDataDir, scope, 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...settings, ...changes }, null, 2));
  }
}
