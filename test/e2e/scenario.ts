// One e2e scenario's world: the packaged .vsix installed into a plain code-server with its own profile, and a
// browser page on the workbench. A failing test leaves a screenshot and the logs in .test-results/.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { extensionErrors } from '../harness/extensionHostLog';
import { saveFailureArtifacts } from '../harness/failureArtifacts';
import { newRunDir } from '../harness/runDirs';
import { ensureTools, extensionId, repoRoot } from '../harness/tools';
import { packageExtension } from '../../scripts/package';
import { waitForWorkbench } from './workbench';

export interface Scenario {
  readonly server: CodeServer;
  readonly browser: Browser;
  readonly page: Page;
  fail(name: string): Promise<void>;
  /**
   * Runs a `before` hook's steps after the scenario opened; when one throws, the screenshot and logs are saved as for a
   * failing test (node:test runs no afterEach for a hook) and the error is thrown on.
   */
  prepare(steps: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

let packaged: string | undefined;

/** The .vsix under test: the one the test runner packaged (MAAS_E2E_VSIX), or a fresh package. */
export function vsixUnderTest(): string {
  packaged ??= process.env.MAAS_E2E_VSIX ?? packageExtension();
  return packaged;
}

export async function openScenario(
  name: string,
  settings: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {},
  folder = path.join(repoRoot, 'test', 'fixtures', 'workspace'),
  options: { autoplay?: boolean; workspaceTrust?: boolean; locale?: 'zh-cn' } = {},
): Promise<Scenario> {
  const tools = ensureTools();
  const runDir = newRunDir(`e2e-${name}`);
  const server = await startCodeServer({
    tools,
    runDir,
    folder,
    vsix: vsixUnderTest(),
    settings,
    env,
    workspaceTrust: options.workspaceTrust,
    locale: options.locale,
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser({ autoplay: options.autoplay });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // The workbench's readiness is the signal (waitForWorkbench); its load event, which a busy machine may reach after
    // Playwright's 30 s default, is not waited for.
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`, { waitUntil: 'commit' });
    await waitForWorkbench(page);
    const opened = browser;
    return {
      server,
      browser: opened,
      page,
      fail: async (testName) => void (await saveFailureArtifacts(`${name}-${testName}`, page, server)),
      prepare: async (steps) => {
        try {
          await steps();
        } catch (error) {
          await saveFailureArtifacts(`${name}-before`, page, server);
          throw error;
        }
      },
      close: async () => {
        await opened.close();
        await server.stop();
        // What a user opening the Extension Host log would see from the extension: nothing at error level.
        const errors = extensionErrors(server.extensionHostLogs(), extensionId);
        if (errors.length > 0) {
          await saveFailureArtifacts(`${name}-extension-host-log`, undefined, server);
          throw new Error(`The Extension Host log of the "${name}" scenario holds errors of the extension:\n${errors.join('\n')}`);
        }
      },
    };
  } catch (error) {
    await saveFailureArtifacts(`${name}-startup`, undefined, server);
    await browser?.close();
    await server.stop();
    throw error;
  }
}
