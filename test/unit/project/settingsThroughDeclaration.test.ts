// The extension's settings are read and written through their declaration (src/vscode/settings/settings.ts takes a
// setting's key): a `getConfiguration()` that reaches `maas.*` anywhere else in src/ must fail `npm run lint`. Runs
// ESLint with the project's own config on probe sources, as layering.test.ts does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintProbe } from './lintProbe';

async function accessErrors(file: string, code: string): Promise<number> {
  return (await lintProbe(file, code)).filter((m) => m.ruleId === 'maas/settings-through-declaration').length;
}

const vscodeImport = "import * as vscode from 'vscode';\n";

const refused: [string, string][] = [
  [
    'src/vscode/commands/probe.ts',
    "export const f = () => vscode.workspace.getConfiguration('maas').update('speech.voice', 'x', vscode.ConfigurationTarget.Global);\n",
  ],
  ['src/vscode/speech/probe.ts', "export const f = () => vscode.workspace.getConfiguration().get('maas.speech.readAnswers');\n"],
  ['src/vscode/probe.ts', "export const f = () => vscode.workspace.getConfiguration('maas.speech').inspect('voice');\n"],
  ['src/vscode/probe.ts', 'export const f = (section: string) => vscode.workspace.getConfiguration(section).get(`fontSize`);\n'],
  ['src/extension.ts', "const { workspace } = vscode;\nexport const f = () => workspace.getConfiguration('maas').get('baseUrl');\n"],
];

const allowed: [string, string][] = [
  ['src/vscode/settings/settings.ts', "export const f = () => vscode.workspace.getConfiguration().get('maas.chat.fontSize');\n"],
  // VS Code's own settings are read where they are used.
  ['src/vscode/activation/probe.ts', "export const f = () => vscode.workspace.getConfiguration('http').get('proxy');\n"],
  // The in-host tests set the settings as a user does.
  ['test/host/probe.test.ts', "export const f = () => vscode.workspace.getConfiguration('maas').update('speech.voice', 'x');\n"],
];

describe('the maas.* settings are read and written through their declaration', () => {
  for (const [file, code] of refused) {
    it(`refuses in ${file}: ${code.trim().split('\n').at(-1) ?? ''}`, async () => {
      assert.equal(await accessErrors(file, vscodeImport + code), 1);
    });
  }
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code.trim()}`, async () => {
      assert.equal(await accessErrors(file, vscodeImport + code), 0);
    });
  }
});
