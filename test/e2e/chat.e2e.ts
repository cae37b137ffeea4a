// The chat view in code-server against the local service, as a person uses it: ask and watch the answer stream,
// stop, regenerate, reload the window and find the history (also mid-answer), attach an image, and see a
// disabled key explained with its action.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { FAILOVER_COOLDOWN_VARIABLE } from '../../src/core/http/failoverCooldownOverride';
import { CHAT_ROUTE, chatRequests as chatRequestsOf, type LoggedChatRequest } from '../harness/requestLog';
import { holdRequests } from '../harness/serviceGate';
import { extensionId } from '../harness/tools';
import { ask, openChat, until, waitForStatus } from './chatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { notification, runCommand, waitForWorkbench } from './workbench';

const COOLDOWN_MS = 1000;

describe('chat view in code-server', () => {
  let scenario: ServiceScenario;

  before(async () => {
    // A failed address is left alone for a second here, not the cool-down of normal use (the failover test waits it out).
    scenario = await openServiceScenario('chat', { service: { paceMs: 12 }, env: { [FAILOVER_COOLDOWN_VARIABLE]: String(COOLDOWN_MS) } });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  /** A new, empty conversation, shown before the next question is asked. */
  const newConversation = async (view: Awaited<ReturnType<typeof openChat>>): Promise<void> => {
    await runCommand(scenario.page, 'MaaS: New Conversation');
    await until(async () => (await view.locator('[data-testid="turn"]').count()) === 0, 10_000, 'the new conversation to be shown');
  };

  const chatRequests = (): Promise<LoggedChatRequest[]> => chatRequestsOf(scenario.service.baseUrl);

  /** Whether a conversation file of the scenario's profile holds a streaming answer of the "alpha beta gamma" text. */
  const savedWhileStreaming = async (): Promise<boolean> => {
    const storage = path.join(scenario.server.userDataDir, 'User', 'globalStorage');
    const own = readdirSync(storage).find((name) => name.toLowerCase() === extensionId.toLowerCase());
    if (own === undefined) return false;
    const folder = path.join(storage, own, 'chat', 'conversations');
    const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
    return files.some((name) => {
      const conversation = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { turns: { status: string; answer: string }[] };
      return conversation.turns.some((turn) => turn.status === 'streaming' && turn.answer.includes('alpha beta gamma'));
    });
  };

  it('asks a question and sees the answer stream in as Markdown', async () => {
    const view = await openChat(scenario.page);
    const turn = await ask(view, 'How do I compute a moving average? Please show code.');
    await waitForStatus(turn, ['streaming']);
    const answer = turn.locator('[data-testid="answer"]');
    const early = (await answer.textContent())?.length ?? 0;
    await until(
      async () => ((await answer.textContent())?.length ?? 0) > early + 20 || (await turn.getAttribute('data-status')) === 'done',
      20_000,
      'the answer to grow',
    );
    assert.equal(await waitForStatus(turn, ['done']), 'done');
    assert.ok((await answer.locator('pre code').count()) >= 1, 'the code block is rendered as code');
    assert.match((await turn.locator('[data-testid="usage"]').textContent()) ?? '', /\d+/);
  });

  it('stops an answer at once, and the service sees the connection closed', async () => {
    const view = await openChat(scenario.page);
    await scenario.api('/_local/next-answer', { body: { text: 'word '.repeat(2000), count: 1 } });
    const turn = await ask(view, 'Tell me a very long story.');
    await waitForStatus(turn, ['streaming']);
    await view.locator('[data-testid="stop"]').click();
    assert.equal(await waitForStatus(turn, ['stopped'], 10_000), 'stopped');
    const last = await until(
      async () => {
        const requests = await chatRequests();
        const request = requests[requests.length - 1];
        return request?.clientClosed ? request : undefined;
      },
      10_000,
      'the request log to show the closed socket',
    );
    assert.equal(last?.completed, false);
  });

  it('regenerates the last answer', async () => {
    const view = await openChat(scenario.page);
    const countBefore = (await chatRequests()).length;
    const turns = view.locator('[data-testid="turn"]');
    const turn = turns.last();
    await turn.locator('[data-testid="regenerate"]').click();
    assert.equal(await waitForStatus(turn, ['done'], 60_000), 'done');
    assert.ok(((await turn.locator('[data-testid="answer"]').textContent()) ?? '').length > 50);
    assert.equal((await chatRequests()).length, countBefore + 1);
  });

  it('finds the history again after reloading the window', async () => {
    const { page } = scenario;
    let view = await openChat(page);
    const questions = await view.locator('[data-testid="question"]').allTextContents();
    assert.ok(questions.length >= 2);
    await page.reload();
    await waitForWorkbench(page);
    view = await openChat(page);
    await until(async () => (await view.locator('[data-testid="question"]').count()) === questions.length, 30_000, 'the history');
    assert.deepEqual(await view.locator('[data-testid="question"]').allTextContents(), questions);
  });

  it('keeps a partial answer, marked interrupted, when the window reloads mid-answer', async () => {
    const { page } = scenario;
    let view = await openChat(page);
    await scenario.api('/_local/next-answer', { body: { text: 'alpha beta gamma delta '.repeat(1500), count: 1 } });
    const turn = await ask(view, 'Stream something long, please.');
    await waitForStatus(turn, ['streaming']);
    const answer = turn.locator('[data-testid="answer"]');
    await until(async () => ((await answer.textContent())?.length ?? 0) > 300, 20_000, 'some of the answer');
    // The window saves a streaming answer every second: reloaded once part of it is on disk.
    await until(savedWhileStreaming, 20_000, 'part of the streaming answer saved');
    await page.reload();
    await waitForWorkbench(page);
    view = await openChat(page);
    const reloaded = view.locator('[data-testid="turn"]').last();
    await until(async () => (await reloaded.getAttribute('data-status')) === 'interrupted', 30_000, 'the interrupted turn');
    assert.match((await reloaded.locator('[data-testid="answer"]').textContent()) ?? '', /alpha beta gamma/);
    assert.ok(await reloaded.locator('[data-testid="retry"], [data-action="retry"]').count(), 'the interrupted answer offers Retry');
  });

  it('attaches an image with svc_llm picked: svc_vl describes it, the description is shown with the turn, and svc_llm answers', async () => {
    const view = await openChat(scenario.page);
    const png = new PNG({ width: 64, height: 48 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([220, 20, 30, 255], i);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-img-')), 'red.png');
    writeFileSync(file, PNG.sync.write(png));
    await view.locator('[data-testid="image-input"]').setInputFiles(file);
    await view.locator('[data-testid="attachment"]').first().waitFor({ timeout: 10_000 });
    const turn = await ask(view, 'What is in this image?');
    assert.equal(await waitForStatus(turn, ['done'], 60_000), 'done');
    const description = turn.locator('[data-testid="image-description"]');
    assert.equal(await description.locator('summary').textContent(), 'Image described by svc_vl');
    await description.locator('summary').click();
    const described = (await description.locator('.image-description-body').textContent()) ?? '';
    assert.match(described, /PNG/);
    assert.match(described, /64\s*×\s*48/);
    assert.match(described, /red/i);
    // svc_llm answered, given the question with the description (the local responder quotes the question).
    assert.match((await turn.locator('[data-testid="answer"]').textContent()) ?? '', /What is in this image\? \[Description of the attached image/);
    assert.ok((await turn.locator('img').count()) >= 1, 'the thumbnail is in the transcript');
  });

  it('shows a conversation asked in one window in a second window of the same VS Code', async () => {
    const second = await scenario.browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await second.goto(scenario.page.url());
      await waitForWorkbench(second);
      const otherView = await openChat(second);
      const view = await openChat(scenario.page);
      await newConversation(view);
      const question = 'Which window asked this question?';
      const turn = await ask(view, question);
      assert.equal(await waitForStatus(turn, ['done']), 'done');
      const answer = (await turn.locator('[data-testid="answer"]').textContent()) ?? '';

      await runCommand(second, 'MaaS: Show Conversations');
      const item = otherView.getByTestId('conversation-item').filter({ hasText: question });
      await item.waitFor({ timeout: 15_000 });
      await item.getByTestId('conversation-select').click();
      const mirrored = otherView.locator('[data-testid="turn"]').last();
      await until(async () => (await mirrored.locator('[data-testid="question"]').textContent()) === question, 15_000, 'the question in the second window');
      assert.equal(await waitForStatus(mirrored, ['done'], 15_000), 'done');
      assert.equal((await mirrored.locator('[data-testid="answer"]').textContent()) ?? '', answer, 'the same answer, word for word');
    } finally {
      await second.close();
    }
  });

  it('while an answer streams, the view shows the start of the final answer, never a word twice', async () => {
    const view = await openChat(scenario.page);
    await newConversation(view);
    // The answer stops at a gate after a few chunks: one moment of the stream seen for sure, then every render to its end.
    const gate = await holdRequests(scenario.service.baseUrl, { route: CHAT_ROUTE, holdAfterChunks: 6 });
    const turn = await ask(view, 'Explain what a moving average is, with an example.');
    await gate.held();
    const answer = turn.locator('[data-testid="answer"]');
    await until(async () => ((await answer.textContent()) ?? '').trim() !== '', 10_000, 'the start of the answer');
    assert.equal(await turn.getAttribute('data-status'), 'streaming');
    const seen = [((await answer.textContent()) ?? '').trim()];
    await turn.evaluate((element) => {
      // Page code (no named functions: the test runner's transform would name them with a helper the page lacks), in
      // a file compiled without the DOM's types.
      const moments: string[] = [];
      (element as unknown as { moments: string[] }).moments = moments;
      const Observer = (globalThis as unknown as { MutationObserver: new (callback: () => void) => { observe(node: unknown, options: object): void } })
        .MutationObserver;
      new Observer(() => moments.push((element.querySelector('[data-testid="answer"]')?.textContent ?? '').trim())).observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await gate.release();
    await waitForStatus(turn, ['done']);
    seen.push(...(await turn.evaluate((element) => (element as unknown as { moments: string[] }).moments)));
    const final = ((await answer.textContent()) ?? '').trim();
    assert.ok(seen.length >= 2, `seen ${seen.length} moments of the stream`);
    for (const moment of seen) {
      const start = moment.slice(0, 40);
      assert.ok(final.startsWith(start), `mid-stream the view showed "${start}", the answer starts "${final.slice(0, 40)}"`);
    }
  });

  it('earlier questions keep Edit after two more questions, and editing one re-asks from there', async () => {
    const view = await openChat(scenario.page);
    await newConversation(view);
    const turns = view.locator('[data-testid="turn"]');
    for (const question of ['First question?', 'Second question?', 'Third question?']) await waitForStatus(await ask(view, question), ['done']);
    assert.equal(await turns.count(), 3);
    assert.equal(await view.locator('[data-testid="edit"]').count(), 3, 'every question can be edited');
    const first = turns.first();
    await first.hover();
    await first.locator('[data-testid="edit"]').click();
    const box = first.locator('.edit-input');
    await box.fill('First question, edited?');
    await first.locator('[data-testid="edit-save"]').click();
    await until(async () => (await turns.count()) === 1, 15_000, 'the later turns to be dropped');
    assert.equal(await waitForStatus(turns.first(), ['done']), 'done');
    assert.equal(await turns.first().locator('[data-testid="question"]').textContent(), 'First question, edited?');
  });

  it('a busy primary address moves the chat to the alternative with a notice, which goes once the primary answers again', async () => {
    const view = await openChat(scenario.page);
    await newConversation(view);
    await scenario.api('/_local/faults', { body: { route: '/maas/v1/chat/completions', port: 'primary', count: 1, status: 503 } });
    assert.equal(await waitForStatus(await ask(view, 'Asked while the primary is busy'), ['done']), 'done');
    const notice = view.getByTestId('notice').filter({ hasText: 'alternative address' });
    await notice.waitFor({ timeout: 10_000 });
    assert.equal(await notice.count(), 1, 'one notice for the cause, however many attempts');
    // The client leaves a failed address alone for its cool-down, then tries it again: the user asks again until a
    // question goes to the primary (each one asked within the cool-down goes to the alternative, as the first did).
    // The primary failed before its notice showed, so a question asked COOLDOWN_MS after this moment is asked after
    // the cool-down, however long each answer takes: it must go to the primary (the scenario's own cool-down, far
    // shorter than that of normal use, is the one in force).
    const failedBy = Date.now();
    let asked = 0;
    let last: LoggedChatRequest | undefined;
    do {
      asked += 1;
      const askedAt = Date.now();
      assert.equal(await waitForStatus(await ask(view, `Asked again (${asked}) once the primary may be back`), ['done']), 'done');
      last = (await chatRequests()).at(-1);
      if (last?.port !== 'primary') assert.ok(askedAt - failedBy < COOLDOWN_MS, 'a question asked after the cool-down goes to the primary');
    } while (last?.port !== 'primary');
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows a disabled key in place with its explanation and Open Console', async () => {
    const { page } = scenario;
    const { keys } = await scenario.api<{ keys: { id: string; name: string; key: string }[] }>('/console/api/keys');
    const personal = keys.find((k) => k.name === 'e2e-personal');
    assert.ok(personal);
    await runCommand(page, 'MaaS: Set API Key');
    const input = page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ timeout: 10_000 });
    await input.fill(personal.key);
    await page.keyboard.press('Enter');
    await notification(page, 'MaaS API key saved.').waitFor({ timeout: 15_000 });
    await scenario.api(`/console/api/keys/${personal.id}/disable`, { method: 'POST' });
    const view = await openChat(page);
    await view.locator('[data-testid="model-picker"]').selectOption('svc_llm');
    const turn = await ask(view, 'Hello?');
    assert.equal(await waitForStatus(turn, ['error'], 30_000), 'error');
    const error = turn.locator('[data-testid="turn-error"]');
    assert.match((await error.textContent()) ?? '', /disabled/i);
    assert.match((await error.textContent()) ?? '', /apikey被禁用/);
    await error.locator('[data-action="openConsole"]').waitFor({ timeout: 5_000 });
  });
});
