// A signed-out user on a fresh profile (a new user-data-dir and browser, no GitHub account): VS Code's chat answers
// a plain question with a sign-in dialog until its chat set-up has run. The extension offers the one step once the
// key is set; after Set Up, the first question in Agent mode with svc_llm picked is answered by the service, and
// VS Code's "Set BYOK utility models" notice is gone. Screenshots go to .test-results/native-chat-setup/.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../harness/tools';
import { until } from './chatView';
import { chatRequests } from '../harness/requestLog';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { notification } from './workbench';
import { answerChatSetupOffer, chatSetupOffer, chooseMode, nativeChat, pickNativeModel, sendNative } from './nativeChatView';

const shotsDir = path.join(repoRoot, '.test-results', 'native-chat-setup');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

describe("VS Code's chat on a fresh profile, signed out", () => {
  let scenario: ServiceScenario;

  before(async () => {
    scenario = await openServiceScenario('native-chat-setup', {
      service: { paceMs: 2 },
      folder: path.join(repoRoot, 'demo', 'workspace'),
      settings: { 'chat.disableAIFeatures': false, 'workbench.secondarySideBar.defaultVisibility': 'visible' },
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('offers the set-up once the key is set; after Set Up the first Agent-mode question with svc_llm is answered', async () => {
    const { page } = scenario;
    // The key arrives at activation (the bootstrap file): the offer follows.
    const offer = await chatSetupOffer(page);
    assert.match((await offer.textContent()) ?? '', /chat\.utilityModel, chat\.utilitySmallModel/);
    await shot(page, 'offer');
    await answerChatSetupOffer(page, 'Set Up');
    await notification(page, /VS Code's chat is set up for svc_llm/).waitFor({ timeout: 90_000 });
    const settings = JSON.parse(readFileSync(path.join(scenario.server.userDataDir, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(settings['chat.utilityModel'], 'maas/svc_llm');
    assert.equal(settings['chat.utilitySmallModel'], 'maas/svc_llm');

    // The first question of this profile, as the message says: the Language Models editor VS Code's set-up opened
    // closed, Agent mode, svc_llm picked in the chat's own picker.
    await page.mouse.move(700, 450);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Alt+I');
    await nativeChat(page).locator('.interactive-input-part').first().waitFor({ timeout: 30_000 });
    await chooseMode(page, 'Agent');
    await pickNativeModel(page, 'svc_llm');
    await sendNative(page, 'How do I compute a moving average in TypeScript?');
    // Agent mode's request offers VS Code's tools (VS Code's background requests, such as the title, offer none).
    const request = await until(
      async () => (await chatRequests(scenario.service.baseUrl)).find((r) => r.completed && (r.body.tools ?? []).some((t) => t.type === 'function')),
      90_000,
      'the Agent-mode question at the service (not a sign-in dialog)',
    );
    assert.equal(request.body.model, 'svc_llm');
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => ((await response.textContent()) ?? '').includes('In summary'), 60_000, 'the answer in the native chat');
    assert.equal(await page.locator('.chat-setup-dialog').count(), 0, 'no sign-in dialog');
    assert.doesNotMatch((await nativeChat(page).textContent()) ?? '', /Set BYOK (small )?utility model/);
    await page.mouse.move(700, 880);
    await shot(page, 'first-agent-answer');
  });
});
