// Hostile answers in the real view: a long table streams a row at a time into one table element
// that stays, no row shows twice, the newest row stays in view, and the end equals a one-shot render; late
// reference definitions resolve; a huge open block is rendered less often, and what it held back shows once the
// stream pauses; quotes and lists nested very deep stay readable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { hostileShapes } from '../fixtures/hostileMarkdown';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, settled } from './webviewHarness';
import { suiteSession } from './suiteSession';

const shapes = hostileShapes(12_000);

function shape(name: string): string {
  const found = shapes.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no hostile shape ${name}`);
  return found.text;
}

function deltas(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Sends deltas in one go from the page, a frame apart, as fast as the view renders them. */
async function stream(page: Page, pieces: readonly string[]): Promise<void> {
  await page.evaluate(async (pieces) => {
    for (const answer of pieces) {
      window.postMessage({ type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer }, '*');
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  }, pieces);
}

describe('hostile answers', () => {
  const session = suiteSession();

  async function streamingTurn(): Promise<Page> {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'streaming', answer: '' })] }) }) });
    await page.getByTestId('turn').waitFor();
    return page;
  }

  /** Ends the stream with `text`, then renders the same text in a second turn at once; returns both answers' markup. */
  async function endAndRenderOnce(page: Page, text: string): Promise<{ streamed: string; oneShot: string }> {
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'done', answer: text }) });
    await page.locator('[data-testid="turn"][data-status="done"]').waitFor();
    await settled(page);
    const streamed = await page.getByTestId('answer').innerHTML();
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: text }), turn({ id: 't2', answer: text })] }) }),
    });
    await page.locator('[data-turn-id="t2"] [data-testid="answer"] > *').first().waitFor();
    return { streamed, oneShot: await page.locator('[data-turn-id="t2"] [data-testid="answer"]').innerHTML() };
  }

  it('a long table streams a row at a time into the same table: no row twice, the newest in view, the end as a one-shot render', async () => {
    const page = await streamingTurn();
    const text = shape('table-60-rows');
    const pieces = deltas(text, 97);
    const half = Math.floor(pieces.length / 2);
    await stream(page, pieces.slice(0, half));
    const rowNumbers = (): Promise<string[]> =>
      page.locator('[data-testid="answer"] tbody tr > td:first-child').evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    // Renders wait for what the last one cost, so on a busy machine the rows of the first half come a render or two
    // after their deltas: wait for them, not for a number of frames.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="answer"] tbody tr').length > 20);
    const numbers = await rowNumbers();
    assert.ok(numbers.length > 20, `${numbers.length} rows shown halfway`);
    assert.deepEqual(
      numbers,
      numbers.map((_, i) => String(i + 1)),
      'every row once, in order',
    );
    // A render held back while rows stream comes within a few frames; then the newest row is in view.
    const inView = (): Promise<unknown> =>
      page.waitForFunction(() => {
        const transcript = document.querySelector('[data-testid="transcript"]');
        return transcript !== null && transcript.scrollHeight - transcript.clientHeight - transcript.scrollTop <= 4;
      });
    await inView();
    // Mark the table and its first row: the rest of the stream must keep both.
    await page.locator('[data-testid="answer"] table').evaluate((table) => ((table as HTMLElement & { marked?: boolean }).marked = true));
    const firstRow = await page
      .locator('[data-testid="answer"] tbody tr')
      .first()
      .evaluate((row) => row.outerHTML);
    await stream(page, pieces.slice(half));
    await inView();
    assert.equal(await page.locator('[data-testid="answer"] table').count(), 1);
    assert.equal(
      await page.locator('[data-testid="answer"] table').evaluate((table) => (table as HTMLElement & { marked?: boolean }).marked),
      true,
      'the same table element',
    );
    assert.equal(
      await page
        .locator('[data-testid="answer"] tbody tr')
        .first()
        .evaluate((row) => row.outerHTML),
      firstRow,
    );
    const { streamed, oneShot } = await endAndRenderOnce(page, text);
    assert.equal(streamed, oneShot);
    assert.equal((streamed.match(/<tr>/g) ?? []).length, 61, 'a header row and 60 rows');
    await page.close();
  });

  it('citations streamed before their reference definitions end as links, as in a one-shot render', async () => {
    const page = await streamingTurn();
    const text = shape('reference-links');
    await stream(page, deltas(text, 101));
    const { streamed, oneShot } = await endAndRenderOnce(page, text);
    assert.equal(streamed, oneShot);
    const links = await page.locator('[data-turn-id="t1"] [data-testid="answer"] a[href^="https://e.co/"]').count();
    assert.ok(links > 400, `${links} citations resolved`);
    assert.equal(await page.locator('[data-turn-id="t1"] [data-testid="answer"] p').filter({ hasText: '][' }).count(), 0, 'no citation left as text');
    await page.close();
  });

  for (const name of ['long-list', 'unclosed-brackets', 'nested-blockquotes']) {
    it(`${name}: streamed, it ends as a one-shot render`, async () => {
      const page = await streamingTurn();
      const text = shape(name);
      await stream(page, deltas(text, 89));
      const { streamed, oneShot } = await endAndRenderOnce(page, text);
      assert.equal(streamed, oneShot);
      await page.close();
    });
  }

  it('quotes and lists nested sixty levels deep keep their text readable: indentation stops after six levels', async () => {
    const page = await openWebview(session());
    const text = `${shape('nested-blockquotes').slice(0, 3_000)}\n\n${shape('nested-lists').slice(0, 3_000)}`;
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: text })] }) }) });
    await page.locator('[data-testid="answer"] li').first().waitFor();
    const answerWidth = await page.getByTestId('answer').evaluate((answer) => answer.getBoundingClientRect().width);
    const narrowest = await page
      .locator('[data-testid="answer"] p, [data-testid="answer"] li')
      .evaluateAll((nodes) => Math.min(...nodes.map((node) => node.getBoundingClientRect().width)));
    assert.ok(narrowest > answerWidth / 3, `the narrowest paragraph or item is ${narrowest} px wide in a ${answerWidth} px answer`);
    await page.close();
  });

  it('a huge open block is not rendered again on every delta: renders wait for what the last one cost', async () => {
    const page = await streamingTurn();
    const pieces = deltas(hostileShapes(40_000).find((candidate) => candidate.name === 'huge-paragraph')?.text ?? '', 100);
    await page.evaluate(() => {
      const state = window as unknown as { __renders: number };
      state.__renders = 0;
      const answer = document.querySelector('[data-testid="answer"]');
      if (answer !== null) new MutationObserver(() => (state.__renders += 1)).observe(answer, { childList: true, subtree: true, characterData: true });
    });
    await stream(page, pieces);
    const renders = await page.evaluate(() => (window as unknown as { __renders: number }).__renders);
    assert.ok(renders > 0 && renders < pieces.length / 2, `${renders} renders for ${pieces.length} deltas`);
    await page.close();
  });

  it('a 40,000-character code block is highlighted when the answer ends, in a task of its own', async () => {
    const page = await streamingTurn();
    const text = hostileShapes(40_000).find((candidate) => candidate.name === 'open-code-block')?.text ?? '';
    await stream(page, deltas(text.slice(0, -4), 4_000));
    assert.equal(await page.locator('[data-testid="answer"] pre code .hljs-keyword').count(), 0, 'an open code block is not highlighted while it streams');
    await page.evaluate(() => {
      const counter = window as unknown as { outOfFrame: number };
      counter.outOfFrame = 0;
      document.addEventListener('maas-markdown-rendered', () => (counter.outOfFrame += 1));
    });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'done', answer: text }) });
    await page.locator('[data-testid="answer"] pre code .hljs-keyword').first().waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { outOfFrame: number }).outOfFrame), 1, 'the final render ran out of the frame, once');
    await page.close();
  });

  it('text held back while a huge open block streams shows once the stream pauses, before the answer ends', async () => {
    const page = await streamingTurn();
    const text = shape('huge-paragraph');
    await stream(page, deltas(text, 89));
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: ' the last words' });
    await page.getByTestId('answer').getByText('the last words').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[data-testid="turn"]').getAttribute('data-status'), 'streaming');
    await page.close();
  });
});
