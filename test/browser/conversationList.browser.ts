// The conversation list at a year's scale: 1,000 conversations open quickly because only a page of rows is
// built, yet every one is reachable by scrolling and by keyboard, and the row actions work far down the list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { conversation, snapshot, summaries } from './snapshotFixture';
import { deliver, openWebview, posted, settled, waitForPosted, type WebviewSession } from './webviewHarness';
import { suiteSession } from './suiteSession';

/** Rows built when the panel opens: a page or two, whichever conversation is open. */
const openBound = 120;
const listed = summaries(1000);
const everyId = listed.map((c) => c.id);

async function openWith(session: WebviewSession, activeId: string, title = 'Conversation'): Promise<Page> {
  const page = await openWebview(session);
  await deliver(page, { type: 'snapshot', snapshot: snapshot({ conversations: listed, active: conversation({ id: activeId, title }) }) });
  await page.getByTestId('transcript').waitFor();
  return page;
}

function builtIds(page: Page): Promise<string[]> {
  return page.getByTestId('conversation-item').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.conversationId ?? '?'));
}

/** The focused element's test id and the id of the row it is in. */
function focus(page: Page): Promise<[string | undefined, string | undefined]> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return [active?.dataset.testid, active?.closest<HTMLElement>('[data-testid="conversation-item"]')?.dataset.conversationId];
  });
}

/**
 * Scrolls the list to one end again and again until the row `until` is built; returns the most the first row in
 * view moved when rows came in above it (it must not).
 */
function scrollList(page: Page, toTop: boolean, until: string): Promise<number> {
  return page.getByTestId('conversation-list').evaluate(
    async (list, { toTop, until }) => {
      let maxJump = 0;
      for (let step = 0; step < 100 && list.querySelector(`[data-conversation-id="${until}"]`) === null; step += 1) {
        list.scrollTop = toTop ? 0 : list.scrollHeight;
        const reference = list.firstElementChild;
        const top = reference?.getBoundingClientRect().top ?? 0;
        const count = list.childElementCount;
        for (let wait = 0; wait < 50 && list.childElementCount === count; wait += 1)
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (toTop) maxJump = Math.max(maxJump, Math.abs((reference?.getBoundingClientRect().top ?? 0) - top));
      }
      return maxJump;
    },
    { toTop, until },
  );
}

