// The editor's inline completions as a page shows them: the ghost text, a line's text, the completions' status bar
// item, the cursor put at a line's end. For the completions e2e and the README's screenshot (scripts/screenshots.ts).
import type { Locator, Page } from 'playwright-core';

/** The ghost text the editor shows now ('' when none), its spaces as typed. */
export async function ghostText(page: Page): Promise<string> {
  const parts = await page.locator('.monaco-editor .ghost-text-decoration, .monaco-editor .ghost-text').allTextContents();
  return parts.join('').replace(/\u00a0/g, ' ');
}

/** The text of the active editor's line `n` (from 1), as shown. */
export async function shownLine(page: Page, n: number): Promise<string> {
  const lines = await page.locator('.monaco-editor .view-lines .view-line').evaluateAll((rows, wanted) => {
    // Monaco places each rendered line with its own `top`; the DOM order is not the line order. (No named function in
    // here: the page has no __name helper that tsx would wrap it in.)
    const sorted = rows
      .map((row) => ({ row, top: parseFloat(/top:\s*([\d.]+)px/.exec(row.getAttribute('style') ?? '')?.[1] ?? '0') }))
      .sort((a, b) => a.top - b.top)
      .map((entry) => entry.row);
    return sorted[wanted - 1]?.textContent ?? '';
  }, n);
  return lines.replace(/\u00a0/g, ' ');
}

/** The completions' status bar item (not the message the toggle shows beside it, which names completions too). */
export function completionsItem(page: Page): Locator {
  return page.locator('.statusbar-item').filter({ hasText: /^\s*Completions\s*$/ });
}

/** Puts the cursor at the end of line `n` of the active editor (Go to Line). */
export async function goToLineEnd(page: Page, n: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(n));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
}
