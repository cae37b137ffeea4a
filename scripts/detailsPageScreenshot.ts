// `npx tsx scripts/detailsPageScreenshot.ts`: the installed extension's details page (Extensions view → MaaS
// Assistant), as a user sees it: the packaged .vsix installed into a fresh code-server, the page opened from the
// Extensions view, the top of the README in view. Writes docs/images/details-page.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDetailsPage } from '../test/e2e/detailsPage';
import { openScenario } from '../test/e2e/scenario';
import { repoRoot } from '../test/harness/tools';
import { waitFor } from '../test/harness/waitFor';

async function main(): Promise<void> {
  const { displayName } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { displayName: string };
  const scenario = await openScenario('details-page-screenshot', {});
  try {
    const readme = await openDetailsPage(scenario.page, displayName);
    // Every image element settled (loaded, or shown as its description), so the picture is what a user sees.
    await waitFor(
      async () => (await readme.locator('img').evaluateAll((nodes) => nodes.every((node) => (node as unknown as { complete: boolean }).complete))) || undefined,
      { what: "the README's images to settle", timeoutMs: 60_000, intervalMs: 250 },
    );
    await scenario.page.mouse.move(700, 880);
    const file = path.join(repoRoot, 'docs', 'images', 'details-page.png');
    await scenario.page.screenshot({ path: file });
    process.stdout.write(`wrote ${path.relative(repoRoot, file)}\n`);
  } finally {
    await scenario.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
