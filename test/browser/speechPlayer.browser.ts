// Read aloud in the chat view, in Chromium with a fake host: the read-aloud player (real WAV segments played in order, the sentence and
// its position, controls, save) and the play control shown when autoplay is refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { audioState, openWith, segment, session, start, waitForToggle } from './featureFixture';
import type { HostToWebview } from '../../src/shared/protocol';
import { turn } from './snapshotFixture';
import { deliver, posted, waitForPosted, type WebviewSession } from './webviewHarness';

describe('the read-aloud player (autoplay allowed)', () => {
  let s: WebviewSession;
  before(async () => {
    s = await session(true);
  });
  after(async () => {
    await s?.close();
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
    const playing = (await page.getByTestId('player').boundingBox())?.height ?? 0;
    assert.deepEqual(await waitForPosted(page, 'speechEnded'), { type: 'speechEnded', playbackId: 'p1' });
    // Ended: the player folds to its bar of controls (replay, save, close), giving the transcript its room back.
    await page.getByTestId('player-sentence').waitFor({ state: 'hidden' });
    const ended = (await page.getByTestId('player').boundingBox())?.height ?? 0;
    assert.ok(ended > 0 && ended < playing, `the ended player is ${ended}px high, ${playing}px while playing`);
    assert.equal(await page.getByTestId('player-toggle').getAttribute('aria-label'), 'Play');
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
    assert.deepEqual(types, ['speechProgress'], 'only the start of sentence 1 is reported: pause, resume and speed are local to the webview');
    await page.getByTestId('player-save').click();
    assert.deepEqual(await waitForPosted(page, 'saveAudio'), { type: 'saveAudio', playbackId: 'p1' });
    await page.getByTestId('player-stop').click();
    assert.deepEqual(await waitForPosted(page, 'speechEnded'), { type: 'speechEnded', playbackId: 'p1', stopped: true });
    const stopped = await audioState(page);
    assert.equal(stopped.paused, true);
    assert.equal(await page.getByTestId('player').isVisible(), false);
    await page.close();
  });

  it("audio the browser cannot decode is reported in the view's language, with the browser's detail after them", async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] }, { language: 'zh-cn' });
    await deliver(page, start(1));
    await deliver(page, {
      type: 'speechSegment',
      playbackId: 'p1',
      index: 0,
      text: 'Broken.',
      format: 'wav',
      audioBase64: Buffer.from('not audio at all').toString('base64'),
      last: true,
    });
    const error = await waitForPosted(page, 'speechError');
    assert.match(error.message, /^音频无法播放。/);
    await page.getByTestId('player').waitFor({ state: 'hidden' });
    await page.close();
  });

  it('reports the sentence playing; Next and Previous seek, a sentence not here yet is waited for', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] });
    await deliver(page, start(3));
    await deliver(page, segment(0, 'First.', false, 3));
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0);
    const progress = async (): Promise<number[]> => (await posted(page)).flatMap((m) => (m.type === 'speechProgress' ? [m.index] : []));
    assert.deepEqual(await progress(), [0]);
    await page.getByTestId('player-next').click();
    await page.waitForFunction(() => /^Sentence 2 of 3/.test(document.querySelector('[data-testid="player-position"]')?.textContent ?? ''));
    assert.deepEqual(await progress(), [0, 1], 'the host is told, so it synthesises up to there');
    assert.equal((await audioState(page)).paused, true, 'nothing plays while the sentence is not here');
    await deliver(page, segment(1, 'Second.', false, 3));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'Second.');
    await page.getByTestId('player-previous').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'First.');
    assert.match((await page.getByTestId('player-position').textContent()) ?? '', /^Sentence 1 of 3/);
    assert.deepEqual(await progress(), [0, 1, 1, 0]);
    await page.close();
  });

  it('a speechStart with resumeAt (the view was shown again) plays from that sentence', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't1', answer: 'One.' })] });
    await deliver(page, { ...start(3), resumeAt: 1 } as HostToWebview);
    await deliver(page, segment(1, 'Second.', false));
    await page.waitForFunction(() => document.querySelector('[data-testid="player-sentence"]')?.textContent === 'Second.');
    assert.match((await page.getByTestId('player-position').textContent()) ?? '', /^Sentence 2 of 3/);
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
    assert.equal(
      (await posted(page)).some((m) => m.type === 'speechEnded'),
      false,
    );
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
    assert.equal(
      (await posted(page)).some((m) => m.type === 'speechError'),
      false,
      'a refused autoplay is not an error',
    );
    await blocked.click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0);
    await blocked.waitFor({ state: 'hidden' });
    await page.close();
  });
});
