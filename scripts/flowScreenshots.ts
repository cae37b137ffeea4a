// `npx tsx scripts/flowScreenshots.ts`: screenshots of the extension's flows, from a real code-server with the
// packaged extension against the local service: a knowledge-base answer with its sources, the read-aloud player
// (from an answer and from the editor), Read Aloud to File's progress, the voice picker, an image described from the
// Explorer and from an address, and the Test Connection report. Writes docs/images/flow-*.png. An emoji font
// (fonts-noto-color-emoji) and a Chinese one (fonts-wqy-microhei) are installed first when missing, so emoji,
// the player's ⏮ ⏭ and the local service's Chinese lead-ins are not boxes.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { openChat, waitForStatus } from '../test/e2e/chatView';
import { openServiceScenario } from '../test/e2e/serviceScenario';
import { acceptQuickInput, chatView, contextMenu, notification, runCommand } from '../test/e2e/workbench';
import { ensureDebianPackages, ensureSpeechPrograms, repoRoot } from '../test/harness/tools';

async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines').first().click();
}

async function shot(page: Page, name: string, width = 760, height = 860): Promise<void> {
  await page.mouse.move(1200, 700);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(repoRoot, 'docs', 'images', `flow-${name}.png`), clip: { x: 0, y: 0, width, height } });
  process.stdout.write(`wrote docs/images/flow-${name}.png\n`);
}

async function main(): Promise<void> {
  ensureDebianPackages(['fonts-noto-color-emoji', 'fonts-wqy-microhei'], 'emoji and Chinese text in the screenshots');
  // The read-aloud flows synthesise speech in the local service, as npm test's layers do.
  ensureSpeechPrograms();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-flows-'));
  cpSync(path.join(repoRoot, 'demo', 'workspace'), folder, { recursive: true });
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'workspace', 'sample.md'), path.join(folder, 'sample.md'));
  const image = new PNG({ width: 320, height: 200 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([30, 120 + ((i / 4) % 320) / 4, 200, 255], i);
  writeFileSync(path.join(folder, 'diagram.png'), PNG.sync.write(image));
  writeFileSync(
    path.join(folder, 'notes.txt'),
    'Read aloud works in any text file. 🎧 This one is plain text.\n\n    Indented lines are read too. The player shows which sentence it reads.\n',
  );
  writeFileSync(path.join(folder, 'long.md'), 'This sentence is part of a long text that goes to the long-text synthesis task. '.repeat(60));
  const scenario = await openServiceScenario('flows', {
    folder,
    autoplay: true,
    service: { paceMs: 0, references: true },
    settings: { 'maas.knowledgeBases': [{ id: 7, name: 'Extension guide' }] },
  });
  const { page } = scenario;
  try {
    // Knowledge base about a selection, from the editor's context menu.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('sample.md');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'sample.md' }).first().waitFor();
    await page.keyboard.press('Enter');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.click();
    await page.keyboard.press('Control+A');
    await editor.click({ button: 'right' });
    await page.locator('.context-view .monaco-menu .action-item', { hasText: 'Ask Knowledge Base about Selection' }).first().click();
    await acceptQuickInput(page, 'Knowledge bases to search');
    await acceptQuickInput(page, 'Ask the knowledge base');
    await acceptQuickInput(page, 'Answer mode');
    let view = await openChat(page);
    let turn = view.locator('[data-testid="turn"]').last();
    await waitForStatus(turn, ['done']);
    await turn.locator('[data-testid="citation"]').first().click();
    await shot(page, 'knowledge-base', 1280);

    // Read the answer aloud: the player in the chat view.
    await turn.locator('[data-testid="read-aloud"]').click();
    await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForTimeout(1500);
    await shot(page, 'read-aloud');
    await view.locator('[data-testid="player-stop"]').click();

    // Read Aloud from the editor, on a plain text file: the same player, with its sentence and position.
    await openFile(page, 'notes.txt');
    await runCommand(page, 'MaaS: Read Aloud');
    view = await openChat(page);
    await view.locator('[data-testid="player-sentence"]').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await shot(page, 'read-aloud-editor', 1280);
    await view.locator('[data-testid="player-stop"]').click();

    // Choose Voice: the service's speakers in a picker.
    await runCommand(page, 'MaaS: Choose Voice');
    await page.locator('.quick-input-widget', { hasText: 'Choose a voice' }).waitFor({ timeout: 15_000 });
    await shot(page, 'choose-voice', 1280);
    await page.keyboard.press('Escape');

    // Read Aloud to File: the long-text task under a progress notification.
    await openFile(page, 'long.md');
    await runCommand(page, 'MaaS: Read Aloud to File');
    await acceptQuickInput(page, 'Save the audio');
    await notification(page, /Synthesising speech/).waitFor({ timeout: 30_000 });
    await shot(page, 'read-aloud-to-file', 1400, 900); // the progress notification sits in the bottom-right corner
    await notification(page, /saved to/).waitFor({ timeout: 120_000 });

    // Describe an image from the Explorer.
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'diagram.png' }).first();
    await row.waitFor({ timeout: 20_000 });
    // The Explorer re-lays out as long.wav appears: a right-click may land on a neighbour row, whose menu has no
    // Describe Image. Wait for the new row, and try again on a wrong menu.
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'long.wav' }).waitFor({ timeout: 20_000 });
    for (let attempt = 1; ; attempt++) {
      const ran = await contextMenu(page, row, 'Describe Image').then(
        () => true,
        (error: unknown) => (attempt === 3 ? Promise.reject(error) : false),
      );
      if (ran) break;
      await page.keyboard.press('Escape');
    }
    await acceptQuickInput(page, 'Describe image');
    // Describe Image reveals the chat itself (the palette would race with the view taking the focus).
    view = chatView(page);
    await view.locator('[data-testid="chat-input"]').waitFor({ timeout: 30_000 });
    turn = view.locator('[data-testid="turn"]').last();
    await waitForStatus(turn, ['done']);
    await shot(page, 'describe-image', 1280);

    // Describe an image from an https address: a chip with the address (the local service refuses to fetch it).
    await runCommand(page, 'MaaS: Describe Image from URL');
    const address = page.locator('.quick-input-widget', { hasText: 'Describe image from URL' });
    await address.waitFor({ timeout: 15_000 });
    await address.locator('input').first().fill('https://images.example.com/cats/tabby.png');
    await address.locator('input').first().press('Enter');
    // The same quick input then asks the question: wait for its prompt, not the title the address had.
    await acceptQuickInput(page, 'What would you like to know about the image?');
    view = await openChat(page);
    turn = view.locator('[data-testid="turn"]', { has: view.locator('[data-testid="image-chip"]', { hasText: 'tabby.png' }) });
    await turn.waitFor({ timeout: 30_000 });
    await waitForStatus(turn, ['done', 'error']);
    await turn.scrollIntoViewIfNeeded();
    await shot(page, 'describe-image-url', 1280);

    // Test Connection's report.
    await runCommand(page, 'MaaS: Test Connection');
    await page.locator('.notifications-toasts .notification-toast', { hasText: /checks/ }).waitFor({ timeout: 60_000 });
    await shot(page, 'test-connection', 1280);
  } catch (error) {
    const where = path.join(repoRoot, '.test-results', 'flow-failure.png');
    await page.screenshot({ path: where }).catch(() => undefined);
    process.stderr.write(`the page as it was when a flow failed: ${where}\n`);
    throw error;
  } finally {
    await scenario.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
