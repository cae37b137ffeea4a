// The speaker toggle pressed while an answer streams, as a user presses it, in code-server with audio allowed to
// autoplay: the local service holds each answer at a gate after its first words, the test presses the toggle in the
// chat view's question box, then opens the gate. Every surface that streams from the service ends its answer whole:
// the chat view (whose answer is then spoken), VS Code's chat with svc_llm picked, @maas, and Read Aloud to File's
// long-text task. Screenshots taken right after the press go to .test-results/mid-answer/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { CHAT_ROUTE, chatRequests } from '../harness/requestLog';
import { holdRequests } from '../harness/serviceGate';
import { repoRoot } from '../harness/tools';
import { ask, openChat, until, waitForStatus } from './chatView';
import { answerChatSetupOfferIfMade, nativeChat, readyNativeChat, sendNative, newNativeChat } from './nativeChatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { acceptQuickInput, notification, openFile, runCommand } from './workbench';

const shots = path.join(repoRoot, '.test-results', 'mid-answer');
const LAST_WORDS = 'Its last words arrive after the gate opens.';
const ANSWER = `The answer begins before the toggle is pressed. It goes on while the voice starts. ${LAST_WORDS}`;
const sentence = 'MaaS Assistant reads long documents aloud sentence by sentence while the next one is prepared. ';

