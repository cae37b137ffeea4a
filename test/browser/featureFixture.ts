// What the knowledge and player browser suites share: real WAV segments, the Chrome user-gesture rule for play(),
// a webview session (server + Chromium) and a page opened on a snapshot.
import type { Browser, Page } from 'playwright-core';
import type { HostToWebview, KnowledgeView } from '../../src/shared/protocol';
import { pcmWav } from '../fixtures/pcmWav';
import { launchBrowser } from '../harness/browser';
import { conversation, snapshot } from './snapshotFixture';
import { deliver, openWebview, type UiLanguage, type WebviewSession } from './webviewHarness';
import { startWebviewServer, type WebviewServer } from './webviewServer';

/** A mono 16-bit 8 kHz WAV: `seconds` of a quiet tone, so the audio element has a real duration. */
export function toneWav(seconds: number, hz: number): string {
  const rate = 8000;
  const samples = Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 3000));
  return pcmWav(samples, rate).toString('base64');
}

export const references: KnowledgeView['references'] = [
  { index: 1, title: 'Leave policy', text: 'Employees get ten days of leave.' },
  { index: 2, title: 'Travel policy', text: 'Book economy class.' },
];

export const knowledgeAnswer = 'Leave is ten days^[1]^. Travel is economy[^2^]. Also [1] and 【2】 and 【1†source】. Code: `x[1]`.';

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

export async function session(autoplay: boolean): Promise<{ server: WebviewServer; browser: Browser; close: () => Promise<void> }> {
  const server = await startWebviewServer(autoplay ? {} : { extraScripts: { '/gesture-policy.js': gesturePolicy } });
  const browser = await launchBrowser({ autoplay });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Opens the view (in English, or in the UI `language` given) on a snapshot of these turns. */
export async function openWith(s: WebviewSession, turns: Parameters<typeof conversation>[0], options: { language?: UiLanguage } = {}): Promise<Page> {
  const page = await openWebview(s, options);
  await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation(turns) }) });
  await page.getByTestId('turn').first().waitFor();
  return page;
}

export function start(sentences: number): HostToWebview {
  return { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences, format: 'wav' };
}

export function segment(index: number, text: string, last: boolean, seconds = 0.6): HostToWebview {
  return {
    type: 'speechSegment',
    playbackId: 'p1',
    index,
    text,
    format: 'wav',
    audioBase64: toneWav(seconds, 440 + index * 110),
    ...(last ? { last: true } : {}),
  };
}

/** Waits until the audio element is (not) paused and the toggle shows the matching label. */
export async function waitForToggle(page: Page, paused: boolean, label: string): Promise<void> {
  await page.waitForFunction(
    ([p, l]) =>
      document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.paused === p &&
      document.querySelector('[data-testid="player-toggle"]')?.getAttribute('aria-label') === l,
    [paused, label] as const,
  );
}

export const audioState = (page: Page): Promise<{ src: string; paused: boolean; duration: number; currentTime: number; rate: number }> =>
  page.getByTestId('player-audio').evaluate((el) => {
    const a = el as HTMLAudioElement;
    return { src: a.src, paused: a.paused, duration: a.duration, currentTime: a.currentTime, rate: a.playbackRate };
  });
