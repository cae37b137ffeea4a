// `npx tsx scripts/screenshots.ts`: the README's screenshots of the chat view, in the light and dark themes and in
// English and Simplified Chinese, taken from a real code-server with the packaged extension against the local
// service. Writes docs/images/chat-<theme>-<language>.png.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalService } from '../service/src/localService';
import { SPEECH_CODES_VARIABLE } from '../src/core/speech/speechProblems';
import { launchBrowser } from '../test/harness/browser';
import { startCodeServer } from '../test/harness/codeServer';
import { newRunDir } from '../test/harness/runDirs';
import { ensureDebianPackages, ensureTools, repoRoot } from '../test/harness/tools';
import { ask, openWorkbenchChat, waitForStatus } from '../test/e2e/chatView';
import { packageExtension } from './package';

const KEY = 'sk-screenshots-0123456789abcdef';
const questions = {
  en: 'How do I compute a moving average in TypeScript? Please show code.',
  'zh-cn': '如何用 TypeScript 计算移动平均？请给出代码。',
};

async function shoot(vsix: string, theme: 'light' | 'dark', language: 'en' | 'zh-cn'): Promise<void> {
  const service = await startLocalService({ quiet: true, paceMs: 0, seed: { defaultKey: KEY } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-shots-'));
  const bootstrap = path.join(dir, 'bootstrap.json');
  writeFileSync(bootstrap, JSON.stringify({ apiKey: KEY }));
  const server = await startCodeServer({
    tools: ensureTools(),
    runDir: newRunDir('shots'),
    folder: path.join(repoRoot, 'demo', 'workspace'),
    vsix,
    locale: language === 'zh-cn' ? 'zh-cn' : undefined,
    settings: {
      'maas.baseUrl': service.baseUrl,
      'maas.altBaseUrl': service.altBaseUrl,
      'workbench.colorTheme': theme === 'light' ? 'Default Light Modern' : 'Default Dark Modern',
    },
    // The local service's speech error codes are named (src/core/speech/speechProblems.ts).
    env: { MAAS_BOOTSTRAP_CREDENTIALS: bootstrap, [SPEECH_CODES_VARIABLE]: 'localService' },
  });
  const browser = await launchBrowser();
  try {
    const { page, view } = await openWorkbenchChat(browser, server.url);
    const turn = await ask(view, questions[language]);
    await waitForStatus(turn, ['done']);
    await page.mouse.move(1000, 600); // no hover tooltip over the view
    await page.waitForTimeout(500);
    const file = path.join(repoRoot, 'docs', 'images', `chat-${theme}-${language}.png`);
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 760, height: 860 } });
    process.stdout.write(`wrote ${path.relative(repoRoot, file)}\n`);
  } finally {
    await browser.close();
    await server.stop();
    await service.stop();
  }
}

async function main(): Promise<void> {
  // Without a Chinese font the zh-cn screenshots show boxes (a fresh machine has none).
  ensureDebianPackages(['fonts-wqy-microhei'], 'Chinese text in the screenshots');
  const only = process.argv[2];
  const vsix = packageExtension();
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
