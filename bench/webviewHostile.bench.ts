// Hostile answers in the chat view: each shape of test/fixtures/hostileMarkdown.ts, 40,000
// characters streamed in 400 deltas into the real view, against plain prose of the same length streamed the same
// way in the same run and the same browser. A delta is posted every HOST_DELTA_MS, as the host coalesces tokens,
// and never before the previous one has been rendered: a view slower than that is measured on every delta rather
// than having its deltas merged while it is busy. The ratios compare the main thread's CPU time (Chromium's
// ThreadTime), which the other work on a shared machine hardly moves; its busy time (TaskDuration, wall clock, what
// the other webview benchmarks report) is given too. The longest task comes from a DevTools trace of each stream.
import type { CDPSession, Page } from 'playwright-core';
import type { HostToWebview } from '../src/shared/protocol';
import { hostileShapes, plainProse } from '../test/fixtures/hostileMarkdown';
import { turn } from '../test/browser/snapshotFixture';
import { openWebview, startSession } from '../test/browser/webviewHarness';
import { atMost, compared, figure, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { HOST_DELTA_MS, openStreamingTurn } from './realisticStream';
import { bundle, cdpFor, mainThreadMs, tracedTasks } from './webviewPage';

const answerChars = sized(40_000, 2_000);
const deltaCount = sized(400, 20);
/** Plain prose is streamed this many times (first, between the shapes, last); its median is the baseline. */
const proseRuns = sized(3, 2);

const progress = progressOf('webviewHostile');

function deltasOf(text: string): string[] {
  const size = Math.ceil(text.length / deltaCount);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

interface StreamFigures {
  /** Main-thread CPU time from the first delta to the frame after the final update, ms. */
  readonly cpuMs: number;
  /** The same as busy time (wall clock), ms. */
  readonly taskMs: number;
  readonly wallMs: number;
  /** The longest main-thread task meanwhile, in wall-clock and in CPU time, ms. */
  readonly longestTaskMs: number;
  readonly longestTaskCpuMs: number;
}

/** Streams `text` in deltas into a fresh streaming turn, then ends it with the final text, as the host does. */
async function streamShape(page: Page, cdp: CDPSession, run: string, text: string): Promise<StreamFigures> {
  const conversationId = `hostile-${run}`;
  await openStreamingTurn(page, conversationId);
  // The host's last word on the turn: done, with the whole text.
  const update: HostToWebview = { type: 'turnUpdate', conversationId, turn: turn({ id: 't', status: 'done', answer: text }) };
  const before = await mainThreadMs(cdp);
  const { tasks, result: wallMs } = await tracedTasks(cdp, () =>
    page.evaluate(
      async ({ deltas, done, conversationId, interval }) => {
        // No named helpers in here: tsx would wrap them in a `__name` call that does not exist in the page.
        const start = performance.now();
        for (const answer of deltas) {
          const posted = performance.now();
          // The next message is this delta; the view has handled it when this listener (added after the view's)
          // runs, and has rendered it once the frame after it is over.
          const rendered = new Promise((resolve) =>
            window.addEventListener('message', () => requestAnimationFrame(() => setTimeout(resolve, 0)), { once: true }),
          );
          window.postMessage({ type: 'turnDelta', conversationId, turnId: 't', answer }, '*');
          await rendered;
          const left = interval - (performance.now() - posted);
          if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        }
        window.postMessage(done, '*');
        while (document.querySelector('[data-testid="turn"][data-status="done"]') === null) await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return performance.now() - start;
      },
      { deltas: deltasOf(text), done: update, conversationId, interval: HOST_DELTA_MS },
    ),
  );
  const after = await mainThreadMs(cdp);
  return {
    cpuMs: after.cpu - before.cpu,
    taskMs: after.task - before.task,
    wallMs,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.wallMs)),
    longestTaskCpuMs: Math.max(0, ...tasks.map((task) => task.cpuMs)),
  };
}

