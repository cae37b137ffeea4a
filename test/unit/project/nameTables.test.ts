// Command ids, setting names, view ids, context keys and state keys are written once, in their tables: a `maas.`
// name written as a literal anywhere else in src/ must fail `npm run lint`. Runs ESLint with the project's own config
// on probe sources, as layering.test.ts does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintProbe } from './lintProbe';

async function nameErrors(file: string, code: string): Promise<number> {
  return (await lintProbe(file, code)).filter((m) => m.ruleId === 'maas/no-name-literal').length;
}

const refused: [string, string][] = [
  ['src/vscode/languageModels/probe.ts', "export const button = { title: 'Open Chat', command: 'maas.openChat' };\n"],
  ['src/vscode/commands/probe.ts', "export const query = 'maas.knowledgeBases';\n"],
  ['src/vscode/probe.ts', "export const everySetting = 'maas.';\n"],
  ['src/vscode/speech/probe.ts', "export const key = 'maas.speech.longTasks';\n"],
  ['src/vscode/probe.ts', 'export const command = (name: string): string => `maas.${name}`;\n'],
  ['src/vscode/probe.ts', "export type Id = 'maas.readAloud';\n"],
  ['src/core/chat/probe.ts', "export const setting = 'maas.images.withTextModel';\n"],
  ['src/webview/probe.ts', "export const view = 'maas.chatView';\n"],
  ['src/extension.ts', "export const context = 'maas.apiKeySet';\n"],
];

const allowed: [string, string][] = [
  ['src/vscode/commandIds.ts', "export const CommandId = { openChat: 'maas.openChat' } as const;\n"],
  ['src/vscode/settings/settingsSchema.ts', "export const fields = { consoleUrl: { name: 'maas.consoleUrl' } };\n"],
  ['src/vscode/contributionIds.ts', "export const ViewId = { chat: 'maas.chatView' } as const;\n"],
  ['src/vscode/stateKeys.ts', "export const StateKey = { longTasks: 'maas.speech.longTasks' } as const;\n"],
  ['src/core/credentials/credentials.ts', "export const API_KEY_SECRET = 'maas.apiKey';\n"],
  // A sentence that names a setting is words for the user, not a name the code uses.
  ['src/vscode/probe.ts', "export const text = 'maas.baseUrl is not set.';\n"],
  ['src/core/probe.ts', 'export const text = (value: string): string => `maas.baseUrl is not an http(s) address: ${value}`;\n'],
  ['src/vscode/probe.ts', "export const vendor = 'maas';\n"],
  ['src/vscode/probe.ts', "import { CommandId } from './commandIds';\nexport const id = CommandId.openChat;\n"],
  // Tests name the ids to compare the tables with package.json.
  ['test/unit/project/probe.test.ts', "export const id = 'maas.openChat';\n"],
];

describe("'maas.' names come from their tables", () => {
  for (const [file, code] of refused) {
    it(`refuses in ${file}: ${code.trim()}`, async () => {
      assert.equal(await nameErrors(file, code), 1);
    });
  }
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code.split('\n').at(-2)}`, async () => {
      assert.equal(await nameErrors(file, code), 0);
    });
  }
});
