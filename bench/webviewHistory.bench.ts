// Chat history at scale, in headless Chromium with the real view: time to the first painted frame when
// a 500-turn conversation opens, against a 5-turn one, and time to open the conversation list of 1,000 conversations,
// against 10, each baseline measured in the same run. Turns are realistic: a question and webview.bench.ts's
// longAnswer(2400) as the answer (3,000 characters of Markdown: headings, lists, TypeScript blocks, tables, quotes).
//
// First paint is wall time in the page, from the serialised message (JSON.parse of what the host sent, then
// window.postMessage, whose structured clone the webview pays too) to the first frame that shows the newest turn.
// "Open" is a fresh page, as when the view is shown or reloaded and gets the snapshot that answers its `ready`:
// that frame is the page's first content, so Chromium's own first-contentful-paint (a presentation time) marks it.
// "Switch" is a page already showing another conversation: the end of that frame's main-thread work (style,
// layout, paint), taken by a task queued from its animation callbacks. The start of the frame after (a double
// requestAnimationFrame) is printed too.
import type { Page } from 'playwright-core';
import type { TurnView } from '../src/shared/protocol';
import { conversation, history, snapshot, summaries } from '../test/browser/snapshotFixture';
import { deliver, openWebview, settled, startSession, type WebviewSession } from '../test/browser/webviewHarness';
import { atMost, compared, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { longAnswer } from './longAnswer';
import { bundle } from './webviewPage';

const longTurns = sized(500, 10);
const shortTurns = sized(5, 2);
const manyConversations = sized(1000, 20);
const fewConversations = sized(10, 2);
const repetitions = sized(7, 1);
/** The view settles (idle rendering of older turns, the list's next pages) before the next measurement. */
const settleMs = 1500;

const progress = progressOf('webview history');

/** `count` turns with ids `<prefix>-t<i>`: two conversations never share a turn id. */
function turns(count: number, prefix: string): TurnView[] {
  const answer = longAnswer(2_400);
  return history(count, `${prefix}-t`, (i) => ({
    question: `Question ${i}: the worker sometimes exits before its queue is empty. How should shutdown drain it, and what does the timeout guard against?`,
    answer,
    usage: { promptTokens: 1_200 + i, completionTokens: 600, totalTokens: 1_800 + i },
    createdAt: 1_700_000_000_000 + i * 60_000,
  }));
}

/** Milliseconds from the host's message to a frame showing what it changed. */
interface Paint {
  /** The end of the main-thread work (script, style, layout, paint) of the first frame that shows it. */
  readonly frameEnd: number;
  /** The start of the frame after that one (a double requestAnimationFrame). */
  readonly nextFrame: number;
  /** Chromium's first-contentful-paint, a presentation time, when this message brought the page's first content; else -1. */
  readonly contentful: number;
}

/**
 * Hands `json` (a serialised host message) to the page, then times, in the page, JSON.parse of it, postMessage to the
 * view, and the view's work up to the frames that first show `selector`. The page's own listener runs after the
 * view's (it was added later), so its first requestAnimationFrame falls after the view's render in that frame.
 */
async function toFirstPaint(page: Page, json: string, selector: string): Promise<Paint> {
  await page.evaluate((json) => ((window as unknown as { benchMessage: string }).benchMessage = json), json);
  // No named helpers in here: tsx would wrap them in a `__name` call that does not exist in the page.
  return page.evaluate(async (selector) => {
    const received = new Promise((resolve) => window.addEventListener('message', resolve, { once: true }));
    const start = performance.now();
    window.postMessage(JSON.parse((window as unknown as { benchMessage: string }).benchMessage), '*');
    await received;
    do await new Promise((resolve) => requestAnimationFrame(resolve));
    while (document.querySelector(selector) === null);
    // Still in the animation callbacks of the frame that shows it: its style, layout and paint follow in the same
    // task, so a task queued now runs once they are done.
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    });
    const frameEnd = performance.now() - start;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const nextFrame = performance.now() - start;
    const contentful = await new Promise<number>((resolve) => {
      new PerformanceObserver((entries) => {
        const entry = entries.getEntriesByName('first-contentful-paint')[0];
        if (entry !== undefined) resolve(entry.startTime >= start ? entry.startTime - start : -1);
      }).observe({ type: 'paint', buffered: true });
      setTimeout(() => resolve(-1), 2_000);
    });
    return { frameEnd, nextFrame, contentful };
  }, selector);
}

