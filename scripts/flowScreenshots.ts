// `npx tsx scripts/flowScreenshots.ts`: the README's screenshots of issue 6's flows, from a real code-server with the
// packaged extension against the local service: a knowledge-base answer with its sources, an image description,
// the read-aloud player and the Test Connection report. Writes docs/images/flow-*.png.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { openChat, waitForStatus } from '../test/e2e/chatView';
import { openServiceScenario } from '../test/e2e/serviceScenario';
import { runCommand } from '../test/e2e/workbench';
import { repoRoot } from '../test/harness/tools';

async function accept(page: Page, title: string): Promise<void> {
  const widget = page.locator('.quick-input-widget', { hasText: title });
  await widget.waitFor({ state: 'visible', timeout: 15_000 });
  await widget.locator('input').first().press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
}

async function shot(page: Page, name: string, width = 760): Promise<void> {
  await page.mouse.move(1200, 700);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(repoRoot, 'docs', 'images', `flow-${name}.png`), clip: { x: 0, y: 0, width, height: 860 } });
  process.stdout.write(`wrote docs/images/flow-${name}.png\n`);
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-flows-'));
  cpSync(path.join(repoRoot, 'demo', 'workspace'), folder, { recursive: true });
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'workspace', 'sample.md'), path.join(folder, 'sample.md'));
  const image = new PNG({ width: 320, height: 200 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([30, 120 + ((i / 4) % 320) / 4, 200, 255], i);
  writeFileSync(path.join(folder, 'diagram.png'), PNG.sync.write(image));
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
    await accept(page, 'Knowledge bases to search');
    await accept(page, 'Ask the knowledge base');
    await accept(page, 'Answer mode');
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

    // Describe an image from the Explorer.
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'diagram.png' }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await row.click({ button: 'right' });
    const entry = page.locator('.context-view .monaco-menu .action-item', { hasText: 'Describe Image' }).first();
    await entry.waitFor({ timeout: 10_000 });
    await entry.click();
    await accept(page, 'Describe image');
    view = await openChat(page);
    turn = view.locator('[data-testid="turn"]').last();
    await waitForStatus(turn, ['done']);
    await shot(page, 'describe-image', 1280);

    // Test Connection's report.
    await runCommand(page, 'MaaS: Test Connection');
    await page.locator('.notifications-toasts .notification-toast', { hasText: /checks/ }).waitFor({ timeout: 60_000 });
    await shot(page, 'test-connection', 1280);
  } finally {
    await scenario.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
