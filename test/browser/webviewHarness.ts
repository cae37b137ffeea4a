// Drives the chat webview that webviewServer.ts serves in headless Chromium: a session (server + browser), a page
// opened on it, messages delivered as the host posts them, and what the page posted back.
import type { Browser, Page } from 'playwright-core';
import type { HostToWebview, WebviewToHost } from '../../src/shared/protocol';
import { launchBrowser } from '../harness/browser';
import { CspViolations } from '../harness/cspViolations';
import type { ThemeName } from './vscodeTheme';
import { startWebviewServer, type WebviewServer, type WebviewServerOptions } from './webviewServer';

export interface WebviewSession {
  readonly browser: Browser;
  readonly server: WebviewServer;
  close(): Promise<void>;
}

export async function startSession(options: WebviewServerOptions = {}): Promise<WebviewSession> {
  const server = await startWebviewServer(options);
  const browser = await launchBrowser();
  return {
    browser,
    server,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A UI language other than English, whose bundle (l10n/bundle.l10n.<language>.json) the page is given. */
export type UiLanguage = 'zh-cn';

/**
 * Opens the webview page and waits for its `ready`; with `theme`, in that VS Code theme; with `language`, given that
 * language's bundle as the host gives it. The page's CSP violations are recorded from before it loads (`cspViolations`).
 */
export async function openWebview(session: WebviewSession, options: { theme?: ThemeName; language?: UiLanguage } = {}): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 420, height: 800 } });
  await CspViolations.of(page);
  const query = new URLSearchParams({
    ...(options.theme === undefined ? {} : { theme: options.theme }),
    ...(options.language === undefined ? {} : { language: options.language }),
  });
  await page.goto(`${session.server.origin}/${query.size === 0 ? '' : `?${query}`}`);
  await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'));
  return page;
}

/** The CSP violations of a page `openWebview` opened, reloads included, the pending ones delivered first. */
export async function cspViolations(page: Page): Promise<string[]> {
  return (await CspViolations.of(page)).list(page);
}

export async function deliver(page: Page, message: HostToWebview): Promise<void> {
  await page.evaluate((m) => window.postMessage(m, '*'), message);
}

export async function posted(page: Page): Promise<WebviewToHost[]> {
  return page.evaluate(() => (window as unknown as { __posted: WebviewToHost[] }).__posted);
}

/** Waits until the webview has posted a message of `type`, and returns the last one. */
export async function waitForPosted<T extends WebviewToHost['type']>(page: Page, type: T): Promise<Extract<WebviewToHost, { type: T }>> {
  await page.waitForFunction((t) => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === t), type);
  const all = await posted(page);
  const found = all.filter((m): m is Extract<WebviewToHost, { type: T }> => m.type === type);
  const last = found[found.length - 1];
  if (last === undefined) throw new Error(`no ${type} message`);
  return last;
}

/**
 * Waits until the page has been idle once, then for two more frames: an idle callback the page asked for earlier runs
 * before this one (they run in the order asked for), and what it rendered is laid out.
 */
export async function idleAndSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await settled(page);
}

/** Waits until every image of the page has loaded or failed (its load or error event has fired). */
export async function imagesSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map((image) => new Promise((resolve) => ['load', 'error'].forEach((type) => image.addEventListener(type, resolve, { once: true })))),
    ),
  );
}

/** Waits for the next animation frames to pass, so coalesced renders have happened. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
