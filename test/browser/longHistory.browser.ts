// Chat history at scale: a 500-turn conversation opens on its newest turns and renders older ones as the
// reader scrolls up, without moving what is on screen; streaming, new snapshots and switching keep working meanwhile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { TurnView } from '../../src/shared/protocol';
import { conversation, history, snapshot, turn } from './snapshotFixture';
import { deliver, idleAndSettled, openWebview, settled } from './webviewHarness';
import { suiteSession } from './suiteSession';

/** At most this many turns right after the snapshot: enough to fill the view, nowhere near the whole conversation. */
const firstPaintBound = 20;

/** `count` turns `<prefix><i>` with a short answer holding a code block each. */
function drainHistory(count: number, prefix = 't'): TurnView[] {
  return history(count, prefix, (i) => ({
    question: `Question ${prefix}${i}`,
    answer: `Answer ${i}: drain the queue before shutdown.\n\n\`\`\`ts\nconst step${i} = await drain(queue);\n\`\`\`\n\nThen close the connection.`,
  }));
}

/** The ids of the rendered turns, in order. */
function renderedIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid="turn"]').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.turnId ?? '?'));
}

/**
 * Scrolls the transcript to its top again and again, as a reader dragging the scrollbar up does, until no older
 * turn is left to render (or `steps` runs out). Returns how often turns appeared and the most the turn at the top of
 * the view moved when they did (it must not: they go in above it).
 */
function scrollUp(page: Page, steps = 1000): Promise<{ steps: number; maxJump: number }> {
  return page.getByTestId('transcript').evaluate(async (transcript, limit) => {
    let steps = 0;
    let maxJump = 0;
    const more = transcript.querySelector<HTMLElement>('[data-testid="earlier-turns"]');
    while (steps < limit && more !== null && !more.hidden) {
      transcript.scrollTop = 0;
      const reference = transcript.querySelector('[data-testid="turn"]');
      if (reference === null) break;
      const top = reference.getBoundingClientRect().top;
      const before = transcript.querySelectorAll('[data-testid="turn"]').length;
      for (let wait = 0; wait < 50 && transcript.querySelectorAll('[data-testid="turn"]').length === before; wait += 1)
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      maxJump = Math.max(maxJump, Math.abs(reference.getBoundingClientRect().top - top));
      steps += 1;
    }
    transcript.scrollTop = 0;
    return { steps, maxJump };
  }, steps);
}

/** Distance (px) from the transcript's bottom to the view's. */
function gap(page: Page): Promise<number> {
  return page.getByTestId('transcript').evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
}

function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const transcript = document.querySelector('[data-testid="transcript"]')?.getBoundingClientRect();
    const target = document.querySelector(selector)?.getBoundingClientRect();
    return transcript !== undefined && target !== undefined && target.top >= transcript.top && target.bottom <= transcript.bottom;
  }, selector);
}