describe('the speaker toggle pressed while an answer streams, in code-server', () => {
  let scenario: ServiceScenario;
  let folder: string;

  /** Holds the next request to `route` at the service's gate (after `chunks` chunks of a chat answer). */
  async function gate(route: string, chunks: number): Promise<{ held(): Promise<unknown>; release(): Promise<void> }> {
    const held = await holdRequests(scenario.service.baseUrl, { route, holdAfterChunks: chunks });
    return { held: () => held.held(1, 60_000), release: () => held.release() };
  }

  /** Presses the speaker toggle and waits until it shows the new state. */
  async function pressToggle(view: FrameLocator, on: boolean): Promise<void> {
    const toggle = view.locator('[data-testid="read-answers"]');
    assert.equal(await toggle.getAttribute('aria-pressed'), String(!on));
    await toggle.click();
    await until(async () => (await toggle.getAttribute('aria-pressed')) === String(on), 10_000, `the toggle ${on ? 'on' : 'off'}`);
  }

  async function nextAnswer(): Promise<void> {
    await scenario.api('/_local/next-answer', { body: { text: ANSWER } });
  }

  /** The service's log shows the chat request answered to its end, the client still there. */
  async function servedWhole(before: number): Promise<void> {
    const request = await until(
      async () => (await chatRequests(scenario.service.baseUrl)).slice(before).find((r) => r.finishedAt !== null),
      60_000,
      'the answer served to its end',
    );
    assert.equal(request.completed, true);
    assert.equal(request.clientClosed, false, 'the client read the answer to its end');
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  }

  before(async () => {
    mkdirSync(shots, { recursive: true });
    folder = mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-mid-answer-'));
    writeFileSync(path.join(folder, 'long.md'), sentence.repeat(12));
    scenario = await openServiceScenario('mid-answer', {
      folder,
      autoplay: true,
      service: { paceMs: 5 },
      settings: {
        'chat.disableAIFeatures': false,
        'workbench.secondarySideBar.defaultVisibility': 'visible',
        'maas.speech.longTextThreshold': 200,
      },
    });
    // The offer to set up VS Code's chat comes once, when the extension starts with a key: answered here, before any
    // case, so that it neither hides into the notification centre unanswered nor covers the chat a case uses.
    await openChat(scenario.page);
    await answerChatSetupOfferIfMade(scenario, 'Not now');
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('the chat view: pressed on mid-answer, the answer ends done and whole and its sentences are spoken', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    await nextAnswer();
    const held = await gate(CHAT_ROUTE, 6);
    const turn = await ask(view, 'What happens when I press the speaker now?');
    await held.held();
    await until(
      async () => ((await turn.locator('[data-testid="answer"]').textContent()) ?? '').includes('The answer begins'),
      30_000,
      'the first words shown',
    );
    await pressToggle(view, true);
    assert.equal(await turn.getAttribute('data-status'), 'streaming', 'the answer still streams after the press');
    await screenshot(page, 'chat-view-toggle-pressed-on');
    await held.release();
    assert.equal(await waitForStatus(turn, ['done', 'interrupted', 'error']), 'done');
    assert.match((await turn.locator('[data-testid="answer"]').textContent()) ?? '', new RegExp(LAST_WORDS.replace('.', '\\.')));
    // The voice follows the answer, its first sentence first, up to its last words.
    const spoken = new Set<string>();
    await until(
      async () => {
        spoken.add(((await view.locator('[data-testid="player-sentence"]').textContent()) ?? '').trim());
        return spoken.has(LAST_WORDS);
      },
      60_000,
      'the last sentence spoken',
    );
    assert.ok(spoken.has('The answer begins before the toggle is pressed.') || spoken.has('It goes on while the voice starts.'), [...spoken].join(' | '));
    await screenshot(page, 'chat-view-after-the-answer');
  });

  it('the chat view: pressed off mid-answer, the answer ends done and whole, and is not spoken', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    await nextAnswer();
    const held = await gate(CHAT_ROUTE, 6);
    const turn = await ask(view, 'And when I press it again?');
    await held.held();
    await pressToggle(view, false);
    assert.equal(await turn.getAttribute('data-status'), 'streaming');
    await screenshot(page, 'chat-view-toggle-pressed-off');
    await held.release();
    assert.equal(await waitForStatus(turn, ['done', 'interrupted', 'error']), 'done');
    assert.match((await turn.locator('[data-testid="answer"]').textContent()) ?? '', new RegExp(LAST_WORDS.replace('.', '\\.')));
    const playing = await view
      .locator('[data-testid="player-audio"]')
      .evaluate((node) => !(node as unknown as { paused: boolean }).paused)
      .catch(() => false);
    assert.equal(playing, false, 'nothing is read aloud with the toggle off');
  });

  it("VS Code's chat with svc_llm picked, then @maas: each answer ends whole across a press of the toggle", async () => {
    const { page } = scenario;
    const view = await openChat(page);
    await readyNativeChat(page, 'svc_llm');
    for (const [question, on] of [
      ['What happens when I press the speaker now?', true],
      ['@maas And when I press it again?', false],
    ] as const) {
      await newNativeChat(page);
      await nextAnswer();
      const before = (await chatRequests(scenario.service.baseUrl)).length;
      const held = await gate(CHAT_ROUTE, 6);
      await sendNative(page, question);
      await held.held();
      await pressToggle(view, on);
      await screenshot(page, `native-chat-toggle-pressed-${on ? 'on' : 'off'}`);
      await held.release();
      const response = nativeChat(page).locator('.interactive-response').last();
      await until(async () => ((await response.textContent()) ?? '').includes(LAST_WORDS), 60_000, 'the last words in the native chat');
      await servedWhole(before);
    }
  });

  it("Read Aloud to File's long-text task: pressed on mid-task, the audio is written", async () => {
    const { page } = scenario;
    const view = await openChat(page);
    const target = path.join(folder, 'long.wav');
    const held = await gate('/maas/v2/api/tts-long-query', 0);
    await openFile(page, 'long.md');
    await runCommand(page, 'MaaS: Read Aloud to File');
    await acceptQuickInput(page, 'Save the audio');
    await held.held();
    await pressToggle(view, true);
    await held.release();
    await notification(page, /The audio was saved to .*long\.wav/).waitFor({ timeout: 120_000 });
    assert.ok(existsSync(target));
    assert.equal(readFileSync(target).subarray(0, 4).toString('latin1'), 'RIFF');
  });
});
