// The walkthrough "Get started with MaaS Assistant" in code-server, as a new user meets it: its steps in order, each
// with its image; its first step done only once MaaS: Test Connection has passed against the service; and the step
// for VS Code's chat shown only where that chat is there and the MaaS models are on in it. The profile starts as the
// harness's does, with VS Code's AI features off (chat.disableAIFeatures), so that step starts hidden.
// MAAS_SCREENSHOTS=1 saves the page to .test-results/walkthrough.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from '../harness/tools';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { editUserSettings } from './userSettings';
import { notification, runCommand, waitForWorkbench } from './workbench';

const NATIVE_CHAT_STEP = "Use the models in VS Code's chat";
const TITLES = [
  'Connect to the service',
  'Set your API key',
  'Open the chat',
  'Add a knowledge base',
  'Turn on inline completions',
  NATIVE_CHAT_STEP,
  'Read it aloud',
];
const WITHOUT_NATIVE_CHAT = TITLES.filter((title) => title !== NATIVE_CHAT_STEP);

const stepTitles = async (page: Page): Promise<string[]> =>
  (await page.locator('.gettingStartedSlideDetails .getting-started-step .step-title').allInnerTexts()).map((t) => t.trim());

/** The editor tab of the Welcome page, which shows the walkthrough. */
const welcomeTab = (page: Page): Locator => page.locator('.tabs-container .tab', { hasText: 'Welcome' });

describe('walkthrough in code-server', () => {
  let scenario: ServiceScenario;

  before(async () => {
    scenario = await openServiceScenario('walkthrough', { service: { paceMs: 2 }, settings: { 'chat.disableAIFeatures': true } });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it("lists its steps in order, without VS Code's chat while VS Code's AI features are off, and Test Connection passing completes the first one", async () => {
    const { page } = scenario;
    await waitForWorkbench(page);
    await runCommand(page, 'Welcome: Open Walkthrough...');
    const picker = page.locator('.quick-input-widget');
    await picker.locator('input').first().fill('Get started with MaaS');
    await picker.locator('.monaco-list-row', { hasText: 'Get started with MaaS Assistant' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.gettingStartedSlideDetails .getting-started-step').first().waitFor();
    assert.deepEqual(await stepTitles(page), WITHOUT_NATIVE_CHAT);
    const connect = page.locator('.getting-started-step[data-step-id$="connect"]');
    await connect.locator('.codicon-getting-started-step-unchecked').waitFor();
    // The key is set (the scenario stored it): its step is done on the context key the status bar sets.
    await page.locator('.getting-started-step[data-step-id$="setKey"] .codicon-getting-started-step-checked').waitFor();
    await connect.click();
    // The step's image: the SVG inside the walkthrough's webview (an iframe holding the active frame, and a pending one
    // while the image changes).
    await page.frameLocator('.getting-started-media iframe').frameLocator('#active-frame').locator('svg').waitFor();
    await runCommand(page, 'MaaS: Test Connection');
    await notification(page, /Test Connection: all \d+ checks passed/).waitFor({ timeout: 120_000 });
    // The report opens in front of the walkthrough: back to its tab, as the user goes back.
    await welcomeTab(page).click();
    await connect.locator('.codicon-getting-started-step-checked').waitFor();
    if (process.env.MAAS_SCREENSHOTS === '1') await page.screenshot({ path: path.join(repoRoot, '.test-results', 'walkthrough.png') });
  });

  it("shows VS Code's chat step once the user turns VS Code's AI features on, and hides it when maas.nativeChat.enabled is off", async () => {
    const { page } = scenario;
    await welcomeTab(page).click();
    await page.locator('.gettingStartedSlideDetails .getting-started-step').first().waitFor();
    const nativeChatStep = page.locator('.getting-started-step[data-step-id$="nativeChat"]');
    assert.equal(await nativeChatStep.count(), 0, "VS Code's chat step is hidden while chat.disableAIFeatures is on");

    editUserSettings(scenario.server.userDataDir, { 'chat.disableAIFeatures': false });
    await nativeChatStep.waitFor({ state: 'attached', timeout: 60_000 });
    assert.deepEqual(await stepTitles(page), TITLES);
    // Its own image: the model picker on the MaaS model.
    await nativeChatStep.click();
    await page.frameLocator('.getting-started-media iframe').frameLocator('#active-frame').locator('svg text', { hasText: 'svc_llm ▾' }).waitFor();

    editUserSettings(scenario.server.userDataDir, { 'maas.nativeChat.enabled': false });
    await nativeChatStep.waitFor({ state: 'detached', timeout: 60_000 });
    assert.deepEqual(await stepTitles(page), WITHOUT_NATIVE_CHAT);
  });
});