/** A fresh view receiving its first snapshot. */
async function openPaint(session: WebviewSession, json: string, selector: string): Promise<Paint> {
  const page = await openWebview(session);
  try {
    await page.waitForTimeout(300);
    return await toFirstPaint(page, json, selector);
  } finally {
    await page.close();
  }
}

function snapshotJson(count: number, id: string): string {
  return JSON.stringify({ type: 'snapshot', snapshot: snapshot({ active: conversation({ id, title: `${count} turns`, turns: turns(count, id) }) }) });
}

/** The newest turn's answer, rendered down to its table. */
const newest = (count: number, id: string): string => `[data-turn-id="${id}-t${count - 1}"] [data-testid="answer"] table`;

/** What the message alone costs a page that does nothing with it: JSON.parse, then postMessage to a listener. */
async function messageFloor(session: WebviewSession, json: string): Promise<number> {
  const page = await session.browser.newPage();
  try {
    await page.setContent('<html><body></body></html>');
    const runs: number[] = [];
    for (let run = 0; run < repetitions; run += 1) {
      runs.push(
        await page.evaluate(
          (json) =>
            new Promise<number>((resolve) => {
              const start = performance.now();
              window.addEventListener(
                'message',
                (event: MessageEvent<{ type?: unknown }>) => resolve(typeof event.data.type === 'string' ? performance.now() - start : -1),
                {
                  once: true,
                },
              );
              window.postMessage(JSON.parse(json), '*');
            }),
          json,
        ),
      );
    }
    return median(runs);
  } finally {
    await page.close();
  }
}

/** The median of each figure. */
function medianPaint(paints: readonly Paint[]): Paint {
  const of = (pick: (paint: Paint) => number): number => median(paints.map(pick));
  return { frameEnd: of((p) => p.frameEnd), nextFrame: of((p) => p.nextFrame), contentful: of((p) => p.contentful) };
}

/** Each run's figures as `frameEnd/nextFrame[/contentful]`, for the progress lines. */
function shown(paints: readonly Paint[]): string {
  const figure = (paint: Paint): string =>
    [paint.frameEnd, paint.nextFrame, paint.contentful]
      .filter((v) => v >= 0)
      .map((v) => v.toFixed(0))
      .join('/');
  return `${paints.map(figure).join(', ')} ms`;
}

/** Runs `measure` for the baseline and the subject in turn, a warm-up round and then `repetitions` counted ones. */
async function alternating(measure: (subject: boolean) => Promise<Paint>): Promise<{ subject: Paint[]; baseline: Paint[] }> {
  const runs = { subject: [] as Paint[], baseline: [] as Paint[] };
  for (let run = -1; run < repetitions; run += 1) {
    const baseline = await measure(false);
    const subject = await measure(true);
    if (run < 0) continue;
    runs.baseline.push(baseline);
    runs.subject.push(subject);
  }
  return runs;
}

