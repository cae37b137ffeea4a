// The search of the conversation panel, in the real view with a fake host: the query goes to the host once typing
// pauses, its results replace the list with the matches marked (as text, never markup) and their count announced,
// results for an older query are dropped, the keyboard reaches everything (Ctrl+F, typing, Down, Up, Enter, Escape
// to clear and then to close), an empty result says so, more results come as the reader scrolls, the search comes back
// after a reload, and axe finds nothing serious in either theme.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { SearchMatchView, SearchResultsView, WebviewToHost } from '../../src/shared/protocol';
import { assertAccessible } from './axeCheck';
import { conversation, snapshot, summaries } from './snapshotFixture';
import { deliver, openWebview, posted, settled, type UiLanguage, type WebviewSession } from './webviewHarness';
import { suiteSession } from './suiteSession';
import { themeNames, type ThemeName } from './vscodeTheme';

const listed = summaries(1000);

type SearchIntent = Extract<WebviewToHost, { type: 'searchConversations' }>;

async function openPanel(session: WebviewSession, options: { theme?: ThemeName; language?: UiLanguage } = {}): Promise<Page> {
  const page = await openWebview(session, options);
  await deliver(page, { type: 'snapshot', snapshot: snapshot({ conversations: listed, active: conversation({ id: 'c3', title: 'Conversation 3' }) }) });
  await page.getByTestId('transcript').waitFor();
  await deliver(page, { type: 'toggleConversations' });
  await page.locator('[data-conversation-id="c3"]').waitFor();
  return page;
}

/** The last search the page asked for, once it has asked for `query`. */
async function searched(page: Page, query: string): Promise<SearchIntent> {
  await page.waitForFunction(
    (q) => (window as unknown as { __posted: { type: string; query?: string }[] }).__posted.filter((m) => m.type === 'searchConversations').at(-1)?.query === q,
    query,
  );
  const all = (await posted(page)).filter((m): m is SearchIntent => m.type === 'searchConversations');
  return all.at(-1) as SearchIntent;
}

function match(id: string, overrides: Partial<SearchMatchView> = {}): SearchMatchView {
  const index = Number(id.slice(1));
  return { id, title: `Conversation ${index}`, updatedAt: 1_700_000_000_000 - index * 3_600_000, turnCount: 3, titleMarks: [], ...overrides };
}

function results(intent: SearchIntent, matches: SearchMatchView[], overrides: Partial<SearchResultsView> = {}): SearchResultsView {
  return { queryId: intent.queryId, total: matches.length, conversations: listed.length, matches, indexing: false, ...overrides };
}

const rowIds = (page: Page): Promise<string[]> =>
  page.getByTestId('conversation-item').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.conversationId ?? '?'));

/** The focused element's test id and the id of the row it is in. */
function focus(page: Page): Promise<[string | undefined, string | undefined]> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return [active?.dataset.testid, active?.closest<HTMLElement>('[data-testid="conversation-item"]')?.dataset.conversationId];
  });
}

