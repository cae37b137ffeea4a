// Answers read aloud as they stream, in the chat view's player (Chromium, autoplay allowed, a fake host): the count of
// sentences unknown until the host says the answer is over, the sentence being spoken marked in its answer (a CSS
// custom highlight, the rendered Markdown untouched), a sentence whose synthesis failed skipped with a mark while the
// rest goes on, and the composer's toggle.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openWith, segment, session } from './featureFixture';
import { snapshot, turn, conversation } from './snapshotFixture';
import { deliver, openWebview, posted, waitForPosted, type WebviewSession } from './webviewHarness';

const answer = 'A moving average smooths a series. It averages each **window** of values. Keep a running sum.';

/** The text each custom highlight covers now. */
function marked(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, { forEach(cb: (range: Range) => void): void }> }).highlights;
    const out: Record<string, string[]> = {};
    for (const [name, highlight] of registry) {
      const texts: string[] = [];
      highlight.forEach((range) => texts.push(range.toString().replace(/\s+/g, ' ')));
      out[name] = texts;
    }
    return out;
  });
}

describe('answers read aloud as they stream', () => {
  let s: WebviewSession;
  before(async () => {
    s = await session(true);
  });
  after(async () => {
    await s?.close();
  });

  it('plays sentences as they come with no count yet, marks the one spoken in the answer, and ends when the host says so', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer })] });
    await deliver(page, { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences: 0, format: 'wav', turnId: 't1' });
    await deliver(page, segment(0, 'A moving average smooths a series.', false, 0.4));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'A moving average smooths a series.');
    assert.match((await page.getByTestId('player-position').textContent()) ?? '', /^Sentence 1 · 0:0\d$/, 'no "of n" while the answer streams');
    assert.deepEqual((await marked(page))['maas-spoken'], ['A moving average smooths a series.']);
    assert.equal(await page.locator('[data-turn-id="t1"] [data-testid="answer"] mark').count(), 0, 'the answer keeps its own nodes');
    await deliver(page, segment(1, 'It averages each window of values.', false, 0.4));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'It averages each window of values.');
    assert.deepEqual((await marked(page))['maas-spoken'], ['It averages each window of values.'], 'across the bold word');
    await deliver(page, { type: 'speechDone', playbackId: 'p1', sentences: 2 });
    await page.waitForFunction(() => /^Sentence 2 of 2/.test(document.querySelector('[data-testid="player-position"]')?.textContent ?? ''));
    assert.deepEqual(await waitForPosted(page, 'speechEnded'), { type: 'speechEnded', playbackId: 'p1' });
    assert.deepEqual(await marked(page), {}, 'the mark goes when the reading ends');
    await page.close();
  });

  it('a sentence whose synthesis failed is skipped with a mark in the answer and a word in the player; the next one plays', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer })] });
    await deliver(page, { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences: 0, format: 'wav', turnId: 't1' });
    await deliver(page, {
      type: 'speechSegment',
      playbackId: 'p1',
      index: 0,
      text: 'A moving average smooths a series.',
      format: 'wav',
      audioBase64: '',
      failed: true,
    });
    await page.getByTestId('player-skipped').waitFor();
    assert.equal(await page.getByTestId('player-skipped').textContent(), 'Sentence 1 was skipped: the speech service could not synthesise it.');
    assert.deepEqual((await marked(page))['maas-spoken-failed'], ['A moving average smooths a series.']);
    await deliver(page, segment(1, 'It averages each window of values.', false, 0.4));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'It averages each window of values.');
    const progress = (await posted(page)).filter((m) => m.type === 'speechProgress').map((m) => (m.type === 'speechProgress' ? m.index : -1));
    assert.deepEqual(progress, [0, 1]);
    await page.close();
  });

  it('the mark comes back after the streaming answer re-renders its open block', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'First sentence here. Second', status: 'streaming' })] });
    await deliver(page, { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences: 0, format: 'wav', turnId: 't1' });
    await deliver(page, segment(0, 'First sentence here.', false, 1.5));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'First sentence here.');
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: ' sentence goes on.' });
    await page.waitForFunction(() => document.querySelector('[data-turn-id="t1"] [data-testid="answer"]')?.textContent?.includes('goes on') === true);
    assert.deepEqual((await marked(page))['maas-spoken'], ['First sentence here.']);
    await page.close();
  });

  it('the mark stays on the final render of a large answer, which runs in a task of its own', async () => {
    // One open paragraph of 40,000 characters on a CPU slowed eightfold: its renders cost more than a long task, so the
    // final one runs out of the view's frame (markdownView.ts), and the mark is put back after it.
    const huge = `First sentence here. ${'![a '.repeat(10_000)}`;
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: huge.slice(0, 20_000), status: 'streaming' })] });
    await deliver(page, { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences: 0, format: 'wav', turnId: 't1' });
    await deliver(page, segment(0, 'First sentence here.', false, 5));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'First sentence here.');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.evaluate(() => {
      const counter = window as unknown as { outOfFrame: number };
      counter.outOfFrame = 0;
      document.addEventListener('maas-markdown-rendered', () => (counter.outOfFrame += 1));
    });
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: huge.slice(20_000) });
    await page.waitForFunction(() => document.querySelector('[data-turn-id="t1"] [data-testid="answer"]')?.textContent?.includes('![a ![a', 39_000) === true);
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', status: 'done', answer: `${huge} The end.` }) });
    await page.waitForFunction(() => document.querySelector('[data-turn-id="t1"] [data-testid="answer"]')?.textContent?.includes('The end.') === true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    assert.ok((await page.evaluate(() => (window as unknown as { outOfFrame: number }).outOfFrame)) > 0, 'the final render ran out of the frame');
    assert.deepEqual((await marked(page))['maas-spoken'], ['First sentence here.']);
    await cdp.detach();
    await page.close();
  });

  it("the composer's toggle shows the setting and asks for the change", async () => {
    const page = await openWebview(s);
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const toggle = page.getByTestId('read-answers');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.equal(await toggle.getAttribute('aria-label'), 'Read answers aloud as they arrive');
    await toggle.click();
    assert.deepEqual(await waitForPosted(page, 'setReadAnswers'), { type: 'setReadAnswers', on: true });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation(), settings: { ...snapshot().settings, readAnswers: true } }) });
    await page.waitForFunction(() => document.querySelector('[data-testid="read-answers"]')?.getAttribute('aria-pressed') === 'true');
    await toggle.click();
    assert.deepEqual((await posted(page)).filter((m) => m.type === 'setReadAnswers').at(-1), { type: 'setReadAnswers', on: false });
    await page.close();
  });
});
