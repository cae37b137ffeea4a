// Issue 6 in Chromium with a fake host: citation chips and the knowledge badge, the speaker button, and the
// read-aloud player (real WAV segments played in order, controls, save, and the blocked-autoplay control).
import assert from 'node:assert/strict';
import { pcmWav } from '../fixtures/pcmWav';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { HostToWebview, KnowledgeView } from '../../src/shared/protocol';
import { launchBrowser } from '../harness/browser';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, posted, settled, startWebviewServer, waitForPosted, type WebviewServer, type WebviewSession } from './webviewHarness';

/** A mono 16-bit 8 kHz WAV: `seconds` of a quiet tone, so the audio element has a real duration. */
function toneWav(seconds: number, hz: number): string {
  const rate = 8000;
  const samples = Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 3000));
  return pcmWav(samples, rate).toString('base64');
}

const references: KnowledgeView['references'] = [
  { index: 1, title: 'Leave policy', text: 'Employees get ten days of leave.' },
  { index: 2, title: 'Travel policy', text: 'Book economy class.' },
];

const knowledgeAnswer = 'Leave is ten days^[1]^. Travel is economy[^2^]. Also [1] and 【2】 and 【1†source】. Code: `x[1]`.';

// Headless Chromium plays without a user gesture whatever --autoplay-policy says (checked on this machine), so the
// refusal a real webview gives is reproduced by Chrome's own rule: play() without a transient user activation
// rejects with NotAllowedError. Only the browser's policy is emulated; the webview program runs unchanged. (Under
// Playwright navigator.userActivation already reads as active, so a trusted click or key is what counts here.)
const gesturePolicy = `
let activated = false;
for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, (event) => { if (event.isTrusted) activated = true; }, true);
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  if (!activated) return Promise.reject(new DOMException('play() failed because the user did not interact with the document first.', 'NotAllowedError'));
  return play.call(this);
};
`;

async function session(autoplay: boolean): Promise<{ server: WebviewServer; browser: Browser; close: () => Promise<void> }> {
  const server = await startWebviewServer(autoplay ? {} : { extraScripts: { '/gesture-policy.js': gesturePolicy } });
  const browser = await launchBrowser({ autoplay });
  return { server, browser, close: async () => { await browser.close(); await server.close(); } };
}

async function openWith(s: WebviewSession, turns: Parameters<typeof conversation>[0]): Promise<Page> {
  const page = await openWebview(s);
  await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation(turns) }) });
  await page.getByTestId('turn').first().waitFor();
  return page;
}

function start(sentences: number): HostToWebview {
  return { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences, format: 'wav' };
}

function segment(index: number, text: string, last: boolean, seconds = 0.6): HostToWebview {
  return { type: 'speechSegment', playbackId: 'p1', index, text, format: 'wav', audioBase64: toneWav(seconds, 440 + index * 110), ...(last ? { last: true } : {}) };
}

/** Waits until the audio element is (not) paused and the toggle shows the matching label. */
async function waitForToggle(page: Page, paused: boolean, label: string): Promise<void> {
  await page.waitForFunction(
    ([p, l]) =>
      document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.paused === p &&
      document.querySelector('[data-testid="player-toggle"]')?.textContent === l,
    [paused, label] as const,
  );
}

const audioState = (page: Page): Promise<{ src: string; paused: boolean; duration: number; currentTime: number; rate: number }> =>
  page.getByTestId('player-audio').evaluate((el) => {
    const a = el as HTMLAudioElement;
    return { src: a.src, paused: a.paused, duration: a.duration, currentTime: a.currentTime, rate: a.playbackRate };
  });

