// The webview reloading (VS Code rebuilds a hidden view, or the window reloads): the host's snapshot brings the
// conversation back, the webview state brings the unsent draft back, and an answer cut off mid-stream can be retried.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, waitForPosted } from './webviewHarness';
import { suiteSession } from './suiteSession';

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'));
}

describe('webview reload', () => {
  const session = suiteSession();

  it("restores the conversation from the host's snapshot and the unsent draft from the webview state", async () => {
    const page = await openWebview(session());
    const active = conversation({ turns: [turn({ id: 't1', question: 'First?', answer: 'One.' }), turn({ id: 't2', question: 'Second?', answer: 'Two.' })] });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active }) });
    await page.getByTestId('chat-input').fill('half a thought,\nstill typing');
    await reload(page);
    assert.equal(await page.getByTestId('turn').count(), 0, 'nothing is shown before the host answers ready');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active }) });
    await page.getByTestId('turn').nth(1).waitFor();
    assert.deepEqual(await page.getByTestId('question').allTextContents(), ['First?', 'Second?']);
    assert.equal(await page.getByTestId('chat-input').inputValue(), 'half a thought,\nstill typing');
    await page.getByTestId('send').click();
    assert.equal((await waitForPosted(page, 'send')).text, 'half a thought,\nstill typing');
    await reload(page);
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active }) });
    await page.getByTestId('turn').nth(1).waitFor();
    assert.equal(await page.getByTestId('chat-input').inputValue(), '', 'a sent draft does not come back');
    await page.close();
  });

  it('a reload mid-stream keeps the partial answer, marked interrupted; Retry asks again and the new answer replaces it', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'streaming', answer: '' })] }) }) });
    await page.getByTestId('turn').waitFor();
    for (const piece of ['The first ', 'half of ', 'an answer']) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: piece });
    await page.getByTestId('answer').getByText('The first half of an answer').waitFor();
    await reload(page);
    // What the host holds after the window reloaded: the text that arrived, the turn marked interrupted.
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'interrupted', answer: 'The first half of an answer' })] }) }),
    });
    await page.getByTestId('answer').getByText('The first half of an answer').waitFor();
    assert.equal(await page.getByTestId('turn').getAttribute('data-status'), 'interrupted');
    await page.getByTestId('retry').click();
    assert.equal((await waitForPosted(page, 'retry')).turnId, 't1');
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'pending', answer: '' }) });
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: 'A whole ' });
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: 'new answer.' });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', answer: 'A whole new answer.' }) });
    // The deltas already show the whole text; the final update (applied in a later frame) marks the turn done.
    await page.getByTestId('answer').getByText('A whole new answer.').waitFor();
    await page.locator('[data-testid="turn"][data-status="done"]').waitFor();
    assert.equal(await page.getByTestId('retry').count(), 0);
    assert.doesNotMatch((await page.getByTestId('answer').textContent()) ?? '', /first half/);
    await page.close();
  });
});
