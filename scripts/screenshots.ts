// `npx tsx scripts/screenshots.ts [light-en|…|completions]`: the README's screenshots of the chat view, in the light
// and dark themes and in English and Simplified Chinese, and of inline completions' ghost text in the demo's charts.ts,
// taken from a real code-server with the packaged extension against the local service. Writes
// docs/images/chat-<theme>-<language>.png and docs/images/completions-ghost-text.png.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startLocalService } from '../service/src/localService';
import { SPEECH_CODES_VARIABLE } from '../src/core/speech/speechProblems';
import { launchBrowser } from '../test/harness/browser';
import { startCodeServer } from '../test/harness/codeServer';
import { newRunDir } from '../test/harness/runDirs';
import { ensureDebianPackages, ensureTools, repoRoot } from '../test/harness/tools';
import { ask, openWorkbenchChat, until, waitForStatus } from '../test/e2e/chatView';
import { completionsItem, ghostText, goToLineEnd } from '../test/e2e/inlineCompletions';
import { openFile, waitForWorkbench } from '../test/e2e/workbench';
import { packageExtension } from './package';

const KEY = 'sk-screenshots-0123456789abcdef';
const questions = {
  en: 'How do I compute a moving average in TypeScript? Please show code.',
  'zh-cn': '如何用 TypeScript 计算移动平均？请给出代码。',
};

/** A code-server on the demo's workspace, signed in to a fresh local service, and a browser for `run` to open it in. */
async function withWorkbench(
  vsix: string,
  options: { language: 'en' | 'zh-cn'; settings: Record<string, unknown> },
  run: (browser: Browser, url: string) => Promise<void>,
): Promise<void> {
  const service = await startLocalService({ quiet: true, paceMs: 0, seed: { defaultKey: KEY } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-shots-'));
  const bootstrap = path.join(dir, 'bootstrap.json');
  // A copy of the demo's workspace, named as it is: what the shots type is not saved into the repository.
  const workspace = path.join(dir, 'workspace');
  cpSync(path.join(repoRoot, 'demo', 'workspace'), workspace, { recursive: true });
  writeFileSync(bootstrap, JSON.stringify({ apiKey: KEY }));
  const server = await startCodeServer({
    tools: ensureTools(),
    runDir: newRunDir('shots'),
    folder: workspace,
    vsix,
    locale: options.language === 'zh-cn' ? 'zh-cn' : undefined,
    settings: {
      'maas.baseUrl': service.baseUrl,
      'maas.altBaseUrl': service.altBaseUrl,
      ...options.settings,
    },
    // The local service's speech error codes are named (src/core/speech/speechProblems.ts).
    env: { MAAS_BOOTSTRAP_CREDENTIALS: bootstrap, [SPEECH_CODES_VARIABLE]: 'localService' },
  });
  const browser = await launchBrowser();
  try {
    await run(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function wrote(file: string): void {
  process.stdout.write(`wrote ${path.relative(repoRoot, file)}\n`);
}

async function shoot(vsix: string, theme: 'light' | 'dark', language: 'en' | 'zh-cn'): Promise<void> {
  const settings = { 'workbench.colorTheme': theme === 'light' ? 'Default Light Modern' : 'Default Dark Modern' };
  await withWorkbench(vsix, { language, settings }, async (browser, url) => {
    const { page, view } = await openWorkbenchChat(browser, url);
    const turn = await ask(view, questions[language]);
    await waitForStatus(turn, ['done']);
    await page.mouse.move(1000, 600); // no hover tooltip over the view
    await page.waitForTimeout(500);
    const file = path.join(repoRoot, 'docs', 'images', `chat-${theme}-${language}.png`);
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 760, height: 860 } });
    wrote(file);
  });
}

/** charts.ts of the demo: Enter after `weekly: showWeekly,` and the local service's completer suggests the next entry. */
async function shootCompletions(vsix: string): Promise<void> {
  const settings = { 'workbench.colorTheme': 'Default Light Modern', 'maas.completions.enabled': true };
  await withWorkbench(vsix, { language: 'en', settings }, async (browser, url) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url, { waitUntil: 'commit' });
    await waitForWorkbench(page);
    await completionsItem(page).locator('.codicon-sparkle').waitFor({ timeout: 120_000 });
    await openFile(page, 'charts.ts');
    await page.locator('.monaco-editor .view-lines').first().click();
    const line = (await readFile(path.join(repoRoot, 'demo', 'workspace', 'charts.ts'), 'utf8')).split('\n').indexOf('  weekly: showWeekly,') + 1;
    if (line === 0) throw new Error('demo/workspace/charts.ts has no line `  weekly: showWeekly,`');
    await goToLineEnd(page, line);
    await page.keyboard.press('Enter');
    await until(async () => (await ghostText(page)).includes('monthly: showMonthly,'), 60_000, 'the ghost text');
    await page.mouse.move(1000, 800); // no hover over the suggestion
    const file = path.join(repoRoot, 'docs', 'images', 'completions-ghost-text.png');
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1400, height: 560 } });
    wrote(file);
  });
}

async function main(): Promise<void> {
  // Without a Chinese font the zh-cn screenshots show boxes (a fresh machine has none).
  ensureDebianPackages(['fonts-wqy-microhei'], 'Chinese text in the screenshots');
  const only = process.argv[2];
  const vsix = packageExtension();
  if (only === undefined || only === 'completions') await shootCompletions(vsix);
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'zh-cn'] as const) {
      if (only === undefined || `${theme}-${language}` === only) await shoot(vsix, theme, language);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
