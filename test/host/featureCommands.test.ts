// More of the feature commands inside a real extension host, against the local service: several images at once
// (each reported on its own), an image address with a malformed escape, strict knowledge mode without hits, Choose
// Voice's refresh and failure, and the small commands (Open Console, Show Logs, Open Chat, Set API Key, Set Up VS
// Code's Chat).
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { commandAppears, MANAGE_MODELS_COMMAND } from '../../src/vscode/languageModels/nativeChatSetup';
import { editorWith, freshPrompter, pngFile, signIn } from './featureHelpers';
import { setSetting } from '../harness/hostSettings';
import { requestCount } from '../harness/requestLog';
import { api, finished, hook, service, shownNotices } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';
import { DEFAULT_VALUE } from './scriptedPrompter';

/** A PNG of pseudo-random pixels: too big for a small cap, so it has to be downscaled. */
function noisyPng(dir: string, name: string, size: number): vscode.Uri {
  const png = new PNG({ width: size, height: size });
  let state = 2463534242;
  for (let i = 0; i < png.data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    png.data[i] = i % 4 === 3 ? 255 : state & 0xff;
  }
  const file = path.join(dir, name);
  writeFileSync(file, PNG.sync.write(png));
  return vscode.Uri.file(file);
}

describe('feature commands: images, knowledge, voices and the small commands', () => {
  let dir = '';
  let prompter: ScriptedPrompter;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-commands-'));
    await signIn();
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    await api('/_local/reset', {});
  });

  after(async () => {
    (await hook()).setPrompter(undefined);
    await setSetting('images.maxBytes', undefined);
    await setSetting('knowledgeBases', undefined);
    await setSetting('knowledge.tipsText', undefined);
    await setSetting('knowledge.backupChat', undefined);
    await setSetting('speech.voice', undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('Describe Image with several files: the good ones are described, the big one downscaled, the bad ones named', async () => {
    const h = await hook();
    await setSetting('images.maxBytes', 65_536);
    const red = pngFile(dir, 'red.png', 40, 30, [220, 30, 30]);
    const big = noisyPng(dir, 'big.png', 400);
    const broken = path.join(dir, 'broken.png');
    writeFileSync(broken, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]));
    const missing = vscode.Uri.file(path.join(dir, 'missing.png'));
    const blue = pngFile(dir, 'blue.png', 20, 10, [30, 30, 220]);
    const all = [red, big, vscode.Uri.file(broken), missing, blue];
    prompter.script(DEFAULT_VALUE);
    const turnIds = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, red, all);
    assert.equal(turnIds.length, 3, JSON.stringify(prompter.messages));
    const turns = await Promise.all(turnIds.map((id) => finished(h, id)));
    assert.deepEqual(
      turns.map((t) => t.images[0]?.name),
      ['red.png', 'big.png', 'blue.png'],
      'in the order selected',
    );
    assert.ok(turns.every((t) => t.status === 'done'));
    assert.ok((turns[1]?.images[0]?.bytes ?? Infinity) <= 65_536, 'the big one fits the cap');
    assert.ok(
      shownNotices(h).some((n) => /big\.png was downscaled/.test(n)),
      shownNotices(h).join(' | '),
    );
    const errors = prompter.messages
      .filter((m) => m.level === 'error')
      .map((m) => m.text)
      .sort();
    assert.deepEqual(errors, ['broken.png could not be read as an image.', 'missing.png could not be read.']);
  });

  it('Describe Image from URL names an address with a malformed escape as written, without failing', async () => {
    const h = await hook();
    prompter.script('https://images.example.com/cats/%E0%A4%A-tabby.png', DEFAULT_VALUE);
    const turnId = await vscode.commands.executeCommand<string | undefined>(CommandId.describeImageFromUrl);
    assert.ok(turnId, `a turn started; messages: ${JSON.stringify(prompter.messages)}`);
    assert.equal((await finished(h, turnId)).images[0]?.name, '%E0%A4%A-tabby.png');
  });

  it('Ask Knowledge Base in strict mode with no hits shows the tips text as the answer, not an error', async () => {
    const h = await hook();
    await setSetting('knowledgeBases', [{ id: 3, name: 'Host guide' }]);
    await setSetting('knowledge.tipsText', 'Nothing in the guide, sorry.');
    await setSetting('knowledge.backupChat', false);
    await editorWith('Which volcano on Io erupts most often?', 'all');
    prompter.script(
      (items: readonly { base: { id: number } }[]) => items,
      DEFAULT_VALUE,
      (items: readonly { mode: string }[]) => items.find((i) => i.mode === 'strict'),
    );
    const turnId = await vscode.commands.executeCommand<string>(CommandId.askKnowledgeBase);
    const turn = await finished(h, turnId);
    assert.equal(turn.status, 'done');
    assert.equal(turn.answer.trim(), 'Nothing in the guide, sorry.');
    assert.deepEqual({ mode: turn.knowledge?.mode, bases: turn.knowledge?.bases }, { mode: 'strict', bases: [{ id: 3, name: 'Host guide' }] });
    assert.equal(turn.error, undefined);
    assert.doesNotMatch(turn.answer, /\^\[\d+\]\^/, 'no citation');
  });

  it('Choose Voice: Refresh fetches the list again; a failing fetch says so and changes nothing', async () => {
    await setSetting('speech.voice', undefined);
    const speakerCalls = async (): Promise<number> => requestCount(service.baseUrl, '/maas/v2/api/get_speakers');
    prompter.script(
      (items: readonly { refresh?: true }[]) => items.find((i) => i.refresh === true),
      (items: readonly { speaker?: { id: string } }[]) => items.find((i) => i.speaker !== undefined),
    );
    const chosen = await vscode.commands.executeCommand<string | undefined>(CommandId.chooseVoice);
    assert.ok(chosen, JSON.stringify(prompter.messages));
    assert.ok((await speakerCalls()) >= 1, 'Refresh asked the service');
    assert.equal(vscode.workspace.getConfiguration('maas').get('speech.voice'), chosen);
    // One failing answer, for the one request a refused key gets (a 401 is not retried): a fault left pending would
    // fail the next test that asks for the speaker list.
    const fault = await api<{ id: string }>('/_local/faults', { route: '/maas/v2/api/get_speakers', count: 1, status: 401 });
    prompter.script((items: readonly { refresh?: true }[]) => items.find((i) => i.refresh === true));
    assert.equal(await vscode.commands.executeCommand(CommandId.chooseVoice), undefined);
    assert.equal((await api<{ remaining: number }>(`/_local/faults/${fault.id}`)).remaining, 0, 'the fault was used, none left pending');
    assert.equal(prompter.messages.at(-1)?.level, 'error');
    assert.match(prompter.messages.at(-1)?.text ?? '', /^The speaker list could not be loaded: /);
    assert.equal(vscode.workspace.getConfiguration('maas').get('speech.voice'), chosen, 'the voice is unchanged');
  });

  it('Open Console opens maas.consoleUrl; Open Chat shows the chat view; Show Logs shows the log', async () => {
    const h = await hook();
    const opened = await vscode.commands.executeCommand<string | undefined>(CommandId.openConsole);
    assert.equal(opened?.replace(/\/$/, ''), `${service.baseUrl}/console`, 'the address of maas.consoleUrl');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand(CommandId.openChat);
    await waitFor(() => h.chat.viewVisible(), { what: 'the chat view shown' });
    const logShown = (): boolean =>
      vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'output' && decodeURIComponent(d.uri.toString()).includes('MaaS Assistant'));
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand(CommandId.showLogs);
    await waitFor(() => logShown(), { what: `the MaaS Assistant log among ${vscode.workspace.textDocuments.map((d) => d.uri.toString()).join(', ')}` });
    // The Output panel's editor would otherwise count as the active editor for the suites that follow.
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });

  it('Set API Key stores the trimmed key; a blank one is refused; a cancelled box changes nothing', async () => {
    const h = await hook();
    prompter.script('  sk-host-new-key-0123456789  ');
    try {
      await vscode.commands.executeCommand(CommandId.setApiKey);
      assert.equal(await h.apiKey.get(), 'sk-host-new-key-0123456789');
      assert.match(prompter.messages.at(-1)?.text ?? '', /API key saved/);
      prompter.script('   ');
      await vscode.commands.executeCommand(CommandId.setApiKey);
      assert.equal(prompter.messages.at(-1)?.level, 'warning');
      prompter.script(undefined);
      await vscode.commands.executeCommand(CommandId.setApiKey);
      assert.equal(await h.apiKey.get(), 'sk-host-new-key-0123456789');
    } finally {
      await h.apiKey.set(service.key);
    }
  });

  it("Set Up VS Code's Chat, with VS Code's chat turned off, says so and writes no setting", async () => {
    // The host suites run with chat.disableAIFeatures on (test/harness/codeServer.ts).
    const outcome = await vscode.commands.executeCommand(CommandId.setUpNativeChat);
    assert.deepEqual(outcome, { decision: 'unavailable', ran: false });
    assert.deepEqual(prompter.messages.at(-1), {
      level: 'warning',
      text: "VS Code's chat is turned off in this VS Code (chat.disableAIFeatures is true).",
    });
    const chat = vscode.workspace.getConfiguration('chat');
    assert.equal(chat.inspect('utilityModel')?.globalValue, undefined);
    assert.equal(chat.inspect('utilitySmallModel')?.globalValue, undefined);
  });

  it("the offer's wait for a command VS Code registers late: there already, registered while it looks, never, or stopped", async () => {
    // The host registers Chat: Manage Language Models in its own time; here it is there by now.
    assert.equal(await commandAppears(MANAGE_MODELS_COMMAND, 0, 100), true);
    const late = `maas-test.lateCommand-${Date.now()}`;
    const looking = commandAppears(late, 30_000, 50);
    const registration = vscode.commands.registerCommand(late, () => undefined);
    try {
      assert.equal(await looking, true);
    } finally {
      registration.dispose();
    }
    assert.equal(await commandAppears(`${late}-never`, 300, 100), false);
    const stop = new AbortController();
    const stopped = commandAppears(`${late}-stopped`, 30_000, 100, stop.signal);
    stop.abort();
    assert.equal(await stopped, false);
  });
});