describe('searching the conversations', () => {
  const session = suiteSession();

  it('typing searches once it pauses; the results replace the list, matches marked as text, their count announced', async () => {
    const page = await openPanel(session());
    const field = page.getByTestId('conversation-search');
    assert.equal(await field.getAttribute('aria-label'), 'Search conversations');
    // Six keystrokes' input events in one task, as fast typing gives them: one query goes out, once typing pauses.
    await field.evaluate((input: HTMLInputElement) => {
      input.focus();
      for (const char of 'worker') {
        input.value += char;
        input.dispatchEvent(new InputEvent('input', { data: char, inputType: 'insertText', bubbles: true }));
      }
    });
    const intent = await searched(page, 'worker');
    assert.equal(intent.limit, 10);
    const sent = (await posted(page)).filter((m) => m.type === 'searchConversations');
    assert.equal(sent.length, 1, `one query, not one per keystroke: ${JSON.stringify(sent)}`);
    const hostile = 'Worker <img src=x onerror="window.__pwned()"> & co';
    await deliver(page, {
      type: 'searchResults',
      results: results(
        intent,
        [
          match('c7', { title: hostile, titleMarks: [[0, 6]] }),
          match('c42', { snippet: { text: '…so the worker drains its queue before it exits…', marks: [[8, 14]] } }),
        ],
        { total: 12 },
      ),
    });
    await page.locator('[data-conversation-id="c42"]').waitFor();
    assert.deepEqual(await rowIds(page), ['c7', 'c42'], 'the results, in their order, instead of the list');
    assert.equal(await page.locator('[data-conversation-id="c7"] .conversation-title').textContent(), hostile, 'the title is text');
    assert.equal(await page.locator('.conversations img').count(), 0, 'nothing in a title becomes markup');
    assert.deepEqual(await page.locator('.conversations mark').allTextContents(), ['Worker', 'worker']);
    assert.equal(
      await page.locator('[data-conversation-id="c42"] [data-testid="conversation-snippet"]').textContent(),
      '…so the worker drains its queue before it exits…',
    );
    const status = page.getByTestId('search-status');
    assert.equal(await status.textContent(), '12 of 1,000 conversations');
    assert.equal(await status.getAttribute('aria-live'), 'polite');
    assert.equal(await page.locator('[data-conversation-id="c42"]').getAttribute('aria-setsize'), '12', 'a result says its place among all matches');

    // The host answers again when the matches change (a rename elsewhere); an answer to an older query is dropped.
    await deliver(page, { type: 'searchResults', results: results(intent, [match('c42', { title: 'Worker pool', titleMarks: [[0, 6]] })]) });
    await page.locator('[data-conversation-id="c7"]').waitFor({ state: 'detached' });
    await deliver(page, { type: 'searchResults', results: results({ ...intent, queryId: intent.queryId - 1 }, [match('c1')]) });
    await settled(page);
    assert.deepEqual(await rowIds(page), ['c42']);
    assert.equal(await status.textContent(), '1 of 1,000 conversations');
    await page.close();
  });

  it('the keyboard: Ctrl+F and typing reach the field, Down and Up walk in and out of the results, Enter opens, Escape clears then closes', async () => {
    const page = await openPanel(session());
    assert.deepEqual(await focus(page), ['conversation-select', 'c3'], "the open conversation's row has focus");
    await page.keyboard.press('Control+f');
    assert.deepEqual(await focus(page), ['conversation-search', undefined]);
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page), ['conversation-select', 'c0'], 'Down goes to the first row');
    await page.keyboard.type('queue');
    assert.deepEqual(await focus(page), ['conversation-search', undefined], 'typing on a row goes to the field');
    assert.equal(await page.getByTestId('conversation-search').inputValue(), 'queue');
    const intent = await searched(page, 'queue');
    await deliver(page, { type: 'searchResults', results: results(intent, [match('c9'), match('c11'), match('c20')]) });
    await page.locator('[data-conversation-id="c20"]').waitFor();
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page), ['conversation-select', 'c9']);
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page), ['conversation-select', 'c11']);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.deepEqual(await focus(page), ['conversation-search', undefined], 'Up from the first result goes back to the field');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('conversation-search').inputValue(), '', 'the first Escape clears the search');
    assert.equal((await searched(page, '')).query, '', 'and ends it on the host');
    await page.locator('[data-conversation-id="c40"]').waitFor();
    assert.ok(await page.getByTestId('conversations').isVisible(), 'the panel stays open, the whole list back');
    await page.keyboard.press('Escape');
    assert.ok(await page.getByTestId('conversations').isHidden(), 'the second Escape closes the panel');
    assert.deepEqual(await focus(page), ['chat-input', undefined]);

    // Opened again and searched: Enter in the field opens the first result.
    await deliver(page, { type: 'toggleConversations' });
    await page.keyboard.press('Control+f');
    await page.keyboard.type('drain');
    const again = await searched(page, 'drain');
    await deliver(page, { type: 'searchResults', results: results(again, [match('c77'), match('c8')]) });
    await page.locator('[data-conversation-id="c77"]').waitFor();
    await page.keyboard.press('Enter');
    const chosen = (await posted(page)).filter((m) => m.type === 'selectConversation').at(-1);
    assert.deepEqual(chosen, { type: 'selectConversation', conversationId: 'c77' });
    assert.ok(await page.getByTestId('conversations').isHidden(), 'opening a result closes the panel');
    await page.close();
  });

  it('no match says so; more results come as the reader scrolls; the search comes back after a reload', async () => {
    const page = await openPanel(session());
    await page.getByTestId('conversation-search').fill('zebra');
    const none = await searched(page, 'zebra');
    await deliver(page, { type: 'searchResults', results: results(none, []) });
    await page.getByTestId('search-status').getByText('No conversation matches "zebra".').waitFor();
    assert.equal(await page.getByTestId('conversation-item').count(), 0);

    await page.getByTestId('conversation-search').fill('the');
    const first = await searched(page, 'the');
    const page1 = Array.from({ length: 10 }, (_, i) => match(`c${i * 2}`, { snippet: { text: `…the answer ${i}…`, marks: [[1, 4]] } }));
    await deliver(page, { type: 'searchResults', results: results(first, page1, { total: 25 }) });
    await page.locator('[data-conversation-id="c18"]').waitFor();
    await page.getByTestId('conversation-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
    await page.waitForFunction(
      () =>
        (window as unknown as { __posted: { type: string; limit?: number }[] }).__posted.filter((m) => m.type === 'searchConversations').at(-1)?.limit === 20,
    );
    const more = (await searched(page, 'the')) as SearchIntent;
    assert.equal(more.queryId, first.queryId, 'the same query, more of it');
    const page2 = Array.from({ length: 10 }, (_, i) => match(`c${20 + i * 2}`));
    await deliver(page, { type: 'searchResults', results: results(more, [...page1, ...page2], { total: 25 }) });
    await page.locator('[data-conversation-id="c38"]').waitFor();
    assert.equal(await page.getByTestId('conversation-item').count(), 20);

    // Reloaded (VS Code rebuilds a hidden view): the query is still in the field, and asked again once the host has sent a snapshot.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'));
    assert.equal((await posted(page)).filter((m) => m.type === 'searchConversations').length, 0, 'nothing is asked before the host answers ready');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ conversations: listed }) });
    assert.equal((await searched(page, 'the')).limit, 10);
    assert.equal(await page.getByTestId('conversation-search').inputValue(), 'the');
    await page.close();
  });

  it('speaks the UI language: the field and the count in Chinese, a Chinese query sent as typed', async () => {
    const page = await openPanel(session(), { language: 'zh-cn' });
    const field = page.getByTestId('conversation-search');
    assert.equal(await field.getAttribute('aria-label'), '搜索对话');
    await field.focus();
    await page.keyboard.insertText('数据库');
    const intent = await searched(page, '数据库');
    await deliver(page, {
      type: 'searchResults',
      results: results(intent, [match('c5', { title: '数据库连接超时', titleMarks: [[0, 3]] })], { total: 3, indexing: true }),
    });
    await page.locator('[data-conversation-id="c5"] mark').waitFor();
    assert.equal(await page.locator('[data-conversation-id="c5"] mark').textContent(), '数据库');
    assert.equal(await page.getByTestId('search-status').textContent(), '目前 1,000 个对话中有 3 个匹配：仍在为对话历史建立索引。');
    await page.close();
  });
});