describe('long conversations', () => {
  const session = suiteSession();

  it('a 500-turn conversation opens on its newest turns; older ones appear as the reader scrolls up, and the view does not jump', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: drainHistory(500) }) }) });
    await page.locator('[data-turn-id="t499"]').waitFor();
    await settled(page);
    const first = await renderedIds(page);
    assert.ok(first.length > 1 && first.length <= firstPaintBound, `${first.length} turns rendered at first`);
    assert.deepEqual(
      first,
      Array.from({ length: first.length }, (_, i) => `t${500 - first.length + i}`),
      'the newest turns, in order',
    );
    assert.ok((await gap(page)) <= 4, 'the view opens at the newest answer');
    assert.ok(await inView(page, '[data-turn-id="t499"] .turn-actions'), "the newest answer's actions are on screen");
    assert.match((await page.getByTestId('earlier-turns').textContent()) ?? '', /^Show earlier turns \(\d+ more\)$/);

    const walk = await scrollUp(page);
    assert.ok(walk.steps > 3, `older turns came in ${walk.steps} steps, not all at once`);
    assert.ok(walk.maxJump <= 1, `the turn at the top of the view moved by ${walk.maxJump} px`);
    assert.deepEqual(
      await renderedIds(page),
      Array.from({ length: 500 }, (_, i) => `t${i}`),
    );
    await settled(page);
    assert.ok(await inView(page, '[data-turn-id="t0"] [data-testid="question"]'), "the first turn's question is on screen");
    assert.equal(await page.getByTestId('earlier-turns').isVisible(), false);
    await page.close();
  });

  it('while older turns are still to render, deltas land in the streaming turn and a new snapshot neither duplicates nor loses one', async () => {
    const page = await openWebview(session());
    const turns = [...drainHistory(199), turn({ id: 't199', question: 'Question t199', status: 'streaming', answer: '' })];
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns }) }) });
    await page.locator('[data-turn-id="t199"]').waitFor();
    for (const piece of ['Streamed ', 'while older ', 'turns render.']) {
      await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't199', answer: piece });
      await scrollUp(page, 2);
    }
    const answer = 'Streamed while older turns render.';
    await page.locator('[data-turn-id="t199"] [data-testid="answer"]').getByText(answer).waitFor();
    assert.equal(await page.locator('[data-testid="answer"]', { hasText: 'Streamed' }).count(), 1, 'only the streaming turn has the text');
    const finished = turn({ id: 't199', question: 'Question t199', answer });
    const done = [...turns.slice(0, 199), finished];
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: finished });
    await page.locator('[data-turn-id="t199"][data-status="done"]').waitFor();
    // The host's next snapshot, with a new question, while the reader is part-way up.
    const partWay = await renderedIds(page);
    assert.ok(partWay.length < 200, 'older turns are still to render');
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [...done, turn({ id: 't200', question: 'Question t200', status: 'pending' })] }) }),
    });
    await page.locator('[data-turn-id="t200"]').waitFor();
    const after = await renderedIds(page);
    // Older turns go on rendering above while the snapshot is taken in, as many as the reader's place calls for: the
    // turns rendered before are the ones just above the new question, in their order, each once.
    assert.deepEqual(after.slice(after.length - 1 - partWay.length, -1), partWay, 'the turns rendered before stay, in place');
    assert.equal(after[after.length - 1], 't200');
    const first = Number(after[0]?.slice(1));
    assert.deepEqual(
      after,
      Array.from({ length: 201 - first }, (_, i) => `t${first + i}`),
      'a run of the newest turns, none twice',
    );
    await scrollUp(page);
    assert.deepEqual(
      await renderedIds(page),
      Array.from({ length: 201 }, (_, i) => `t${i}`),
    );
    assert.equal((await page.locator('[data-turn-id="t199"] [data-testid="answer"]').textContent())?.trim(), answer);
    await page.close();
  });

  it('switching to another conversation part-way shows its newest turns, with nothing left of the first', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: drainHistory(500) }) }) });
    await page.locator('[data-turn-id="t499"]').waitFor();
    await scrollUp(page, 3);
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ id: 'c2', title: 'Second', turns: drainHistory(150, 'b') }) }) });
    await page.locator('[data-turn-id="b149"]').waitFor();
    await settled(page);
    const ids = await renderedIds(page);
    assert.ok(
      ids.every((id) => id.startsWith('b')),
      ids.join(', '),
    );
    assert.ok(ids.length <= firstPaintBound, `${ids.length} turns rendered at first`);
    assert.ok((await gap(page)) <= 4, 'the new conversation opens at its newest answer');
    assert.equal(await page.getByTestId('jump-to-latest').isVisible(), false);
    await scrollUp(page);
    assert.deepEqual(
      await renderedIds(page),
      Array.from({ length: 150 }, (_, i) => `b${i}`),
    );
    await page.close();
  });

  it('the "earlier turns left out" marker waits for its place among the unrendered turns', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: drainHistory(200), omittedTurns: 150 }) }) });
    await page.locator('[data-turn-id="t199"]').waitFor();
    await settled(page);
    assert.equal(await page.getByTestId('omitted-turns').count(), 0, 'not at the top of the turns rendered so far');
    await scrollUp(page);
    const neighbours = await page
      .getByTestId('omitted-turns')
      .evaluate((marker) => [(marker.previousElementSibling as HTMLElement).dataset.turnId, (marker.nextElementSibling as HTMLElement).dataset.turnId]);
    assert.deepEqual(neighbours, ['t149', 't150']);
    // A marker whose place is among the newest turns shows at once.
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ id: 'c3', turns: drainHistory(200), omittedTurns: 198 }) }) });
    await page.locator('[data-turn-id="t199"]').waitFor();
    await settled(page);
    assert.equal(await page.getByTestId('omitted-turns').evaluate((marker) => (marker.nextElementSibling as HTMLElement).dataset.turnId), 't198');
    await page.close();
  });

  it('from the keyboard: Tab reaches "Show earlier turns", Enter shows them after it, and focus stays in the transcript at the end', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: drainHistory(60) }) }) });
    await page.locator('[data-turn-id="t59"]').waitFor();
    await settled(page);
    await page.getByTestId('transcript').focus();
    await page.keyboard.press('Tab');
    const focused = (): Promise<string | undefined> => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
    assert.equal(await focused(), 'earlier-turns');
    // While the keyboard is on it nothing renders by itself (the view renders older turns when the sentinel comes
    // into sight and when the page is idle: frames and an idle period passing render nothing); Enter brings the turns
    // in after it, and it stays put.
    await settled(page);
    const held = (await renderedIds(page)).length;
    await idleAndSettled(page);
    assert.equal((await renderedIds(page)).length, held);
    const top = await page.getByTestId('earlier-turns').evaluate((el) => el.getBoundingClientRect().top);
    await page.keyboard.press('Enter');
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="turn"]').length > count, held);
    assert.equal(await page.getByTestId('earlier-turns').evaluate((el) => el.getBoundingClientRect().top), top);
    for (let press = 0; press < 100 && (await page.getByTestId('earlier-turns').isVisible()); press += 1) {
      const before = (await renderedIds(page)).length;
      await page.keyboard.press('Enter');
      // (Scrolling may have brought them first: the control goes once everything is shown.)
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-testid="turn"]').length > count || document.querySelector<HTMLElement>('[data-testid="earlier-turns"]')?.hidden,
        before,
      );
    }
    assert.equal((await renderedIds(page)).length, 60);
    assert.equal(await focused(), 'transcript');
    await page.close();
  });
});
