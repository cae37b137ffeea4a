// The packaged extension in a plain code-server, driven like a person would: the chat view opens from the
// activity bar and shows what only the host's snapshot can tell it; the API key is set from the command palette.
// Each test opens what it needs and leaves the profile without a key, as it found it: they pass alone and in any
// order.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { openChat } from './chatView';
import { openScenario, type Scenario } from './scenario';
import { chatView, notification, openActivityBarView, runCommand } from './workbench';

const BASE_URL = 'http://127.0.0.1:9/e2e-snapshot-probe';

describe('foundation in code-server', () => {
  let scenario: Scenario;

  before(async () => {
    scenario = await openScenario('foundation', { 'maas.baseUrl': BASE_URL, 'maas.models.vision': 'svc_vl_e2e' });
  });

  afterEach(async (t) => {
    // node:test gives the finished test's outcome through the context's `passed` (Node >= 20.13... read defensively).
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('opens the chat view from the activity bar and shows the host snapshot', async () => {
    const { page } = scenario;
    const view = chatView(page);
    // The icon toggles the side bar: if another test left the view open, close the side bar first.
    if (
      await view
        .locator('[data-testid="chat-input"]')
        .isVisible()
        .catch(() => false)
    )
      await runCommand(page, 'View: Close Primary Side Bar');
    await openActivityBarView(page, 'MaaS Assistant');
    await view.locator('[data-testid="chat-input"]').waitFor({ timeout: 60_000 });
    // These values exist only in the user's settings and secret storage, read by the extension host and sent in
    // the snapshot: the service address, the configured model codes, and the missing key.
    await view.locator('[data-testid="service-status"]', { hasText: BASE_URL }).waitFor({ state: 'attached', timeout: 10_000 });
    const models = await view.locator('[data-testid="model-picker"] option').allTextContents();
    assert.ok(
      models.some((m) => m.includes('svc_llm')),
      `model picker: ${models.join(', ')}`,
    );
    assert.ok(
      models.some((m) => m.includes('svc_vl_e2e')),
      `model picker: ${models.join(', ')}`,
    );
    await view.locator('[data-testid="api-key-banner"]').waitFor({ timeout: 10_000 });
  });

  it('sets the API key from the command palette and confirms it', async () => {
    const { page } = scenario;
    const banner = (await openChat(page)).locator('[data-testid="api-key-banner"]');
    await banner.waitFor({ timeout: 60_000 });
    await runCommand(page, 'MaaS: Set API Key');
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ timeout: 10_000 });
    await input.fill('sk-e2e-0123456789abcdef');
    await page.keyboard.press('Enter');
    try {
      await notification(page, 'MaaS API key saved.').waitFor({ timeout: 15_000 });
      // The view follows the host's state: a new snapshot arrives after the secret changed, without the banner.
      await banner.waitFor({ state: 'hidden', timeout: 15_000 });
    } finally {
      // Back to no key, as the other tests expect a fresh profile to be.
      await runCommand(page, 'MaaS: Clear API Key');
      await notification(page, 'MaaS API key cleared.').waitFor({ timeout: 15_000 });
    }
    await banner.waitFor({ timeout: 15_000 });
  });

  it('refuses a blank API key in place', async () => {
    const { page } = scenario;
    await runCommand(page, 'MaaS: Set API Key');
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ timeout: 10_000 });
    await input.fill('   ');
    await page.locator('.quick-input-widget', { hasText: 'The API key cannot be blank.' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
  });
});