function describe(name: string, figures: StreamFigures): string {
  return (
    `${name}: CPU ${figures.cpuMs.toFixed(0)} ms, busy ${figures.taskMs.toFixed(0)} ms over ${figures.wallMs.toFixed(0)} ms; ` +
    `longest task ${figures.longestTaskMs.toFixed(0)} ms (longest on the CPU ${figures.longestTaskCpuMs.toFixed(0)} ms)`
  );
}

export default async function webviewHostileBench(): Promise<BenchResult[]> {
  const prose = plainProse(answerChars);
  const shapes = hostileShapes(answerChars);
  const session = await startSession({ bundle: await bundle('src/webview/main.ts') });
  try {
    const page = await openWebview(session);
    const cdp = await cdpFor(page);
    // Warm-up: the first stream pays for compiling the view's code.
    await streamShape(page, cdp, 'warm-up', prose.slice(0, 8_000));
    const proseRunsMs: StreamFigures[] = [];
    const shapeFigures = new Map<string, StreamFigures>();
    const proseAt = new Set(Array.from({ length: proseRuns }, (_, i) => Math.round((i * shapes.length) / (proseRuns - 1))));
    for (let i = 0; i <= shapes.length; i += 1) {
      if (proseAt.has(i)) {
        const figures = await streamShape(page, cdp, `prose-${i}`, prose);
        progress(describe('plain prose', figures));
        proseRunsMs.push(figures);
      }
      const shape = shapes[i];
      if (shape === undefined) continue;
      const figures = await streamShape(page, cdp, shape.name, shape.text);
      progress(describe(shape.name, figures));
      shapeFigures.set(shape.name, figures);
    }
    const proseCpu = median(proseRunsMs.map((figures) => figures.cpuMs));
    const proseTask = median(proseRunsMs.map((figures) => figures.taskMs));
    const all = [...proseRunsMs, ...shapeFigures.values()];
    const figuresOf = (name: string): StreamFigures | undefined => shapeFigures.get(name);
    for (const shape of shapes) {
      const figures = figuresOf(shape.name);
      if (figures !== undefined)
        progress(`${shape.name}: ${(figures.cpuMs / proseCpu).toFixed(2)}× plain prose on the CPU, ${(figures.taskMs / proseTask).toFixed(2)}× in busy time`);
    }
    const worst = (of: (figures: StreamFigures) => number, baseline: number): number =>
      Math.max(...[...shapeFigures.values()].map((figures) => of(figures) / baseline));
    const threeTimes =
      'An answer shaped to be costly (by the model, or by a page it quotes) may slow the view, never past three times what plain prose of the same length costs: streaming stays smooth and the view usable.';
    return [
      ...shapes.map((shape) =>
        compared(
          `webview: hostile shape ${shape.name} vs plain prose, ${answerChars} characters in ${deltaCount} deltas, main-thread CPU time`,
          figuresOf(shape.name)?.cpuMs ?? Number.NaN,
          proseCpu,
          'ms',
          ratioAtMost(3, threeTimes),
        ),
      ),
      figure(
        'webview: hostile shapes, the worst ratio to plain prose in busy time (wall clock)',
        worst((figures) => figures.taskMs, proseTask),
        '×',
        atMost(3, threeTimes),
        `plain prose ${proseTask.toFixed(0)} ms busy, ${proseCpu.toFixed(0)} ms on the CPU`,
      ),
      figure(
        'webview: hostile shapes and plain prose, the longest main-thread task, its time on the CPU',
        Math.max(...all.map((f) => f.longestTaskCpuMs)),
        'ms',
        atMost(
          200,
          "A task this long delays the answer to a click or a key: 200 ms is the bound of a 'good' Interaction to Next Paint (web.dev). Its CPU time is the view's work; its wall-clock time on a shared machine is mostly the other processes' (in detail).",
        ),
        `the longest in wall-clock time ${Math.max(...all.map((f) => f.longestTaskMs)).toFixed(0)} ms`,
      ),
    ];
  } finally {
    await session.close();
  }
}