for (const theme of themeNames) {
  describe(`accessibility of the conversation search (${theme})`, () => {
    const session = suiteSession({});

    it('results with marks and snippets, a result focused, and no match: no serious or critical violation', async () => {
      const page = await openPanel(session(), { theme });
      await page.getByTestId('conversation-search').fill('worker');
      const intent = await searched(page, 'worker');
      await deliver(page, {
        type: 'searchResults',
        results: results(
          intent,
          [
            match('c3', { title: 'Worker shutdown', titleMarks: [[0, 6]] }),
            match('c8', { snippet: { text: '…the worker drains its queue…', marks: [[5, 11]] } }),
          ],
          { total: 2 },
        ),
      });
      await page.locator('[data-conversation-id="c8"] mark').waitFor();
      await assertAccessible(page, `${theme}, search results`);
      await page.locator('[data-conversation-id="c8"]').getByTestId('conversation-select').focus();
      await assertAccessible(page, `${theme}, search results, a result focused`);
      await page.getByTestId('conversation-search').fill('zebra');
      const none = await searched(page, 'zebra');
      await deliver(page, { type: 'searchResults', results: results(none, []) });
      await page.getByTestId('search-status').getByText('No conversation matches "zebra".').waitFor();
      await assertAccessible(page, `${theme}, no match`);
      await page.close();
    });
  });
}