export default async function webviewHistoryBench(): Promise<BenchResult[]> {
  const session = await startSession({ bundle: await bundle('src/webview/main.ts') });
  try {
    const long = snapshotJson(longTurns, 'long');
    const short = snapshotJson(shortTurns, 'short');
    const message = (subject: boolean): [string, string] => (subject ? [long, newest(longTurns, 'long')] : [short, newest(shortTurns, 'short')]);
    progress(`snapshot messages: ${longTurns} turns ${(long.length / 1024).toFixed(0)} KiB, ${shortTurns} turns ${(short.length / 1024).toFixed(1)} KiB`);

    // Opening the view on the conversation: a fresh page each time.
    const open = await alternating((subject) => openPaint(session, ...message(subject)));
    // Switching to it in a view that shows another conversation (and has settled since).
    const page = await openWebview(session);
    const other = snapshotJson(shortTurns, 'other');
    const switched = await alternating(async (subject) => {
      await toFirstPaint(page, other, newest(shortTurns, 'other'));
      await page.waitForTimeout(settleMs);
      return toFirstPaint(page, ...message(subject));
    });
    await page.waitForTimeout(settleMs);
    const rendered = await page.locator('[data-testid="turn"]').count();
    await page.close();
    progress(`open (frame end/next frame/first contentful paint): ${longTurns} turns ${shown(open.subject)}; ${shortTurns} turns ${shown(open.baseline)}`);
    progress(`switch (frame end/next frame): ${longTurns} turns ${shown(switched.subject)}; ${shortTurns} turns ${shown(switched.baseline)}`);
    progress(`turns rendered ${settleMs} ms after switching to the ${longTurns}-turn conversation: ${rendered}`);
    const floor = await messageFloor(session, long);
    progress(`the ${longTurns}-turn message alone: ${floor.toFixed(1)} ms`);
    const list = await listOpening(session);
    progress(`list (frame end/next frame): ${manyConversations} ${shown(list.subject)}; ${fewConversations} ${shown(list.baseline)}`);
    const [openLong, openShort] = [medianPaint(open.subject), medianPaint(open.baseline)];
    const [switchLong, switchShort] = [medianPaint(switched.subject), medianPaint(switched.baseline)];
    const [listMany, listFew] = [medianPaint(list.subject), medianPaint(list.baseline)];
    const thousand = manyConversations.toLocaleString('en');
    const why =
      'The view renders what is on screen and the rest as the reader nears it: a long conversation may cost at most what a short one does again (its snapshot message is larger).';
    return [
      compared(
        `webview: open a ${longTurns}-turn conversation, first paint vs a ${shortTurns}-turn one`,
        openLong.contentful,
        openShort.contentful,
        'ms',
        ratioAtMost(2, why),
        `to the end of that frame's work ${openLong.frameEnd.toFixed(1)} ms against ${openShort.frameEnd.toFixed(1)} ms; a ${(long.length / 1024).toFixed(0)} KiB snapshot`,
      ),
      compared(
        `webview: switching to it in an open view, first paint vs switching to a ${shortTurns}-turn one`,
        switchLong.frameEnd,
        switchShort.frameEnd,
        'ms',
        ratioAtMost(2, why),
        `${floor.toFixed(1)} ms of it parsing and delivering the message; ${rendered} turns rendered ${settleMs / 1000} s after`,
      ),
      compared(
        `webview: open the conversation list, ${thousand} conversations vs ${fewConversations}, to the end of the first frame's work`,
        listMany.frameEnd,
        listFew.frameEnd,
        'ms',
        atMost(100, "Opening the list answers a click: within 100 ms the answer feels instant (Nielsen's response-time limits), however long the history."),
        `${list.rows} rows built on opening`,
      ),
    ];
  } finally {
    await session.close();
  }
}

/**
 * The conversation list opened (the title bar's history button) in a view that has its snapshot, the open
 * conversation halfway down the list; closed again between two measurements.
 */
async function listOpening(session: WebviewSession): Promise<{ subject: Paint[]; baseline: Paint[]; rows: number }> {
  const pageWith = async (count: number): Promise<Page> => {
    const page = await openWebview(session);
    const id = `c${count / 2}`;
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({
        active: conversation({ id, title: 'Open', turns: turns(2, id) }),
        conversations: summaries(count, (i) => `Conversation ${i}: shutting down the worker cleanly`),
      }),
    });
    await page.locator(`[data-turn-id="${id}-t1"]`).waitFor();
    await settled(page);
    return page;
  };
  const pages = { subject: await pageWith(manyConversations), baseline: await pageWith(fewConversations) };
  const toggle = JSON.stringify({ type: 'toggleConversations' });
  let rows = 0;
  const runs = await alternating(async (subject) => {
    const [page, count] = subject ? [pages.subject, manyConversations] : [pages.baseline, fewConversations];
    const paint = await toFirstPaint(page, toggle, `[data-conversation-id="c${count / 2}"] [aria-current="true"]`);
    await page.waitForTimeout(300);
    if (subject) rows = await page.getByTestId('conversation-item').count();
    await deliver(page, { type: 'toggleConversations' });
    await page.waitForTimeout(300);
    return paint;
  });
  await pages.subject.close();
  await pages.baseline.close();
  return { ...runs, rows };
}
