// On a failing scenario: a screenshot and the logs (extension host, code-server, and any text the scenario kept,
// such as a script's output), copied into the gitignored .test-results/<scenario>/ folder, whose path is printed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { extensionLogsIn, type CodeServer } from './codeServer';
import { extensionId, repoRoot } from './tools';

export interface ArtifactSources {
  readonly page?: Page | undefined;
  /** Files to copy, under the given names. */
  readonly files?: readonly { readonly name: string; readonly path: string }[];
  /** Texts to write, by file name. */
  readonly texts?: Readonly<Record<string, string>>;
}

export function artifactsDir(scenario: string): string {
  return path.join(repoRoot, '.test-results', scenario.replace(/[^A-Za-z0-9_-]+/g, '-'));
}

export async function saveArtifacts(scenario: string, sources: ArtifactSources): Promise<string> {
  const dir = artifactsDir(scenario);
  mkdirSync(dir, { recursive: true });
  if (sources.page !== undefined && !sources.page.isClosed()) {
    await sources.page.screenshot({ path: path.join(dir, 'screenshot.png'), fullPage: true }).catch(() => undefined);
    // The screenshot stays on the machine that ran the test: what covered the workbench goes to the test's output too.
    for (const line of await coveringTexts(sources.page)) process.stdout.write(`  on screen at the failure: ${line}\n`);
  }
  for (const file of sources.files ?? []) if (existsSync(file.path)) copyFileSync(file.path, path.join(dir, file.name));
  for (const [name, text] of Object.entries(sources.texts ?? {})) writeFileSync(path.join(dir, name), text);
  process.stdout.write(`  failure artifacts of "${scenario}": ${dir}\n`);
  return dir;
}

/** The texts of a dialog and of the notifications showing on a workbench page, each on one line. */
export async function coveringTexts(page: Page): Promise<string[]> {
  const texts = async (selector: string, kind: string): Promise<string[]> =>
    (
      await page
        .locator(`${selector} >> visible=true`)
        .allInnerTexts()
        .catch(() => [])
    ).map((text) => `${kind}: ${text.replace(/\s+/g, ' ').trim()}`);
  return [...(await texts('.monaco-dialog-box', 'dialog')), ...(await texts('.notifications-toasts .notification-toast', 'notification'))];
}

/** The code-server log and the extension-host logs of `server`, as artifact files. */
export function codeServerLogFiles(logFile: string, extensionHostLogs: readonly string[]): { name: string; path: string }[] {
  return [
    { name: 'code-server.log', path: logFile },
    ...extensionHostLogs.map((log, index) => ({ name: `exthost-${index}-${path.basename(log)}`, path: log })),
  ];
}

/** How many of the extension's last log lines a failure prints. */
const LOG_TAIL_LINES = 15;

/** The last `count` non-blank lines of a log file ([] when it is missing). */
export function logTail(file: string, count: number): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-count);
}

export function saveFailureArtifacts(scenario: string, page: Page | undefined, server: CodeServer | undefined): Promise<string> {
  // The extension's own log (its Output channel): what it did and refused, each line with its time.
  const ownLogs = server === undefined ? [] : extensionLogsIn(server.userDataDir, extensionId);
  const files =
    server === undefined
      ? []
      : [
          ...codeServerLogFiles(server.logFile, server.extensionHostLogs()),
          ...ownLogs.map((log, index) => ({ name: `extension-${index}-${path.basename(log)}`, path: log })),
        ];
  // The files stay on the machine that ran the test: the end of the extension's log goes to the test's output too.
  for (const log of ownLogs) for (const line of logTail(log, LOG_TAIL_LINES)) process.stdout.write(`  the extension's log: ${line}\n`);
  return saveArtifacts(scenario, { page, files });
}
