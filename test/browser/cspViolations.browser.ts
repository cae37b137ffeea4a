// The harness's CSP violation recorder (test/harness/cspViolations.ts): it counts what a page did before a reload
// (a recorder kept in the page, as the console page's test had, lost it), sees violations on every page of a context
// it records, and reports the directive with the blocked address.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { CspViolations } from '../harness/cspViolations';
import { freePort } from '../harness/freePort';
import { waitFor } from '../harness/waitFor';

describe('CSP violation recorder', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;

  before(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'" });
      response.end('<!doctype html><title>strict</title><p>A page whose policy allows nothing.</p>');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Adds an image the policy forbids: one img-src violation for `name`. */
  async function forbiddenImage(page: Page, name: string): Promise<void> {
    await page.evaluate((src) => {
      const image = document.createElement('img');
      image.src = src;
      document.body.append(image);
    }, `${origin}/${name}.png`);
  }

  it('keeps what a page caused before it reloaded', async () => {
    const page = await browser.newPage();
    try {
      const csp = await CspViolations.record(page);
      await page.goto(origin);
      await forbiddenImage(page, 'before-reload');
      // The browser reports a violation in a task of its own: once it has (the page's own record would hold it now
      // too), the reload is what would lose it.
      await waitFor(async () => (await csp.list(page)).length === 1, { what: 'the first violation reported', timeoutMs: 5000 });
      await page.reload();
      await forbiddenImage(page, 'after-reload');
      assert.deepEqual(await csp.list(page), [`img-src ${origin}/before-reload.png`, `img-src ${origin}/after-reload.png`]);
    } finally {
      await page.close();
    }
  });

  it('records every page of a context, and a page already open when it starts', async () => {
    const context = await browser.newContext();
    try {
      const open = await context.newPage();
      await open.goto(origin);
      const csp = await CspViolations.record(context);
      await forbiddenImage(open, 'open-page');
      const later = await context.newPage();
      await later.goto(origin);
      await forbiddenImage(later, 'later-page');
      await csp.list(open);
      assert.deepEqual((await csp.list(later)).sort(), [`img-src ${origin}/later-page.png`, `img-src ${origin}/open-page.png`]);
    } finally {
      await context.close();
    }
  });

  it('gives a page one recorder of its own however often a helper asks, and a clean page none', async () => {
    const page = await browser.newPage();
    try {
      const first = await CspViolations.of(page);
      assert.equal(await CspViolations.of(page), first);
      await page.goto(origin);
      assert.deepEqual(await first.list(page), []);
    } finally {
      await page.close();
    }
  });
});
