// The installed extension's details page, opened as a user opens it: the Extensions view, `@installed`, MaaS
// Assistant. Used by test/e2e/detailsPage.e2e.ts and scripts/detailsPageScreenshot.ts.
import type { Frame, Page } from 'playwright-core';
import { waitFor } from '../harness/waitFor';

/** Opens the details page of the extension named `displayName`; the frame of its README (whose first heading is that name). */
export async function openDetailsPage(page: Page, displayName: string): Promise<Frame> {
  await page.keyboard.press('Control+Shift+X');
  // The view's search box is a small editor: click it, replace its text, type the query.
  const search = page.locator('.extensions-viewlet .suggest-input-container').first();
  await search.waitFor({ timeout: 30_000 });
  await search.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('@installed');
  const row = page.locator('.extensions-viewlet .monaco-list-row', { hasText: displayName }).first();
  await row.waitFor({ timeout: 60_000 });
  await row.click();
  await page.locator('.extension-editor .name', { hasText: displayName }).first().waitFor({ timeout: 30_000 });
  // The README's webview: the workbench lays webviews over the editor from elsewhere in its DOM, so the frame is
  // found by what it shows (the README's title and its Install section).
  return waitFor(
    async () => {
      for (const frame of page.frames()) {
        const title = await frame
          .locator('h1', { hasText: displayName })
          .count()
          .catch(() => 0);
        const contents = await frame
          .locator('h2', { hasText: /^Install$/ })
          .count()
          .catch(() => 0);
        if (title > 0 && contents > 0) return frame;
      }
      return undefined;
    },
    { what: 'the README on the details page', timeoutMs: 60_000, intervalMs: 500 },
  );
}
