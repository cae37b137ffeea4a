// The chat webview's streaming cost in Chromium: main-thread time to stream a ~20,000-token Markdown answer into
// the real view (rAF-coalesced, incremental), against rendering the final answer once and against a naive view
// that re-renders the whole answer on every chunk, all in the same run and the same browser. Main-thread time is
// Chromium's own TaskDuration (webviewPage.ts).
import type { CDPSession, Page } from 'playwright-core';
import type { WebviewStrings } from '../src/shared/protocol';
import { englishStrings } from '../test/browser/englishStrings';
import { openWebview, startSession } from '../test/browser/webviewHarness';
import { compared, median, progressOf, sized, type BenchResult } from './benchResult';
import { HOST_DELTA_MS, hostDeltas, openStreamingTurn, SERVICE_PACE_MS, streamInRealTime } from './realisticStream';
import { bundle, cdpFor, measured, taskMs } from './webviewPage';

/** ~4 characters per token, the usual estimate for English text and code. */
const targetChars = sized(80_000, 2_000);
/**
 * Characters per delta (~40 tokens) for the comparison with the naive view, whose cost grows with the square of
 * the number of deltas (at 40 characters it took 400 s); the ~1-token row shows the real view at 4 characters.
 */
const chunkChars = 160;
const repetitions = sized(5, 1);
/** Characters streamed in real time at the start and at the end of the answer (~15 s each at the service's pace). */
const pacedChars = sized(2_400, 200);
/** The answer's size in tokens, as the rows name it. */
const tokens = `~${Math.round(targetChars / 4_000)}k-token`;

/** A long answer with what models write: headings, paragraphs, lists, code blocks, tables, quotes. */
export function longAnswer(chars: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i += 1) {
    const section = [
      `## Section ${i}: handling the ${['cache', 'queue', 'parser', 'client'][i % 4]}`,
      '',
      `The **${i}th** step explains why the \`worker\` must drain its queue before shutdown; see [the docs](https://example.com/docs/${i}) and www.example.org for details. It keeps going for a while so that the paragraph is realistic in length and wraps over several lines in a narrow side bar.`,
      '',
      '- first, check the input and return early on bad values',
      '- then, open the connection with a timeout',
      `- finally, close everything in a \`finally\` block (item ${i})`,
      '',
      '```ts',
      `export async function step${i}(input: readonly string[], signal: AbortSignal): Promise<number> {`,
      '  let total = 0;',
      '  for (const item of input) {',
      "    if (signal.aborted) throw new Error('aborted');",
      '    total += item.length; // count characters',
      '  }',
      '  return total;',
      '}',
      '```',
      '',
      '| option | default | meaning |',
      '|:-------|--------:|---------|',
      `| retries | ${i % 5} | how often to try again |`,
      '| timeout | 30 s | per request |',
      '',
      `> Note ${i}: the last step is optional when the queue is empty.`,
      '',
      `1. Measure.\n2. Change one thing.\n3. Measure again (${i}).`,
      '',
    ].join('\n');
    parts.push(section);
    size += section.length + 1;
  }
  return parts.join('\n');
}

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
    const strings: WebviewStrings = englishStrings;
    const renderOnce = async (): Promise<number> =>
      (
        await measured(naiveCdp, () =>
          naivePage.evaluate(
            async ({ text, strings }) => {
              (window as unknown as { __naiveBench: { renderOnce(t: string, s: unknown): number } }).__naiveBench.renderOnce(text, strings);
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            },
            { text: answer, strings },
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
    const startWindow = await streamInRealTime(page, () => taskMs(viewCdp), 'start', '', hostDeltas(answer.slice(0, pacedChars)));
    const endWindow = await streamInRealTime(page, () => taskMs(viewCdp), 'end', answer.slice(0, -pacedChars), hostDeltas(answer.slice(-pacedChars)));
    const perRender = (w: typeof startWindow): number => w.busyMs / w.deltas;
    for (const [label, w] of [
      ['start', startWindow],
      ['end', endWindow],
    ] as const) {
      progress(
        `real-time ${label}: ${w.deltas} deltas in ${w.wallMs.toFixed(0)} ms, busy ${w.busyMs.toFixed(1)} ms (${perRender(w).toFixed(2)} ms each), ${w.longFrames} long frames`,
      );
    }
    const { busy: naiveBusy } = await measured(naiveCdp, () =>
      naivePage.evaluate(
        async ({ chunks, strings }) => {
          await (window as unknown as { __naiveBench: { streamNaively(c: readonly string[], s: unknown): Promise<number> } }).__naiveBench.streamNaively(
            chunks,
            strings,
          );
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        },
        { chunks, strings },
      ),
    );
    progress(`naive ${naiveBusy.toFixed(1)} ms`);
    const singleMs = median(single);
    const streamMs = median(streamed);
    return [
      { name: `webview: render the final ${answer.length}-char (${tokens}) answer once`, value: singleMs, unit: 'ms' },
      compared(`webview: stream it in ${chunks.length} deltas, as fast as messages allow, vs once`, streamMs, singleMs, 'ms'),
      compared(`webview: naive full re-render on each of ${chunks.length} deltas vs once`, naiveBusy, singleMs, 'ms'),
      compared('webview: streamed vs naive re-render', streamMs, naiveBusy, 'ms'),
      compared(`webview: stream in ${tokenChunks.length} 4-char (~1-token) deltas vs once`, perToken, singleMs, 'ms'),
      compared(
        `webview: … the same net of the browser delivering ${tokenChunks.length} messages to an empty page (${floor.toFixed(0)} ms), vs once`,
        perToken - floor,
        singleMs,
        'ms',
      ),
      {
        name: `webview: real-time stream (${SERVICE_PACE_MS} ms/token, a delta per ${HOST_DELTA_MS} ms), start of the answer: main-thread time per delta`,
        value: perRender(startWindow),
        unit: 'ms',
      },
      compared(`webview: … at the end of the ${tokens} answer, per delta, vs at its start`, perRender(endWindow), perRender(startWindow), 'ms'),
      { name: 'webview: … at the end: share of the main thread busy', value: (100 * endWindow.busyMs) / endWindow.wallMs, unit: '%' },
      { name: 'webview: … at the end: frames over 50 ms', value: endWindow.longFrames, unit: 'frames' },
    ];
  } finally {
    await view.close();
    await naive.close();
  }
}
