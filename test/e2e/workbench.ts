// Drives the code-server workbench the way a person does: activity bar, command palette, notifications, and the
// chat webview (two nested iframes).
import type { FrameLocator, Page } from 'playwright-core';

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar .statusbar-item').first().waitFor({ timeout: 60_000 });
}

/**
 * Runs a command from the palette by its title. Commands appear only once the extension host has scanned the
 * extensions, so the palette is reopened until the entry shows up.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 10_000 });
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await row.waitFor({ timeout: 2_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}

export function notification(page: Page, text: string | RegExp): ReturnType<Page['locator']> {
  return page.locator('.notifications-toasts .notification-toast', { hasText: text });
}

export async function openActivityBarView(page: Page, label: string): Promise<void> {
  await page.locator(`.activitybar .action-item a[aria-label^="${label}"], .activitybar .action-item [aria-label^="${label}"]`).first().click();
}

/**
 * The chat view's document: the webview's outer iframe (the one of this extension: an image preview or another
 * extension's view is a webview too), then its active frame.
 */
export function chatView(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready[src*="extensionId=maas-assistant.maas-assistant"]').frameLocator('#active-frame');
}