describe('knowledge answers and the read-aloud player (autoplay allowed)', () => {
  let s: WebviewSession;
  before(async () => {
    s = await session(true);
  });
  after(async () => {
    await s?.close();
  });

  it('renders a chip for every mark format (not in code), with the source on hover, and a click opens the sources', async () => {
    const page = await openWith(s, { turns: [turn({ id: 'k1', kind: 'knowledge', answer: knowledgeAnswer, knowledge: { mode: 'strict', bases: [{ id: 1, name: 'HR' }], references } })] });
    const chips = page.getByTestId('citation');
    await chips.first().waitFor();
    assert.deepEqual(await chips.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mark)), ['^[1]^', '[^2^]', '[1]', '【2】', '【1†source】']);
    assert.equal(await page.locator('code').textContent(), 'x[1]', 'a mark inside code stays code');
    assert.match((await chips.nth(0).getAttribute('title')) ?? '', /Leave policy.*ten days/);
    assert.match((await chips.nth(1).getAttribute('title')) ?? '', /Travel policy/);
    assert.equal(await page.getByTestId('knowledge-badge').textContent(), 'Strict');
    assert.equal(await page.getByTestId('no-hits').count(), 0);
    assert.equal(await page.getByTestId('sources').isVisible(), false);
    await chips.nth(1).click();
    assert.equal(await page.getByTestId('sources').isVisible(), true);
    assert.match((await page.locator('.source.selected').textContent()) ?? '', /Travel policy.*Book economy class/);
    await page.close();
  });

  it('marks split across streamed deltas end up as chips; without references a chip says "Source n"', async () => {
    const page = await openWith(s, { turns: [turn({ id: 'k2', kind: 'knowledge', status: 'streaming', answer: '', knowledge: { mode: 'divergent', bases: [], references: [] } })] });
    for (const piece of ['First^', '[', '3', ']', '^ then 【', '4†do', 'c】 done.']) await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 'k2', answer: piece });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 'k2', kind: 'knowledge', answer: 'First^[3]^ then 【4†doc】 done.', knowledge: { mode: 'divergent', bases: [], references: [] } }) });
    await settled(page);
    const chips = page.getByTestId('citation');
    assert.deepEqual(await chips.allTextContents(), ['3', '4']);
    assert.equal(await chips.nth(0).getAttribute('title'), 'Source 3');
    assert.equal(await page.getByTestId('knowledge-badge').textContent(), 'Divergent');
    assert.equal(await page.getByTestId('no-hits').count(), 0, 'an answer with marks is not "no hits"');
    await page.close();
  });

  it('shows "No hits" and the apology as a notice when the answer has no mark and no references', async () => {
    const apology = 'Sorry, the knowledge base has nothing on this question.';
    const page = await openWith(s, { turns: [turn({ id: 'k3', kind: 'knowledge', answer: apology, knowledge: { mode: 'strict', bases: [], references: [] } })] });
    await page.getByTestId('no-hits').waitFor();
    assert.equal(await page.getByTestId('no-hits').textContent(), 'No hits');
    assert.equal((await page.getByTestId('answer').textContent())?.trim(), apology);
    assert.equal(await page.getByTestId('answer').evaluate((el) => el.classList.contains('answer-notice')), true);
    assert.equal(await page.getByTestId('turn-error').count(), 0, 'a notice, not an error');
    await page.close();
    const removed = await openWith(s, { turns: [turn({ id: 'k4', kind: 'knowledge', answer: 'An answer whose marks were removed.', knowledge: { mode: 'strict', bases: [], references: [], marksRemoved: true } })] });
    await removed.getByTestId('knowledge-badge').waitFor();
    assert.equal(await removed.getByTestId('no-hits').count(), 0, 'no "No hits" guessed when marks were asked away');
    await removed.close();
  });

  it('the speaker button of a finished answer posts readAloud with its turn', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't9', answer: 'Hello there.' }), turn({ id: 't10', status: 'streaming', answer: 'Still' })] });
    assert.equal(await page.getByTestId('read-aloud').count(), 1, 'only finished answers have one');
    await page.getByTestId('read-aloud').click();
    assert.deepEqual(await waitForPosted(page, 'readAloud'), { type: 'readAloud', turnId: 't9' });
    await page.close();
  });

  it('plays the segments in order with the sentence highlighted, then reports the end', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One. Two.' })] });
    await deliver(page, start(2));
    await page.getByTestId('player').waitFor();
    await deliver(page, segment(0, 'First sentence.', false));
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return a !== null && a.duration > 0 && a.currentTime > 0;
    });
    const first = await audioState(page);
    assert.ok(first.duration > 0.5 && first.src.startsWith('blob:'));
    assert.equal(await page.getByTestId('player-sentence').textContent(), 'First sentence.');
    assert.match((await page.getByTestId('player-position').textContent()) ?? '', /^Sentence 1 of 2 · 0:0\d$/);
    await deliver(page, segment(1, 'Second sentence.', true));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'Second sentence.');
    const second = await audioState(page);
    assert.notEqual(second.src, first.src, 'the next segment has its own Blob URL');
    assert.match((await page.getByTestId('player-position').textContent()) ?? '', /^Sentence 2 of 2/);
    assert.deepEqual(await waitForPosted(page, 'speechEnded'), { type: 'speechEnded', playbackId: 'p1' });
    await page.close();
  });

  it('pause, speed, save and stop change the audio element and post only what they should', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] });
    await deliver(page, start(2));
    await deliver(page, segment(0, 'A long sentence.', false, 3));
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0);
    await page.getByTestId('player-toggle').click();
    // The label follows the element's 'pause' event, which the browser queues after `paused` flips.
    await waitForToggle(page, true, 'Play');
    await page.getByTestId('player-speed').selectOption('1.5');
    assert.equal((await audioState(page)).rate, 1.5);
    await page.getByTestId('player-toggle').click();
    await waitForToggle(page, false, 'Pause');
    const types = (await posted(page)).map((m) => m.type).filter((t) => t !== 'ready');
    assert.deepEqual(types, [], 'pause, resume and speed are local to the webview');
    await page.getByTestId('player-save').click();
    assert.deepEqual(await waitForPosted(page, 'saveAudio'), { type: 'saveAudio', playbackId: 'p1' });
    await page.getByTestId('player-stop').click();
    assert.deepEqual(await waitForPosted(page, 'speechEnded'), { type: 'speechEnded', playbackId: 'p1', stopped: true });
    const stopped = await audioState(page);
    assert.equal(stopped.paused, true);
    assert.equal(await page.getByTestId('player').isVisible(), false);
    await page.close();
  });

  it('a speechStop from the host closes the player without reporting back', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] });
    await deliver(page, start(1));
    await deliver(page, segment(0, 'Only.', true, 3));
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0);
    await deliver(page, { type: 'speechStop', playbackId: 'p1' });
    await page.getByTestId('player').waitFor({ state: 'hidden' });
    assert.equal((await audioState(page)).paused, true);
    assert.equal((await posted(page)).some((m) => m.type === 'speechEnded'), false);
    await page.close();
  });
});

describe('the read-aloud player under the default autoplay policy', () => {
  let s: WebviewSession;
  before(async () => {
    s = await session(false);
  });
  after(async () => {
    await s?.close();
  });

  it('shows a play control when autoplay is refused; a click on it starts playback', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] });
    await deliver(page, start(1));
    await deliver(page, segment(0, 'Blocked at first.', true, 2));
    const blocked = page.getByTestId('player-autoplay-blocked');
    await blocked.waitFor();
    assert.equal((await audioState(page)).paused, true);
    assert.equal((await posted(page)).some((m) => m.type === 'speechError'), false, 'a refused autoplay is not an error');
    await blocked.click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0);
    await blocked.waitFor({ state: 'hidden' });
    await page.close();
  });
});
