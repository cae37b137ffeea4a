// The chat webview in Chromium with a fake host: rendering, streaming, turn actions, input and keyboard use.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, posted, settled, waitForPosted } from './webviewHarness';
import { suiteSession } from './suiteSession';

const answer = [
  '# Plan',
  '',
  'Some **bold** text and a [link](https://example.com/docs).',
  '',
  '- one',
  '- two',
  '',
  '  continued item',
  '',
  '```ts',
  'const x: number = 1;',
  'console.log(x);',
  '```',
  '',
  '| a | b |',
  '|:-:|--:|',
  '| 1 | 2 |',
  '',
  '1. first',
  '2. second',
  '',
  'Done.',
].join('\n');

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('chat webview', () => {
  const session = suiteSession();

  async function open(): Promise<Page> {
    const page = await openWebview(session());
    return page;
  }

  it('renders a snapshot: banner, service, models, conversations, turns', async () => {
    const page = await open();
    const active = conversation({
      turns: [turn({ id: 't1', question: 'Hi?', answer: 'Hello **there**', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } })],
    });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ apiKeyState: 'missing', active }) });
    await page.getByTestId('answer').locator('strong').waitFor();
    assert.equal(await page.getByTestId('api-key-banner').isVisible(), true);
    assert.equal(
      await page.getByTestId('service-status').textContent(),
      'Service: http://127.0.0.1:9/ (MaaS Assistant 0.1.0)',
      'named in the parameters panel',
    );
    assert.equal(await page.getByTestId('service-banner').isVisible(), false, 'a configured address takes no room in the header');
    assert.equal(await page.getByTestId('model-picker').inputValue(), 'svc_llm');
    assert.equal(await page.getByTestId('conversation-item').count(), 0, 'no rows are built for the closed list');
    await deliver(page, { type: 'toggleConversations' });
    await page.getByTestId('conversation-item').waitFor();
    assert.equal(await page.getByTestId('conversation-item').count(), 1);
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('question').textContent(), 'Hi?');
    assert.equal(await page.getByTestId('usage').textContent(), 'Tokens: 3 prompt + 4 completion = 7');
    await page.getByTestId('set-api-key').click();
    assert.deepEqual((await waitForPosted(page, 'runCommand')).command, 'setApiKey');
    await page.close();
  });

  it("speaks the UI language of the bundle the host puts in the page, the figures filled in the translation's places", async () => {
    const page = await openWebview(session(), { language: 'zh-cn' });
    const active = conversation({ turns: [turn({ id: 't1', answer: 'Hello', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } })] });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ apiKeyState: 'missing', active }) });
    await page.getByTestId('usage').waitFor();
    assert.equal(await page.getByTestId('usage').textContent(), 'Token：输入 3 + 输出 4 = 7');
    assert.equal(await page.getByTestId('service-status').textContent(), '服务：http://127.0.0.1:9/（MaaS Assistant 0.1.0）');
    assert.equal(await page.getByTestId('set-api-key').textContent(), '设置 API 密钥');
    assert.match((await page.getByTestId('api-key-banner').textContent()) ?? '', /^尚未设置 API 密钥。/);
    assert.equal(await page.getByTestId('chat-input').getAttribute('placeholder'), '输入问题（Enter 发送，Shift+Enter 换行）');
    assert.equal(await page.title(), 'MaaS Assistant');
    await page.getByTestId('params-toggle').click();
    const label = (name: string): Promise<string | null> => page.locator(`label[for=param-${name}]`).textContent();
    assert.deepEqual(await Promise.all(['temperature', 'topP', 'maxTokens'].map(label)), ['温度（temperature）', '核采样（top_p）', '最大输出 token 数']);
    await page.close();
  });

  it('the "earlier turns left out" marker sits where the sent history starts, and moves with it', async () => {
    const page = await open();
    const turns = ['t1', 't2', 't3', 't4'].map((id) => turn({ id, question: `Question ${id}`, answer: `Answer ${id}` }));
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns, omittedTurns: 2 }) }) });
    await page.getByTestId('omitted-turns').waitFor();
    const order = (): Promise<string[]> =>
      page
        .locator('[data-testid=turns] > *, .turns > *')
        .evaluateAll((nodes) =>
          nodes.map((n) => (n.getAttribute('data-testid') === 'omitted-turns' ? 'marker' : (n.querySelector('[data-testid=question]')?.textContent ?? '?'))),
        );
    assert.deepEqual(await order(), ['Question t1', 'Question t2', 'marker', 'Question t3', 'Question t4']);
    assert.equal(await page.getByTestId('omitted-turns').textContent(), '2 earlier turns are left out of the request (history limits in settings).');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns, omittedTurns: 3 }) }) });
    await page.waitForFunction(() => document.querySelector('.turns > :nth-child(4)')?.getAttribute('data-testid') === 'omitted-turns');
    assert.deepEqual(await order(), ['Question t1', 'Question t2', 'Question t3', 'marker', 'Question t4']);
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns, omittedTurns: 0 }) }) });
    await page.waitForFunction(() => document.querySelector('[data-testid=omitted-turns]') === null);
    await page.close();
  });

  it('settled blocks of a long answer go into groups that later deltas never touch; the DOM equals a one-shot render', async () => {
    const page = await open();
    const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long answer, with \`code ${i}\`.`).join('\n\n');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'streaming', answer: '' })] }) }) });
    await page.getByTestId('turn').waitFor();
    const pieces = chunks(long, 23);
    const half = Math.floor(pieces.length / 2);
    for (const piece of pieces.slice(0, half)) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: piece });
    // A render may be held back by what the last one cost (markdownView.ts): wait until the view shows every paragraph
    // delivered so far, the open one included.
    const delivered = pieces.slice(0, half).join('').split('\n\n').length;
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="answer"] p').length >= count, delivered);
    await settled(page);
    // Mark the first group and remember its markup: the rest of the stream must leave both alone.
    const firstGroup = await page
      .locator('[data-testid="answer"] > .md-group')
      .first()
      .evaluate((group) => {
        (group as HTMLElement & { marked?: boolean }).marked = true;
        return group.innerHTML;
      });
    for (const piece of pieces.slice(half)) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: piece });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'done', answer: long }) });
    await page.locator('[data-testid="turn"][data-status="done"]').waitFor();
    await settled(page);
    const groups = page.locator('[data-testid="answer"] > .md-group');
    assert.equal(await groups.count(), 3, '79 settled paragraphs in groups of 32, the last one in the open tail');
    assert.deepEqual(
      await groups.first().evaluate((group) => [(group as HTMLElement & { marked?: boolean }).marked === true, group.innerHTML]),
      [true, firstGroup],
      'the first group is the same element with the same markup',
    );
    const streamed = await page.getByTestId('answer').innerHTML();
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: long }), turn({ id: 't2', answer: long })] }) }),
    });
    await page.locator('[data-turn-id="t2"] [data-testid="answer"] p').first().waitFor();
    assert.equal(await page.locator('[data-turn-id="t2"] [data-testid="answer"]').innerHTML(), streamed);
    await page.close();
  });

  it('streams deltas as Markdown progressively, and the final DOM equals a one-shot render', async () => {
    const page = await open();
    const streaming = conversation({ turns: [turn({ id: 't1', status: 'streaming', answer: '' })] });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: streaming }) });
    await page.getByTestId('turn').waitFor();
    const pieces = chunks(answer, 7);
    const half = Math.floor(pieces.length / 2);
    for (const piece of pieces.slice(0, half)) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: piece });
    await settled(page);
    const partial = await page.getByTestId('answer').innerHTML();
    assert.match(partial, /<h1>Plan<\/h1>/);
    assert.ok(!partial.includes('Done.'));
    for (const piece of pieces.slice(half)) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: piece });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'done', answer }) });
    await page.locator('[data-testid="turn"][data-status="done"]').waitFor();
    await settled(page);
    const streamed = await page.getByTestId('answer').innerHTML();
    // A fresh snapshot with a second turn holding the same text renders it in one go.
    const both = conversation({ turns: [turn({ id: 't1', answer }), turn({ id: 't2', answer })] });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: both }) });
    await page.locator('[data-turn-id="t2"] [data-testid="answer"] h1').waitFor();
    const oneShot = await page.locator('[data-turn-id="t2"] [data-testid="answer"]').innerHTML();
    assert.equal(streamed, oneShot);
    assert.match(streamed, /class="hljs-keyword"/);
    assert.match(streamed, /<table>/);
    assert.match((await page.getByTestId('live-region').textContent()) ?? '', /^Answer: Plan/);
    await page.close();
  });

  it('keeps the newest text in view while streaming, until the user scrolls up; Jump to Latest brings it back', async () => {
    const page = await open();
    const earlier = Array.from({ length: 6 }, (_, i) => turn({ id: `e${i}`, question: `Question ${i}`, answer: `${'A long earlier answer. '.repeat(40)}` }));
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [...earlier, turn({ id: 's', status: 'streaming', answer: '' })] }) }),
    });
    await page.locator('[data-turn-id="s"]').waitFor();
    const transcript = page.getByTestId('transcript');
    const gap = () => transcript.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
    const grow = async (text: string) => {
      await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 's', answer: text });
      await settled(page);
    };
    assert.ok((await transcript.evaluate((el) => el.scrollHeight - el.clientHeight)) > 200, 'the transcript overflows');
    await grow('First paragraph of the new answer.\n\n');
    assert.ok((await gap()) <= 4, 'pinned to the bottom while the answer grows');
    assert.equal(await page.getByTestId('jump-to-latest').isVisible(), false);
    // Scroll anchoring is off while pinned: re-rendering an open table above its anchor would move the view up.
    const anchoring = () => transcript.evaluate((el) => getComputedStyle(el).overflowAnchor);
    assert.equal(await anchoring(), 'none');
    // Content that grows with no render of the view's (a thumbnail decoded late) keeps the newest text in view.
    await page.locator('[data-turn-id="s"]').evaluate((el) => ((el as HTMLElement).style.paddingBottom = '300px'));
    await settled(page);
    assert.ok((await gap()) <= 4, 'still at the bottom after the content grew on its own');
    assert.equal(await page.getByTestId('jump-to-latest').isVisible(), false);

    await transcript.evaluate((el) => el.scrollTo({ top: 0 }));
    await settled(page);
    await grow(`${'More text arrives while the user reads above. '.repeat(20)}\n\n`);
    assert.equal(await transcript.evaluate((el) => el.scrollTop), 0, "the user's place is kept");
    await page.getByTestId('jump-to-latest').waitFor({ state: 'visible' });
    assert.equal(await anchoring(), 'auto', 'reading above, the browser keeps the place as content above changes');

    await page.getByTestId('jump-to-latest').click();
    await settled(page);
    assert.ok((await gap()) <= 4, 'back at the newest text');
    assert.equal(await page.getByTestId('jump-to-latest').isVisible(), false);
    await grow('And it stays pinned again.');
    assert.ok((await gap()) <= 4);
    await page.close();
  });

  it('an image sent by its https address shows as a chip with the address on hover, and nothing remote loads', async () => {
    const page = await open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const image = { id: 'u1', name: 'tabby.png', mime: '', width: 0, height: 0, bytes: 0, thumbnail: '', url: 'https://images.example.com/cats/tabby.png' };
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 'i1', kind: 'image', images: [image] })] }) }) });
    const chip = page.getByTestId('image-chip');
    await chip.waitFor();
    assert.equal(await chip.textContent(), 'tabby.png');
    assert.equal(await chip.getAttribute('title'), 'https://images.example.com/cats/tabby.png');
    assert.equal(await page.locator('[data-turn-id="i1"] img').count(), 0);
    assert.deepEqual(
      requested.filter((url) => url.includes('example.com')),
      [],
    );
    await page.close();
  });

  it('Stop sends stop for the streaming turn; the turn shows stopped', async () => {
    const page = await open();
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't9', status: 'streaming', answer: 'partial' })] }) }),
    });
    await page.getByTestId('stop').click();
    assert.deepEqual(await waitForPosted(page, 'stop'), { type: 'stop', turnId: 't9' });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't9', status: 'stopped', answer: 'partial' }) });
    await page.locator('[data-status="stopped"]').getByText('Stopped.').waitFor();
    assert.equal(await page.getByTestId('stop').isVisible(), false);
    await page.close();
  });

  it('edit sends edit with the new text; regenerate sends regenerate for the last turn', async () => {
    const page = await open();
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 'a', question: 'old', answer: 'x' }), turn({ id: 'b', answer: 'y' })] }) }),
    });
    await page.locator('[data-turn-id="a"]').getByTestId('edit').click();
    const box = page.locator('[data-turn-id="a"] textarea');
    await box.fill('new question');
    await box.press('Enter');
    assert.deepEqual(await waitForPosted(page, 'edit'), { type: 'edit', turnId: 'a', text: 'new question' });
    assert.equal(await page.locator('[data-turn-id="a"]').getByTestId('regenerate').count(), 0);
    await page.locator('[data-turn-id="b"]').getByTestId('regenerate').click();
    assert.deepEqual(await waitForPosted(page, 'regenerate'), { type: 'regenerate', turnId: 'b' });
    await page.locator('[data-turn-id="b"]').getByTestId('copy-answer').click();
    assert.deepEqual(await waitForPosted(page, 'copyText'), { type: 'copyText', text: 'y' });
    await page.close();
  });

  it('Enter sends, Shift+Enter adds a line, Enter during IME composition never sends', async () => {
    const page = await open();
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const input = page.getByTestId('chat-input');
    await input.click();
    await input.pressSequentially('line one');
    await input.press('Shift+Enter');
    await input.pressSequentially('line two');
    assert.equal(await input.inputValue(), 'line one\nline two');
    // An IME commit: compositionstart, then Enter keydowns flagged as composing (and keyCode 229), then compositionend.
    await input.evaluate((el) => {
      el.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true }));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true, cancelable: true }));
      el.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '你好' }));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settled(page);
    assert.equal((await posted(page)).filter((m) => m.type === 'send').length, 0);
    assert.equal(await input.inputValue(), 'line one\nline two');
    await input.press('Enter');
    assert.deepEqual(await waitForPosted(page, 'send'), { type: 'send', text: 'line one\nline two', images: [] });
    assert.equal(await input.inputValue(), '');
    await page.close();
  });

  it('error turns show the server message and send the right intent per action; retries count down', async () => {
    const page = await open();
    const error = {
      kind: 'auth',
      title: 'Your API key is disabled',
      detail: 'Enable it in the console.',
      serverMessage: '密钥已禁用',
      serverMessageTranslation: 'The key is disabled',
      actions: ['setApiKey', 'openConsole', 'showLogs', 'openSettings', 'retry'] as const,
    };
    const turns = [
      turn({ id: 'e1', status: 'error', error: { ...error, actions: [...error.actions] } }),
      turn({ id: 'r1', status: 'pending', retry: { attempt: 2, maxAttempts: 4, at: Date.now() + 30_000 } }),
    ];
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns }) }) });
    const box = page.getByTestId('turn-error');
    await box.waitFor();
    const text = (await box.textContent()) ?? '';
    for (const part of ['Your API key is disabled', 'Enable it in the console.', '密钥已禁用', 'The key is disabled']) assert.ok(text.includes(part), part);
    for (const command of ['setApiKey', 'openConsole', 'showLogs', 'openSettings'] as const) {
      await box.locator(`[data-action="${command}"]`).click();
      const all = await posted(page);
      assert.deepEqual(all[all.length - 1], { type: 'runCommand', command });
    }
    await box.locator('[data-action="retry"]').click();
    assert.deepEqual(await waitForPosted(page, 'retry'), { type: 'retry', turnId: 'e1' });
    assert.match((await page.getByTestId('retry-countdown').textContent()) ?? '', /^The service is busy\. Retrying in (29|30) s \(attempt 2 of 4\)…$/);
    await page.close();
  });

  it('interrupted keeps the partial answer, marked, with Retry; length and content filter are marked', async () => {
    const page = await open();
    const turns = [
      turn({ id: 'i1', status: 'interrupted', answer: 'half an ans' }),
      turn({ id: 'l1', answer: 'long', finishReason: 'length' }),
      turn({ id: 'f1', answer: 'x', finishReason: 'content_filter' }),
    ];
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns }) }) });
    const interrupted = page.locator('[data-turn-id="i1"]');
    await interrupted.getByText('The answer was interrupted before it finished.').waitFor();
    assert.equal((await interrupted.getByTestId('answer').textContent())?.trim(), 'half an ans');
    await interrupted.getByTestId('retry').click();
    assert.deepEqual(await waitForPosted(page, 'retry'), { type: 'retry', turnId: 'i1' });
    await page.locator('[data-turn-id="l1"]').getByText('The answer reached the max tokens limit.').waitFor();
    await page.locator('[data-turn-id="f1"]').getByText("The rest of the answer was withheld by the service's content review.").waitFor();
    await page.close();
  });

  it('code block buttons send copy, insert and open with the language; links send openLink and do not navigate', async () => {
    const page = await open();
    const md = 'See [docs](https://example.com/a) and www.example.org.\n\n```python\nprint("hi")\n```\n';
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 'c', answer: md })] }) }) });
    await page.getByTestId('code-copy').click();
    assert.deepEqual(await waitForPosted(page, 'copyText'), { type: 'copyText', text: 'print("hi")' });
    await page.getByTestId('code-insert').click();
    assert.deepEqual(await waitForPosted(page, 'insertCode'), { type: 'insertCode', code: 'print("hi")' });
    await page.getByTestId('code-open').click();
    assert.deepEqual(await waitForPosted(page, 'openCode'), { type: 'openCode', code: 'print("hi")', language: 'python' });
    const url = page.url();
    await page.getByRole('link', { name: 'docs' }).click();
    assert.deepEqual(await waitForPosted(page, 'openLink'), { type: 'openLink', href: 'https://example.com/a' });
    await page.getByRole('link', { name: 'www.example.org' }).click();
    assert.deepEqual(await waitForPosted(page, 'openLink'), { type: 'openLink', href: 'http://www.example.org' });
    assert.equal(page.url(), url);
    await page.close();
  });

  it('is usable by keyboard alone: Tab reaches the input, send, turn actions and code buttons; Enter and Space activate', async () => {
    const page = await open();
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 'k', answer: '```js\nlet a = 1;\n```' })] }) }) });
    await page.getByTestId('code-copy').waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '');
      if (id !== '') reached.add(id);
    }
    for (const id of ['chat-input', 'send', 'edit', 'regenerate', 'copy-answer', 'code-copy', 'code-insert', 'code-open', 'model-picker', 'params-toggle'])
      assert.ok(reached.has(id), `Tab reaches ${id}`);
    // The conversation list (the title bar's history button) opens with the open conversation's row focused; its
    // row actions and New are reachable by Tab, and Escape closes it back to the question box.
    await deliver(page, { type: 'toggleConversations' });
    await settled(page);
    const focused = (): Promise<string | undefined> => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
    assert.equal(await focused(), 'conversation-select');
    const inList = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      inList.add((await focused()) ?? '');
    }
    assert.ok(inList.has('new-conversation') && inList.has('close-conversations'), [...inList].join(', '));
    await page.getByTestId('conversation-select').first().focus();
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'rename-conversation', 'the row actions follow the row, shown while it has focus');
    await page.keyboard.press('Escape');
    assert.equal(await focused(), 'chat-input');
    assert.equal(await page.getByTestId('conversations').isVisible(), false);
    await page.getByTestId('code-insert').focus();
    await page.keyboard.press('Enter');
    assert.equal((await waitForPosted(page, 'insertCode')).code, 'let a = 1;');
    await page.getByTestId('regenerate').focus();
    await page.keyboard.press('Space');
    assert.deepEqual(await waitForPosted(page, 'regenerate'), { type: 'regenerate', turnId: 'k' });
    // Visible focus: reaching a button by keyboard draws the theme's focus border around it.
    await page.getByTestId('copy-answer').focus();
    await page.keyboard.press('Tab');
    const focusRing = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      return `${active.dataset.testid ?? ''} ${getComputedStyle(active).outlineStyle}`;
    });
    assert.equal(focusRing, 'regenerate solid');
    await page.close();
  });
});