describe('conversation list at scale', () => {
  const session = suiteSession();

  it('1,000 conversations: a page of rows, the open one focused far down; arrows, Home/End and scrolling reach every one', async () => {
    const page = await openWith(session(), 'c700');
    assert.equal(await page.getByTestId('conversation-item').count(), 0, 'nothing is built for the closed panel');
    await deliver(page, { type: 'toggleConversations' });
    await settled(page);
    assert.deepEqual(await focus(page), ['conversation-select', 'c700'], "the open conversation's row has focus");
    const row = page.locator('[data-conversation-id="c700"]');
    assert.deepEqual([await row.getAttribute('aria-posinset'), await row.getAttribute('aria-setsize')], ['701', '1000']);
    assert.ok((await builtIds(page)).length <= openBound, `${(await builtIds(page)).length} rows built`);

    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page), ['conversation-select', 'c701']);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.deepEqual(await focus(page), ['conversation-select', 'c699']);
    await page.keyboard.press('End');
    assert.deepEqual(await focus(page), ['conversation-select', 'c999']);
    await page.keyboard.press('Home');
    assert.deepEqual(await focus(page), ['conversation-select', 'c0']);
    assert.ok((await builtIds(page)).length <= openBound, 'Home and End build the rows at that end, not all between');
    // Arrow Down from the top, past the end of the rows built: each row is there when the walk reaches it.
    for (let i = 1; i <= 120; i += 1) await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page), ['conversation-select', 'c120']);

    // Scrolling: down from the top to the last conversation, every one of them built in order.
    assert.equal(await scrollList(page, false, 'c999'), 0);
    assert.deepEqual(await builtIds(page), everyId);
    // Opened again, the rows are those around the open conversation; scrolling up builds the rest above them
    // while the rows in view stay where they are.
    await page.keyboard.press('Escape');
    await deliver(page, { type: 'toggleConversations' });
    await settled(page);
    assert.ok((await builtIds(page)).length <= openBound);
    const jump = await scrollList(page, true, 'c0');
    assert.ok(jump <= 1, `the rows in view moved by ${jump} px`);
    const ids = await builtIds(page);
    assert.deepEqual(ids, everyId.slice(0, ids.length), 'from the first conversation on, in order');
    await page.close();
  });

  it('a rename left half-typed (focus gone to the composer) survives a snapshot, and the composer keeps the focus', async () => {
    const page = await openWith(session(), 'c0');
    await deliver(page, { type: 'toggleConversations' });
    await settled(page);
    const row = page.locator('[data-conversation-id="c2"]');
    await row.hover();
    await row.getByTestId('rename-conversation').click();
    await row.getByTestId('rename-input').fill('Half-typ');
    await page.getByTestId('chat-input').focus();
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ conversations: listed, active: conversation({ id: 'c0', title: 'Conversation' }) }) });
    await settled(page);
    await page.keyboard.type('ed question');
    assert.equal(await page.getByTestId('chat-input').inputValue(), 'ed question', 'what is typed after the snapshot goes to the composer');
    assert.equal(await row.getByTestId('rename-input').inputValue(), 'Half-typ', 'the half-typed title is still there');
    await row.getByTestId('rename-input').press('End');
    await row.getByTestId('rename-input').press('e');
    await row.getByTestId('rename-input').press('Enter');
    assert.deepEqual(await waitForPosted(page, 'renameConversation'), { type: 'renameConversation', conversationId: 'c2', title: 'Half-type' });
    await page.close();
  });

  it('Tab walks past the rows built; rename (through a snapshot while typing), delete and export work far down', async () => {
    const page = await openWith(session(), 'c0');
    await deliver(page, { type: 'toggleConversations' });
    await settled(page);
    const built = await builtIds(page);
    const last = built[built.length - 1] ?? '';
    const next = `c${Number(last.slice(1)) + 1}`;
    await page.locator(`[data-conversation-id="${last}"]`).getByTestId('conversation-select').focus();
    // The row's three actions, then the next row, which was not built when the walk began.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    assert.deepEqual(await focus(page), ['conversation-select', next]);
    await page.keyboard.press('Shift+Tab');
    assert.deepEqual(await focus(page), ['delete-conversation', last]);

    const far = page.locator(`[data-conversation-id="${next}"]`);
    await far.hover();
    await far.getByTestId('rename-conversation').click();
    await far.getByTestId('rename-input').fill('Renamed far down');
    const renamed = listed.map((c) => (c.id === 'c3' ? { ...c, title: 'Renamed elsewhere' } : c));
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ conversations: renamed, active: conversation({ id: 'c0', title: 'Conversation' }) }) });
    await settled(page);
    assert.equal(await far.getByTestId('rename-input').inputValue(), 'Renamed far down', 'a snapshot keeps what is being typed');
    await far.getByTestId('rename-input').press('Enter');
    assert.deepEqual(await waitForPosted(page, 'renameConversation'), { type: 'renameConversation', conversationId: next, title: 'Renamed far down' });
    assert.deepEqual(await focus(page), ['conversation-select', next], 'focus goes back to the row');
    assert.equal(await page.locator('[data-conversation-id="c3"] .conversation-title').textContent(), 'Renamed elsewhere');

    const other = page.locator(`[data-conversation-id="${last}"]`);
    await other.hover();
    await other.getByTestId('delete-conversation').click();
    await other.getByText(`Delete "Conversation ${last.slice(1)}"?`).waitFor();
    assert.equal((await posted(page)).filter((m) => m.type === 'deleteConversation').length, 0);
    await other.getByTestId('confirm-delete').click();
    assert.deepEqual(await waitForPosted(page, 'deleteConversation'), { type: 'deleteConversation', conversationId: last });
    await far.hover();
    await far.getByTestId('export-conversation').click();
    assert.deepEqual(await waitForPosted(page, 'exportConversation'), { type: 'exportConversation', conversationId: next });
    await page.close();
  });
});
