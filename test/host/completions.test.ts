// Inline completions inside a real extension host, against the local service: MaaS: Toggle Inline Completions turns
// them on (the status bar item says so), VS Code calls the registered provider on a real file when the user triggers a
// suggestion (editor.action.inlineSuggest.trigger) and accepting it (Tab's command) inserts the service's answer; the
// provider, called as VS Code calls it, answers with the cleaned text and sends the workspace-relative path; a .env
// file sends nothing; turning completions off stops requests.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { completionRequests as completionRequestsOf } from '../harness/requestLog';
import { restoreSetting, setSetting } from '../harness/hostSettings';
import { signIn } from './featureHelpers';
import { api, hook, service } from './hostService';

const CART = 'export function total(items: number[]): number {\n  return \n}\n';

/** The folder of this suite's files, inside the workspace folder (so their paths are workspace-relative). */
function scratchFolder(): string {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (root === undefined) throw new Error('the host suite runs with a workspace folder');
  return path.join(root, 'completions-host');
}

async function openFile(name: string, content: string): Promise<vscode.TextEditor> {
  const file = path.join(scratchFolder(), name);
  writeFileSync(file, content);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
}

/** The chat requests that carry a completion prompt, as the service logged them. */
const completionRequests = (): Promise<string[]> => completionRequestsOf(service.baseUrl);

/** Turns completions on in the user's settings (as the toggle does) and waits for the status bar item to say so. */
async function completionsOn(): Promise<void> {
  const h = await hook();
  await setSetting('completions.enabled', true);
  await waitFor(() => h.completions.status().kind === 'on', { what: 'the item to show on' });
}

const invoke: vscode.InlineCompletionContext = { triggerKind: vscode.InlineCompletionTriggerKind.Invoke, selectedCompletionInfo: undefined };

describe('inline completions in a real extension host', () => {
  before(async () => {
    mkdirSync(scratchFolder(), { recursive: true });
    await signIn(false);
  });

  after(async () => {
    await restoreSetting('completions.enabled');
    // An accepted suggestion leaves its file changed: reverted first, so that closing its editor does not save it
    // again into the folder removed below (the workspace folder is the repository's test/fixtures/workspace).
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(scratchFolder()))) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(scratchFolder(), { recursive: true, force: true });
  });

  it('MaaS: Toggle Inline Completions turns them on, and the status bar item says so', async () => {
    const h = await hook();
    await setSetting('completions.enabled', false);
    await waitFor(() => h.completions.status().kind === 'off', { what: 'the item to show off' });
    await vscode.commands.executeCommand(CommandId.toggleCompletions);
    await waitFor(() => h.completions.status().kind === 'on', { what: 'the item to show on' });
    assert.equal(vscode.workspace.getConfiguration('maas').get('completions.enabled'), true);
    assert.match(h.completions.text(), /\$\(sparkle\)/);
  });

  it('VS Code calls the registered provider on a trigger, and accepting the suggestion inserts the answer', async () => {
    await completionsOn();
    const editor = await openFile('cart.ts', CART);
    editor.selection = new vscode.Selection(1, 9, 1, 9);
    const before = (await completionRequests()).length;
    await api('/_local/next-answer', { text: 'items.reduce((sum, item) => sum + item, 0);' });
    await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
    const sent = await waitFor(async () => (await completionRequests()).slice(before)[0], { what: 'a completion request from the trigger', timeoutMs: 30_000 });
    assert.match(sent, /Path: completions-host\/cart\.ts/);
    await waitFor(
      async () => {
        await vscode.commands.executeCommand('editor.action.inlineSuggest.commit');
        return editor.document.lineAt(1).text === '  return items.reduce((sum, item) => sum + item, 0);';
      },
      { what: 'the accepted suggestion in the file', timeoutMs: 30_000 },
    );
  });

  it('the provider, called as VS Code calls it, answers with the cleaned text at the cursor', async () => {
    const h = await hook();
    await completionsOn();
    const editor = await openFile('length.ts', CART);
    await api('/_local/next-answer', { text: '```ts\nitems.length;\n```' });
    const source = new vscode.CancellationTokenSource();
    const items = await h.completions.provide(editor.document, new vscode.Position(1, 9), invoke, source.token);
    assert.equal(items?.[0]?.insertText, 'items.length;');
    assert.deepEqual(items?.[0]?.range, new vscode.Range(1, 9, 1, 9));
  });

  it("a workspace's maas.completions.excludeFiles adds to the user's patterns and cannot drop them", async () => {
    const h = await hook();
    await completionsOn();
    const workspaceSettings = vscode.workspace.getConfiguration('maas');
    await setSetting('completions.excludeFiles', ['**/billing-*.ts']);
    await workspaceSettings.update('completions.excludeFiles', ['**/payroll-*.ts'], vscode.ConfigurationTarget.Workspace);
    try {
      const source = new vscode.CancellationTokenSource();
      const before = (await completionRequests()).length;
      for (const name of ['billing-rates.ts', 'payroll-run.ts']) {
        const editor = await openFile(name, CART);
        assert.equal(await h.completions.provide(editor.document, new vscode.Position(1, 9), invoke, source.token), undefined, name);
      }
      await api('/_local/next-answer', { text: 'items.length;' });
      const allowed = await openFile('allowed.ts', CART);
      assert.equal((await h.completions.provide(allowed.document, new vscode.Position(1, 9), invoke, source.token))?.[0]?.insertText, 'items.length;');
      const sent = (await completionRequests()).slice(before);
      assert.deepEqual(
        sent.filter((messages) => /Path: completions-host\/(billing|payroll)-/.test(messages)),
        [],
      );
    } finally {
      await workspaceSettings.update('completions.excludeFiles', undefined, vscode.ConfigurationTarget.Workspace);
      await restoreSetting('completions.excludeFiles');
    }
  });

  it('sends nothing from a .env file, and nothing once completions are turned off', async () => {
    const h = await hook();
    await completionsOn();
    const before = (await completionRequests()).length;
    const env = await openFile('.env', 'API_TOKEN=\n');
    const source = new vscode.CancellationTokenSource();
    assert.equal(await h.completions.provide(env.document, new vscode.Position(0, 10), invoke, source.token), undefined);
    await vscode.commands.executeCommand(CommandId.toggleCompletions);
    await waitFor(() => h.completions.status().kind === 'off', { what: 'the item to show off' });
    const editor = await openFile('off.ts', CART);
    assert.equal(await h.completions.provide(editor.document, new vscode.Position(1, 9), invoke, source.token), undefined);
    // Requests of the earlier tests' editors may still arrive (VS Code asks again after an accepted suggestion): none
    // is from these two files.
    const sent = (await completionRequests()).slice(before);
    assert.deepEqual(
      sent.filter((messages) => /Path: completions-host\/(\.env|off\.ts)/.test(messages) || messages.includes('API_TOKEN')),
      [],
    );
  });
});
