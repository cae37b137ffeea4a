// What a failing scenario prints of the workbench: the text of a dialog and of each notification on screen, on one
// line each, so that the test's output says what covered the workbench where the screenshot is out of reach (CI).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { coveringTexts } from '../harness/failureArtifacts';

describe('failure artifacts: what covered the workbench', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('names a modal dialog and the notifications on screen, and nothing that is hidden', async () => {
    const page = await browser.newPage();
    await page.setContent(`
      <div class="monaco-dialog-box"><div>Send your MaaS API key to
        http://127.0.0.1:9?</div><button>Allow</button>
        <button>Cancel</button></div>
      <div class="notifications-toasts">
        <div class="notification-toast">MaaS: the service is busy.</div>
        <div class="notification-toast" style="display: none">hidden</div>
      </div>`);
    assert.deepEqual(await coveringTexts(page), [
      'dialog: Send your MaaS API key to http://127.0.0.1:9? Allow Cancel',
      'notification: MaaS: the service is busy.',
    ]);
    await page.setContent('<main>the workbench</main>');
    assert.deepEqual(await coveringTexts(page), []);
    await page.close();
  });
});
