// Drives the code-server workbench the way a person does: activity bar, command palette, notifications, and the
// chat webview (two nested iframes).
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { extensionId } from '../harness/tools';

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar .statusbar-item').first().waitFor({ timeout: 60_000 });
}

/** The password field of code-server's sign-in page. */
export function signInField(page: Page): Locator {
  return page.locator('.login-form input[type="password"]');
}

/**
 * Opens the address of a code-server that asks for a password, as a person does: it leads to the sign-in page, the
 * password is typed and sent with Enter, and the page goes on to the address it was opened with.
 */
export async function signIn(page: Page, url: string, password: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await signInField(page).fill(password, { timeout: 30_000 });
  await Promise.all([page.waitForURL((address) => !address.pathname.endsWith('/login'), { timeout: 30_000 }), signInField(page).press('Enter')]);
}

/**
 * Runs a command from the palette by its title. Commands appear only once the extension host has scanned the
 * extensions, so the palette is reopened until the entry shows up.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 60_000): Promise<void> {
  await quickInputRow(page, { key: 'F1', text: `>${title}`, row: title, rowWaitMs: 2_000, timeoutMs });
  await page.keyboard.press('Enter');
}

/**
 * Opens a quick input with `key`, types `text` and waits for a row showing `row`, reopening the input until the
 * deadline (the list fills only once the workbench has scanned extensions or started its file search). The first
 * matching row is left selected for the caller to accept.
 */
async function quickInputRow(page: Page, want: { key: string; text: string; row: string; rowWaitMs: number; timeoutMs: number }): Promise<void> {
  const deadline = Date.now() + want.timeoutMs;
  for (;;) {
    await page.keyboard.press(want.key);
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 10_000 });
    await input.fill(want.text);
    try {
      await page.locator('.quick-input-list .monaco-list-row', { hasText: want.row }).first().waitFor({ timeout: want.rowWaitMs });
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
  return page.frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`).frameLocator('#active-frame');
}

/**
 * Runs an item of the context menu of `target`. A loaded machine can swallow the click on the item (the menu stays
 * open and nothing runs): the menu is then still open with the item highlighted, and Enter runs it.
 */
export async function contextMenu(page: Page, target: Locator, item: string): Promise<void> {
  await runMenuEntry(page, await openContextMenu(page, target, item), item);
}

/** Opens the context menu of `target` and waits for its item `item`, which it returns. */
export async function openContextMenu(page: Page, target: Locator, item: string): Promise<Locator> {
  await target.click({ button: 'right' });
  const entry = page.locator('.context-view .monaco-menu .action-item', { hasText: item }).first();
  await entry.waitFor({ timeout: 10_000 });
  return entry;
}

/** Runs an item of the open context menu (see contextMenu). */
export async function runMenuEntry(page: Page, entry: Locator, item: string): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await entry.hover();
  await entry.click();
  for (let attempt = 0; attempt < 3; attempt++) {
    if (
      await menu.waitFor({ state: 'hidden', timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    await entry.hover();
    await page.keyboard.press('Enter');
  }
  throw new Error(`the context menu item "${item}" did not run`);
}

/** Waits for the quick input with this title to be showing and focused, then accepts what it proposes. */
export async function acceptQuickInput(page: Page, title: string): Promise<void> {
  const widget = page.locator('.quick-input-widget', { hasText: title });
  await widget.waitFor({ state: 'visible', timeout: 15_000 });
  await widget.locator('input').first().focus();
  await widget.locator('input').first().press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
}

/**
 * Opens a workspace file by name through Quick Open and waits for its tab to be active. Right after the workbench
 * loads, Quick Open may not list the workspace's files yet (the file search is still starting): it is reopened
 * until the file shows up, as with commands.
 */
export async function openFile(page: Page, name: string, timeoutMs = 60_000): Promise<void> {
  await quickInputRow(page, { key: 'Control+P', text: name, row: name, rowWaitMs: 3_000, timeoutMs });
  await page.keyboard.press('Enter');
  await page.locator(`.tab.active[aria-label^="${name}"], .tab.active:has-text("${name}")`).first().waitFor({ timeout: 10_000 });
}
