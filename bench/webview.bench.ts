// The chat webview's streaming cost in Chromium: main-thread time to stream a ~20,000-token Markdown answer into
// the real view (rAF-coalesced, incremental), against rendering the final answer once and against a naive view
// that re-renders the whole answer on every chunk, all in the same run and the same browser. Main-thread time is
// Chromium's own TaskDuration (webviewPage.ts).
import type { CDPSession, Page } from 'playwright-core';
import { openWebview, startSession } from '../test/browser/webviewHarness';
import { longAnswer } from './longAnswer';
import { atMost, compared, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { HOST_DELTA_MS, hostDeltas, openStreamingTurn, SERVICE_PACE_MS, streamInRealTime, type PacedResult } from './realisticStream';
import { comparedRounds, figureRounds, settled, untilSettled, type RoundRule } from './stableRounds';
import { bundle, cdpFor, measured, taskMs } from './webviewPage';

/** ~4 characters per token, the usual estimate for English text and code. */
const targetChars = sized(80_000, 2_000);
/**
 * Characters per delta (~40 tokens) for the comparison with the naive view, whose cost grows with the square of
 * the number of deltas (smaller deltas make its run too long to repeat); the ~1-token row shows the real view at 4
 * characters.
 */
const chunkChars = 160;
const repetitions = sized(5, 1);
/** Characters streamed in real time at the start and at the end of the answer in each round (~15 s each at the service's pace). */
const pacedChars = sized(2_400, 200);
/**
 * The real-time rows are one window of the main thread each round, which what else the machine does moves by a few
 * points: they take rounds (a start window and an end window each) until every one of their verdicts is settled
 * (bench/stableRounds.ts).
 */
const REAL_TIME_ROUNDS: RoundRule = { min: sized(5, 1), max: sized(11, 1) };
/** The answer's size in tokens, as the rows name it. */
const tokens = `~${Math.round(targetChars / 4_000)}k-token`;

function chunk(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const progress = progressOf('webview');

/** Streams `chunks` into a fresh streaming turn of the real view, as fast as messages allow. */
async function streamIntoView(page: Page, cdp: CDPSession, run: number, chunks: readonly string[], final: string): Promise<number> {
  const conversationId = `bench-${run}`;
  await openStreamingTurn(page, conversationId);
  const { busy } = await measured(cdp, () =>
    page.evaluate(
      async ({ chunks, final, conversationId }) => {
        for (const answer of chunks) window.postMessage({ type: 'turnDelta', conversationId, turnId: 't', answer }, '*');
        window.postMessage(
          {
            type: 'turnUpdate',
            conversationId,
            turn: {
              id: 't',
              kind: 'chat',
              question: 'Question?',
              images: [],
              context: [],
              answer: final,
              reasoning: '',
              status: 'done',
              model: 'svc_llm',
              createdAt: 0,
            },
          },
          '*',
        );
        // No named helpers in here: tsx would wrap them in a `__name` call that does not exist in the page.
        while (document.querySelector('[data-testid="turn"][data-status="done"]') === null) await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      },
      { chunks, final, conversationId },
    ),
  );
  return busy;
}

/**
 * The browser's own cost of delivering `count` turnDelta-shaped messages to a page whose listener only reads them:
 * what any view pays for that many messages before doing anything with them (structured clone, event dispatch).
 */
async function messageFloor(session: Awaited<ReturnType<typeof startSession>>, count: number): Promise<number> {
  const page = await session.browser.newPage();
  try {
    await page.setContent('<html><body></body></html>');
    const cdp = await cdpFor(page);
    const runs: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      // A string, not a function: tsx would wrap a named helper in a `__name` call that does not exist in the page.
      const { busy } = await measured(cdp, () =>
        page.evaluate(`(async () => {
          let seen = 0;
          const listener = (event) => { if (typeof event.data.answer === 'string') seen += 1; };
          window.addEventListener('message', listener);
          for (let i = 0; i < ${count}; i += 1) window.postMessage({ type: 'turnDelta', conversationId: 'c', turnId: 't', answer: 'abcd' }, '*');
          while (seen < ${count}) await new Promise((resolve) => setTimeout(resolve, 5));
          window.removeEventListener('message', listener);
        })()`),
      );
      runs.push(busy);
    }
    return median(runs);
  } finally {
    await page.close();
  }
}

export default async function webviewBench(): Promise<BenchResult[]> {
  const answer = longAnswer(targetChars);
  const chunks = chunk(answer, chunkChars);
  const tokenChunks = chunk(answer, 4);
  const [viewBundle, naiveBundle] = await Promise.all([bundle('src/webview/main.ts'), bundle('test/browser/naiveRender.page.ts')]);
  const view = await startSession({ bundle: viewBundle });
  const naive = await startSession({ bundle: naiveBundle });
  try {
    const page = await openWebview(view);
    const naivePage = await naive.browser.newPage({ viewport: { width: 420, height: 800 } });
    await naivePage.goto(naive.server.origin);
    await naivePage.waitForFunction(() => '__naiveBench' in window);
    const [viewCdp, naiveCdp] = [await cdpFor(page), await cdpFor(naivePage)];
    const renderOnce = async (): Promise<number> =>
      (
        await measured(naiveCdp, () =>
          naivePage.evaluate(
            async ({ text }) => {
              (window as unknown as { __naiveBench: { renderOnce(t: string): number } }).__naiveBench.renderOnce(text);
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            },
            { text: answer },
          ),
        )
      ).busy;
    // Warm-up: the first run pays for JIT compilation in both pages.
    const warmUp = answer.slice(0, sized(20_000, 1_000));
    await streamIntoView(page, viewCdp, -1, chunk(warmUp, chunkChars), warmUp);
    await renderOnce();

    const single: number[] = [];
    const streamed: number[] = [];
    for (let run = 0; run < repetitions; run += 1) {
      single.push(await renderOnce());
      streamed.push(await streamIntoView(page, viewCdp, run, chunks, answer));
    }
    progress(`single ${single.map((v) => v.toFixed(1)).join('/')} ms; streamed ${streamed.map((v) => v.toFixed(1)).join('/')} ms`);
    const perToken = await streamIntoView(page, viewCdp, 100, tokenChunks, answer);
    const floor = await messageFloor(view, tokenChunks.length);
    progress(`per-token stream ${perToken.toFixed(1)} ms; delivering as many messages to an empty page ${floor.toFixed(1)} ms`);
    // Real time, as a stream reaches the view: at the start of the answer (little to lay out) and at its end.
    const frameShare = `A delta comes every ${HOST_DELTA_MS} ms: rendering it may take at most 15 % of the main thread, which leaves the rest of each frame to scrolling, typing and the audio player.`;
    const perStartDelta = atMost((HOST_DELTA_MS * 15) / 100, frameShare);
    const endVsStart = ratioAtMost(
      1.3,
      'Settled blocks are grouped and skipped whole by layout and paint: a delta at the end of a long answer may cost at most a third more than one at its start.',
    );
    const shareAtEnd = atMost(15, frameShare);
    const noLongFrames = atMost(
      0,
      'A frame over 50 ms is a long animation frame, the point at which input and scrolling visibly stall; streaming must cause none.',
    );
    const perRender = (w: PacedResult): number => w.busyMs / w.deltas;
    const share = (w: PacedResult): number => (100 * w.busyMs) / w.wallMs;
    const startDeltas = hostDeltas(answer.slice(0, pacedChars));
    const endDeltas = hostDeltas(answer.slice(-pacedChars));
    const windows = await untilSettled<{ start: PacedResult; end: PacedResult }>(
      REAL_TIME_ROUNDS,
      (rounds) =>
        settled(
          rounds.map((r) => perRender(r.start)),
          perStartDelta,
        ) &&
        settled(
          rounds.map((r) => perRender(r.end) / perRender(r.start)),
          endVsStart,
        ) &&
        settled(
          rounds.map((r) => share(r.end)),
          shareAtEnd,
        ) &&
        settled(
          rounds.map((r) => r.end.longFrames),
          noLongFrames,
        ),
      async (round) => {
        const start = await streamInRealTime(page, () => taskMs(viewCdp), `start-${round}`, '', startDeltas);
        const end = await streamInRealTime(page, () => taskMs(viewCdp), `end-${round}`, answer.slice(0, -pacedChars), endDeltas);
        for (const [label, w] of [
          ['start', start],
          ['end', end],
        ] as const) {
          progress(
            `real-time round ${round + 1} ${label}: ${w.deltas} deltas in ${w.wallMs.toFixed(0)} ms, busy ${w.busyMs.toFixed(1)} ms (${perRender(w).toFixed(2)} ms each, ${share(w).toFixed(1)} %), ${w.longFrames} long frames`,
          );
        }
        return { start, end };
      },
    );
    const frames = windows.map((w) => w.end.longFrames);
    const realTime = `median of ${REAL_TIME_ROUNDS.min}-${REAL_TIME_ROUNDS.max} rounds of ${startDeltas.length} deltas, until the verdicts settle`;
    const { busy: naiveBusy } = await measured(naiveCdp, () =>
      naivePage.evaluate(
        async ({ chunks }) => {
          await (window as unknown as { __naiveBench: { streamNaively(c: readonly string[]): Promise<number> } }).__naiveBench.streamNaively(chunks);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        },
        { chunks },
      ),
    );
    progress(`naive ${naiveBusy.toFixed(1)} ms`);
    const singleMs = median(single);
    const streamMs = median(streamed);
    return [
      compared(
        `webview: stream a ${answer.length}-char (${tokens}) answer in ${chunks.length} deltas as fast as messages allow, vs rendering the final answer once`,
        streamMs,
        singleMs,
        'ms',
        ratioAtMost(
          3,
          'Streaming renders in pieces what one render does at once: re-rendering the open block as it grows may cost twice the one render more, not a multiple of the answer.',
        ),
      ),
      compared(
        `webview: the same stream, vs a naive view re-rendering the whole answer on each of the ${chunks.length} deltas`,
        streamMs,
        naiveBusy,
        'ms',
        ratioAtMost(
          0.1,
          'The incremental renderer exists because re-rendering the whole answer on each delta grows with the square of its length: it must be an order of magnitude cheaper, or it is not worth its complexity.',
        ),
      ),
      compared(
        `webview: the answer in ${tokenChunks.length} 4-char (~1-token) deltas, net of the browser delivering as many messages to an empty page, vs once`,
        perToken - floor,
        singleMs,
        'ms',
        ratioAtMost(
          1.5,
          'A burst of one-token deltas is folded into one render per frame: the view may add half a render to what the messages alone cost, whatever their number.',
        ),
        `${perToken.toFixed(0)} ms with the ${floor.toFixed(0)} ms of delivering the messages`,
      ),
      figureRounds(
        `webview: real-time stream (${SERVICE_PACE_MS} ms/token, a delta per ${HOST_DELTA_MS} ms), start of the answer: main-thread time per delta (${realTime})`,
        windows.map((w) => perRender(w.start)),
        'ms',
        perStartDelta,
      ),
      comparedRounds(
        `webview: real-time stream, end of the ${tokens} answer: main-thread time per delta, vs at its start (${realTime})`,
        windows.map((w) => ({ value: perRender(w.end), baseline: perRender(w.start) })),
        'ms',
        endVsStart,
      ),
      figureRounds(
        `webview: real-time stream, end of the ${tokens} answer: share of the main thread busy (${realTime})`,
        windows.map((w) => share(w.end)),
        '%',
        shareAtEnd,
      ),
      figureRounds(
        `webview: real-time stream, end of the ${tokens} answer: frames over 50 ms (${realTime})`,
        frames,
        'frames',
        noLongFrames,
        `${frames.reduce((sum, n) => sum + n, 0)} in all`,
      ),
    ];
  } finally {
    await view.close();
    await naive.close();
  }
}
