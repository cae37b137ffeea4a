// On a failing scenario: a screenshot and the extension-host and code-server logs, copied into the gitignored
// .test-results/<scenario>/ folder, whose path is printed.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { CodeServer } from './codeServer';
import { repoRoot } from './tools';

export async function saveFailureArtifacts(scenario: string, page: Page | undefined, server: CodeServer | undefined): Promise<string> {
  const dir = path.join(repoRoot, '.test-results', scenario.replace(/[^A-Za-z0-9_-]+/g, '-'));
  mkdirSync(dir, { recursive: true });
  if (page !== undefined && !page.isClosed()) {
    await page.screenshot({ path: path.join(dir, 'screenshot.png'), fullPage: true }).catch(() => undefined);
  }
  if (server !== undefined) {
    if (existsSync(server.logFile)) copyFileSync(server.logFile, path.join(dir, 'code-server.log'));
    server.extensionHostLogs().forEach((log, index) => copyFileSync(log, path.join(dir, `exthost-${index}-${path.basename(log)}`)));
  }
  process.stdout.write(`  failure artifacts of "${scenario}": ${dir}\n`);
  return dir;
}
