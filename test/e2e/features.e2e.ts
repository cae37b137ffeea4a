// The knowledge, image and read-aloud commands in code-server against the local service, as a person runs them: describe images from the
// Explorer, ask a knowledge base from the editor's context menu, and read a long text to a file through the
// long-text task, also across a window reload in the middle of the task.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { webp } from '../../service/test/testImages';
import { extensionErrors } from '../harness/extensionHostLog';
import { CHAT_ROUTE, lastChatRequest, requestCount } from '../harness/requestLog';
import { extensionId, repoRoot } from '../harness/tools';
import { openChat, until, waitForStatus } from './chatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { acceptQuickInput, chatView, contextMenu, notification, openContextMenu, runMenuEntry, openFile, runCommand, waitForWorkbench } from './workbench';

function png(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([...rgb, 255], i);
  return PNG.sync.write(image);
}

const sentence = 'MaaS Assistant reads long documents aloud sentence by sentence while the next one is prepared. ';

describe('knowledge base, images and read aloud in code-server', () => {
  let scenario: ServiceScenario;
  let folder: string;

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-ws-'));
    cpSync(path.join(repoRoot, 'test', 'fixtures', 'workspace'), folder, { recursive: true });
    writeFileSync(path.join(folder, 'a-red.png'), png(64, 48, [220, 20, 30]));
    writeFileSync(path.join(folder, 'b-blue.webp'), await webp(32, 32, [20, 40, 220], [20, 40, 220])); // decoded by the bundled wasm
    writeFileSync(path.join(folder, 'long.md'), sentence.repeat(12));
    writeFileSync(path.join(folder, 'longer.md'), sentence.repeat(80)); // ~7,700 characters: tens of seconds of synthesis
    scenario = await openServiceScenario('features', {
      folder,
      service: { paceMs: 2, references: true },
      autoplay: true,
      settings: {
        'maas.knowledgeBases': [{ id: 7, name: 'Extension guide' }],
        'maas.speech.longTextThreshold': 200,
        'explorer.autoReveal': false,
      },
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('describes a PNG and a WebP selected in the Explorer, one turn each, with their thumbnails', async () => {
    const { page } = scenario;
    await openChat(page); // the workbench has loaded the extension's contributions, menus included
    await page.keyboard.press('Control+Shift+E');
    const row = (name: string) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
    await row('a-red.png').waitFor({ timeout: 20_000 });
    const selectedNames = async (): Promise<string[]> =>
      page.locator('.explorer-folders-view .monaco-list-row[aria-selected="true"]').evaluateAll((rows) => rows.map((r) => r.textContent?.trim() ?? ''));
    // Control+click selects without opening a preview, so the Explorer never re-selects an opened file under us
    // (auto-reveal is off too); extend the selection until exactly both images are selected, and check it again
    // with the context menu open, as the command receives the selection of that moment.
    const bothSelected = async (): Promise<boolean> => {
      const now = await selectedNames();
      return now.length === 2 && now.some((n) => n.includes('a-red.png')) && now.some((n) => n.includes('b-blue.webp'));
    };
    let selectedAtMenu: string[] = [];
    const entry = await until(
      async () => {
        const names = await selectedNames();
        if (names.some((n) => !/\.(png|webp)/.test(n))) await row('a-red.png').click();
        for (const name of ['a-red.png', 'b-blue.webp']) {
          if (!(await selectedNames()).some((n) => n.includes(name))) await row(name).click({ modifiers: ['Control'] });
        }
        if (!(await bothSelected())) return undefined;
        const item = await openContextMenu(page, row('b-blue.webp'), 'Describe Image');
        selectedAtMenu = await selectedNames();
        if (await bothSelected()) return item;
        await page.keyboard.press('Escape');
        return undefined;
      },
      30_000,
      'the context menu open on exactly both images',
    );
    await runMenuEntry(page, entry, 'Describe Image');
    await acceptQuickInput(page, 'Describe image');
    // Describe Image reveals the chat itself.
    const view = chatView(page);
    await view.locator('[data-testid="chat-input"]').waitFor({ timeout: 30_000 });
    const turns = view.locator('[data-testid="turn"]');
    await until(async () => (await turns.count()) >= 2, 30_000, 'two image turns').catch(async (error: unknown) => {
      const chats = await requestCount(scenario.service.baseUrl, CHAT_ROUTE);
      const statuses = await turns.evaluateAll((shown) => shown.map((turn) => turn.getAttribute('data-status') ?? '?'));
      throw new Error(
        `${String(error)}; ${statuses.length} turn(s) shown (${statuses.join(', ')}), ${chats} chat request(s) received; selected at the menu: ${selectedAtMenu.join(', ')}`,
      );
    });
    const answers: string[] = [];
    for (const index of [0, 1]) {
      await waitForStatus(turns.nth(index), ['done']);
      answers.push((await turns.nth(index).locator('[data-testid="answer"]').textContent()) ?? '');
      assert.ok((await turns.nth(index).locator('img').count()) >= 1, 'the thumbnail is shown');
    }
    const joined = answers.join('\n');
    assert.match(joined, /PNG, 64\s*×\s*48/);
    assert.match(joined, /WEBP, 32\s*×\s*32/);
    for (const answer of answers) assert.match(answer, /received 1 image/, 'each turn sends its own image only');
  });

  it('asks the knowledge base about a selection from the editor context menu and gets a cited answer', async () => {
    const { page } = scenario;
    await openFile(page, 'sample.md');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.click();
    await page.keyboard.press('Control+A');
    await contextMenu(page, editor, 'Ask Knowledge Base about Selection');
    await acceptQuickInput(page, 'Knowledge bases to search'); // the first one is picked
    await acceptQuickInput(page, 'Ask the knowledge base'); // "Explain the selected text."
    await acceptQuickInput(page, 'Answer mode'); // divergent
    const view = await openChat(page);
    // The knowledge turn (it may open a conversation of its own, after the image turns of the vision model).
    const turn = view.locator('[data-testid="turn"]', { has: view.locator('[data-testid="knowledge-badge"]') }).last();
    await turn.waitFor({ timeout: 30_000 });
    assert.equal(await waitForStatus(turn, ['done']), 'done');
    const answer = turn.locator('[data-testid="answer"]');
    const chips = answer.locator('[data-testid="citation"]');
    assert.ok((await chips.count()) >= 1, 'the citation marks are chips');
    assert.match((await chips.first().getAttribute('title')) ?? '', /\S/, 'a chip shows its source on hover');
    await chips.first().click();
    const sources = turn.locator('[data-testid="sources"]');
    await sources.waitFor({ timeout: 5_000 });
    assert.match((await sources.textContent()) ?? '', /Selections|Keys|朗读/, 'the source document is listed');
    const tool = (await lastChatRequest(scenario.service.baseUrl))?.body.tools?.[0];
    assert.deepEqual(tool?.type === 'retrieval' ? tool.retrieval.knowledge_ids : undefined, [7]);
  });

  it('reads an answer aloud in the chat view: the audio plays and its time advances', async () => {
    const view = await openChat(scenario.page);
    const turn = view.locator('[data-testid="turn"]').last();
    await turn.locator('[data-testid="read-aloud"]').click();
    await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
    const audio = view.locator('audio').first();
    await audio.waitFor({ state: 'attached', timeout: 30_000 });
    const duration = await until(
      async () => audio.evaluate((a: { duration: number; currentTime: number }) => (Number.isFinite(a.duration) && a.duration > 0 ? a.duration : 0)),
      30_000,
      'a playable audio element',
    );
    assert.ok(duration > 0);
    const first = await until(async () => audio.evaluate((a: { duration: number; currentTime: number }) => a.currentTime), 15_000, 'playback to start');
    await until(
      async () => (await audio.evaluate((a: { duration: number; currentTime: number }) => a.currentTime)) > first,
      15_000,
      'the playback time to advance',
    );
    await view.locator('[data-testid="player-stop"]').click();
  });

  it('keeps reading when the chat view is hidden and shown again: the player comes back and plays on', async () => {
    const { page } = scenario;
    let view = await openChat(page);
    await view.locator('[data-testid="turn"]').last().locator('[data-testid="read-aloud"]').click();
    await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
    const time = (v: typeof view): Promise<number> =>
      v
        .locator('audio')
        .first()
        .evaluate((a: { currentTime: number }) => a.currentTime);
    await until(async () => (await time(view)) > 0, 30_000, 'playback to start');
    await page.keyboard.press('Control+Shift+E'); // the Explorer takes the side bar: the chat view's page is discarded
    await page.locator('.explorer-folders-view').waitFor({ timeout: 15_000 });
    view = await openChat(page);
    await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await view.locator('[data-testid="player-position"]').textContent()) ?? '', /^Sentence \d+ of \d+/);
    await until(async () => (await time(view)) > 0, 30_000, 'playback to go on in the page shown again');
    await view.locator('[data-testid="player-stop"]').click();
  });

  it('reads a long text to a file through the long-text task', async () => {
    const { page } = scenario;
    const target = path.join(folder, 'long.wav');
    await openFile(page, 'long.md');
    await runCommand(page, 'MaaS: Read Aloud to File');
    await acceptQuickInput(page, 'Save the audio'); // long.wav beside the document
    await until(async () => existsSync(target), 90_000, 'the audio file');
    const bytes = readFileSync(target);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE');
    assert.ok(bytes.length > 44 + 16_000, 'more than a second of audio');
    assert.ok((await requestCount(scenario.service.baseUrl, '/maas/v2/api/tts-long-commit')) > 0, 'the long-text task was used');
  });

  it('still delivers the audio of a long task after a window reload in the middle of it', async () => {
    const { page } = scenario;
    const target = path.join(folder, 'longer.wav');
    await openFile(page, 'longer.md');
    await runCommand(page, 'MaaS: Read Aloud to File');
    await acceptQuickInput(page, 'Save the audio'); // longer.wav beside the document
    await notification(page, /longer/).waitFor({ timeout: 30_000 });
    // Nothing of the extension is on screen when the window comes back: only the pending task may wake it.
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view').waitFor({ timeout: 15_000 });
    assert.equal(existsSync(target), false, 'the task is still running when the window reloads');
    await page.reload();
    await waitForWorkbench(page);
    await until(async () => existsSync(target), 240_000, 'the audio file after the reload');
    assert.equal(readFileSync(target).subarray(0, 4).toString('latin1'), 'RIFF');
    // The window that delivered it says so, with a button to open it.
    await notification(page, /The audio was saved to .*longer\.wav/).waitFor({ timeout: 30_000 });
    // The window that closed in the middle of the task left nothing at error level in its Extension Host log.
    assert.deepEqual(extensionErrors(scenario.server.extensionHostLogs(), extensionId), []);
  });
});
