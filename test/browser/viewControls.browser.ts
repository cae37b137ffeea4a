// The chat view's everyday controls and states, against the built webview in Chromium: Edit and Copy on turns, the
// waiting answer, Send and why it is disabled, the header's service banner, accessible names, a long question folded,
// images dropped on the view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, posted, settled } from './webviewHarness';
import { suiteSession } from './suiteSession';

describe('chat view controls', () => {
  const session = suiteSession();

  const editButtons = (page: Page, turnId: string) => page.locator(`[data-testid=turn][data-turn-id="${turnId}"] [data-testid=edit]`);

  it('earlier questions keep their Edit button after a new question has been answered', async () => {
    const page = await openWebview(session());
    const first = turn({ id: 't1', question: 'First?', answer: 'One.' });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [first] }) }) });
    await editButtons(page, 't1').waitFor();
    // A new question: added, streamed, finished, as the host sends them.
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't2', question: 'Second?', status: 'pending' }) });
    await settled(page);
    assert.equal(await editButtons(page, 't1').count(), 0, 'no Edit while an answer is being written');
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't2', question: 'Second?', status: 'streaming', answer: 'Tw' }) });
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't2', answer: 'o.' });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't2', question: 'Second?', answer: 'Two.' }) });
    await settled(page);
    assert.equal(await editButtons(page, 't1').count(), 1, 'the first question can be edited again');
    assert.equal(await editButtons(page, 't2').count(), 1, 'and the new one');
    await page.close();
  });

  it('a waiting answer says "Thinking…" once, set apart from the model name', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'pending', answer: '' })] }) }) });
    const thinking = page.locator('[data-testid=turn] .thinking');
    await thinking.waitFor();
    const seen = await thinking.evaluate((node) => {
      const after = getComputedStyle(node, '::after').content;
      const model = node.parentElement?.querySelector('.model')?.getBoundingClientRect();
      return { text: node.textContent, after, gap: model === undefined ? -1 : node.getBoundingClientRect().left - model.right };
    });
    assert.equal(seen.text, 'Thinking…');
    assert.ok(seen.after === 'none' || seen.after === 'normal', `nothing is added after it (was ${seen.after})`);
    assert.ok(seen.gap >= 4, `a gap between the model name and "Thinking…" (${seen.gap} px)`);
    await page.close();
  });

  it('Copy on an answer says "Copied" for a moment, as code blocks do', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: 'The answer.' })] }) }) });
    const copy = page.getByTestId('copy-answer');
    await copy.click();
    await page.waitForFunction(() => document.querySelector('[data-testid=copy-answer]')?.classList.contains('copied') === true);
    assert.equal(await copy.getAttribute('aria-label'), 'Copied');
    assert.deepEqual(
      (await posted(page)).filter((m) => m.type === 'copyText'),
      [{ type: 'copyText', text: 'The answer.' }],
    );
    await page.close();
  });

  it('Send is disabled until there is text or an image, stays reachable by Tab, and says why to a screen reader', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const send = page.getByTestId('send');
    await settled(page);
    assert.equal(await send.getAttribute('aria-disabled'), 'true', 'nothing typed');
    const reason = await send.evaluate((node) => {
      const ids = (node.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id !== '');
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
    assert.match(reason, /Type a question or attach an image/);
    await page.getByTestId('chat-input').fill('   \n  ');
    assert.equal(await send.getAttribute('aria-disabled'), 'true', 'blanks only');
    await page.getByTestId('chat-input').press('Enter');
    assert.equal(
      (await posted(page)).some((m) => m.type === 'send'),
      false,
      'Enter on blanks sends nothing',
    );
    await send.dispatchEvent('click'); // Playwright itself will not click an aria-disabled button
    assert.equal(
      (await posted(page)).some((m) => m.type === 'send'),
      false,
      'a click on the disabled Send sends nothing',
    );
    await page.getByTestId('chat-input').fill('A question');
    assert.equal(await send.getAttribute('aria-disabled'), 'false', 'text typed');
    await send.click();
    assert.equal((await posted(page)).filter((m) => m.type === 'send').length, 1);
    assert.equal(await send.getAttribute('aria-disabled'), 'true', 'the box is empty again after sending');
    await page.close();
  });

  it('an invalid maas.baseUrl is quoted in the header with Open Settings; a missing one says so; a notice offers its action', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ baseUrl: '', baseUrlProblem: 'localhost:8080' }) });
    const banner = page.getByTestId('service-banner');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /not an http:\/\/ or https:\/\/ URL: “localhost:8080”/);
    await page.getByTestId('open-settings').click();
    assert.deepEqual(
      (await posted(page)).filter((m) => m.type === 'runCommand'),
      [{ type: 'runCommand', command: 'openSettings' }],
    );
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ baseUrl: '' }) });
    await page.getByTestId('service-banner').getByText('Service address not configured').waitFor();
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    await banner.waitFor({ state: 'hidden' });
    await deliver(page, { type: 'notices', notices: [{ id: 'n1', level: 'error', text: 'Saving the chat history failed: disk full', action: 'showLogs' }] });
    await page.getByTestId('notice-action').click();
    assert.deepEqual((await posted(page)).filter((m) => m.type === 'runCommand').at(-1), { type: 'runCommand', command: 'showLogs' });
    await page.close();
  });

  it('every button and control shown in a full view has an accessible name', async () => {
    const page = await openWebview(session());
    const code = ['Here:', '', '```ts', 'const x = 1;', '```', '', '| a | b |', '|---|---|', '| 1 | 2 |'].join('\n');
    const turns = [
      turn({ id: 't1', question: 'First?', answer: code, usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } }),
      turn({
        id: 't2',
        question: 'Second?',
        answer: 'Part',
        status: 'interrupted',
        error: { kind: 'busy', title: 'The service is busy', detail: 'Try again.', actions: ['retry', 'showLogs'] },
      }),
    ];
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({
        active: conversation({ turns }),
        pendingContext: [{ id: 'p1', kind: 'selection', label: 'example.ts:1-3', languageId: 'typescript', characters: 40 }],
        notices: [{ id: 'n1', level: 'info', text: 'Images need the vision model: switched to svc_vl.' }],
      }),
    });
    await page.getByTestId('turn-error').waitFor();
    await page.getByTestId('params-toggle').click();
    // A string, not a function: the test runner's TypeScript transform would add helpers the page does not have.
    const unnamed = (await page.evaluate(`(() => {
      const nameOf = function (node) {
        const labelledBy = (node.getAttribute('aria-labelledby') || '').split(' ').map(function (id) { const target = document.getElementById(id); return target === null ? '' : target.textContent; }).join(' ');
        const label = node.id === '' ? null : document.querySelector('label[for="' + node.id + '"]');
        return [node.getAttribute('aria-label') || '', labelledBy, label === null ? '' : label.textContent, node.textContent || '', node.getAttribute('title') || ''].join('').trim();
      };
      return Array.from(document.querySelectorAll('button, select, textarea, input:not([type=hidden]), [role=button]'))
        .filter(function (node) { return node.getClientRects().length > 0 && node.getAttribute('tabindex') !== '-1' && nameOf(node) === ''; })
        .map(function (node) { return node.outerHTML.slice(0, 120); });
    })()`)) as string[];
    assert.deepEqual(unnamed, []);
    await page.close();
  });

  it('a long pasted question is folded to a few lines with Show more, and the transcript keeps its room', async () => {
    const page = await openWebview(session());
    const long = Array.from({ length: 2000 }, (_, i) => `line ${i} of a pasted file`).join('\n');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', question: long, answer: 'Short.' })] }) }) });
    const question = page.getByTestId('question');
    await question.waitFor();
    const folded = (await question.boundingBox())?.height ?? 0;
    assert.ok(folded > 0 && folded < 200, `folded to ${folded}px`);
    const toggle = page.getByTestId('question-toggle');
    assert.equal(await toggle.textContent(), 'Show more');
    await toggle.click();
    assert.ok(((await question.boundingBox())?.height ?? 0) > 1000, 'Show more unfolds it');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await toggle.textContent(), 'Show less');
    await page.close();
  });

  it('an image dropped anywhere in the view is attached, with a drop target shown while dragging', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: 'Hello.' })] }) }) });
    await page.getByTestId('answer').waitFor();
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const fire = (type: string): Promise<void> =>
      page.evaluate(
        ({ type, png }) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }));
          document.querySelector('[data-testid="answer"]')?.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        },
        { type, png },
      );
    await fire('dragenter');
    const target = page.getByTestId('drop-target');
    await target.waitFor();
    assert.equal(await target.textContent(), 'Drop images to attach them');
    await fire('drop');
    await target.waitFor({ state: 'hidden' });
    await page.getByTestId('attachment').waitFor();
    await page.close();
  });

  it("a persona from the workspace's settings is named above the question box until the conversation has its own", async () => {
    const page = await openWebview(session());
    const fromWorkspace = (persona: string) =>
      snapshot({
        active: conversation({ persona }),
        settings: { ...snapshot().settings, defaultPersona: 'Answer only in riddles.', defaultPersonaFromWorkspace: true },
      });
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    await page.getByTestId('chat-input').waitFor();
    await settled(page);
    assert.equal(await page.getByTestId('workspace-persona').isVisible(), false, "the user's own persona needs no line");
    await deliver(page, { type: 'snapshot', snapshot: fromWorkspace('') });
    const line = page.getByTestId('workspace-persona');
    await line.waitFor({ state: 'visible' });
    assert.match((await line.textContent()) ?? '', /comes from this workspace's settings \(maas\.chat\.persona\), not yours/);
    // Show persona opens the panel at the persona field, whose placeholder is the workspace's persona.
    await page.getByTestId('show-persona').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'persona');
    assert.equal(await page.getByTestId('params-toggle').getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByTestId('persona').getAttribute('placeholder'), 'Default persona: Answer only in riddles.');
    // A conversation with a persona of its own does not use the workspace's.
    await deliver(page, { type: 'snapshot', snapshot: fromWorkspace('You are terse.') });
    await line.waitFor({ state: 'hidden' });
    await page.close();
  });
});
