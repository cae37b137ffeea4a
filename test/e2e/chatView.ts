// Helpers for the chat webview in e2e scenarios: ask a question, find turns, wait for their status.
import { waitFor } from '../harness/waitFor';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { chatView, runCommand, waitForWorkbench } from './workbench';

/** A new 1280 × 860 page on the code-server workbench at `url`, once ready, with the chat view open. */
export async function openWorkbenchChat(browser: Browser, url: string): Promise<{ page: Page; view: FrameLocator }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(url, { waitUntil: 'commit' });
  await waitForWorkbench(page);
  return { page, view: await openChat(page) };
}

export async function openChat(page: Page): Promise<FrameLocator> {
  const view = chatView(page);
  // MaaS: Open Chat focuses the view whatever state the side bar is in (clicking the activity bar icon toggles
  // it, which races with the workbench restoring its layout after a reload).
  if (
    !(await view
      .locator('[data-testid="chat-input"]')
      .isVisible()
      .catch(() => false))
  )
    await runCommand(page, 'MaaS: Open Chat');
  await view.locator('[data-testid="chat-input"]').waitFor({ timeout: 60_000 });
  return view;
}

export async function ask(view: FrameLocator, question: string): Promise<Locator> {
  const before = await view.locator('[data-testid="turn"]').count();
  const input = view.locator('[data-testid="chat-input"]');
  await input.fill(question);
  await input.press('Enter');
  await view.locator('[data-testid="turn"]').nth(before).waitFor({ timeout: 15_000 });
  return view.locator('[data-testid="turn"]').nth(before);
}

export async function waitForStatus(turn: Locator, statuses: readonly string[], timeoutMs = 60_000): Promise<string> {
  let last = '';
  try {
    return await until(
      async () => {
        last = (await turn.getAttribute('data-status')) ?? '';
        return statuses.includes(last) ? last : '';
      },
      timeoutMs,
      `status ${statuses.join(' or ')}`,
    );
  } catch {
    throw new Error(`the turn's status stayed "${last}", expected ${statuses.join(' or ')}`);
  }
}

/** Polls until `read` returns a truthy value. */
export function until<T>(read: () => Promise<T>, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  return waitFor(read, { what, timeoutMs, intervalMs: 100 });
}
