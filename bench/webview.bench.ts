// The chat webview's streaming cost in Chromium: main-thread time to stream a ~20,000-token Markdown answer into
// the real view (rAF-coalesced, incremental), against rendering the final answer once and against a naive view
// that re-renders the whole answer on every chunk, all in the same run and the same browser.
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import type { WebviewStrings } from '../src/shared/protocol';
import { englishStrings } from '../test/browser/englishStrings';
import { conversation, snapshot, turn } from '../test/browser/snapshotFixture';
import { deliver, openWebview, settled, startSession } from '../test/browser/webviewHarness';
import { compared, type BenchResult } from './benchResult';

const root = path.resolve(__dirname, '..');
/** ~4 characters per token, the usual estimate for English text and code. */
const targetChars = 80_000;
/** Characters per delta: ~10 tokens, as a host batching SSE events per tick would send them. */
const chunkChars = 40;
const repetitions = 5;

// Times every 'message' listener and every requestAnimationFrame callback of the webview: its main-thread work.
const instrumentation = `
window.__busy = 0;
window.__frames = 0;
(function () {
  var add = window.addEventListener.bind(window);
  window.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') return add(type, listener, options);
    return add(type, function (event) {
      var started = performance.now();
      try { return listener.call(this, event); } finally { window.__busy += performance.now() - started; }
    }, options);
  };
  var raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = function (callback) {
    return raf(function (time) {
      var started = performance.now();
      try { callback(time); } finally { window.__busy += performance.now() - started; window.__frames += 1; }
    });
  };
})();
`;

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

function progress(text: string): void {
  process.stderr.write(`[bench] webview: ${text}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function bundle(entry: string): Promise<string> {
  const result = await esbuild.build({ entryPoints: [path.join(root, entry)], bundle: true, write: false, minify: true, platform: 'browser', format: 'iife', target: 'chrome120', tsconfig: path.join(root, 'tsconfig.webview.json'), logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

/** Streams `chunks` into a fresh streaming turn of the real view; `paced` waits one frame between chunks. */
async function streamIntoView(page: Page, run: number, chunks: readonly string[], final: string, paced: boolean): Promise<{ busy: number; frames: number }> {
  const conversationId = `bench-${run}`;
  await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ id: conversationId, turns: [turn({ id: 't', status: 'streaming' })] }) }) });
  await page.locator('[data-testid="turn"][data-status="streaming"]').waitFor();
  await settled(page);
  return page.evaluate(
    async ({ chunks, final, paced, conversationId }) => {
      const w = window as unknown as { __busy: number; __frames: number };
      w.__busy = 0;
      w.__frames = 0;
      for (const answer of chunks) {
        window.postMessage({ type: 'turnDelta', conversationId, turnId: 't', answer }, '*');
        if (paced) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      window.postMessage({ type: 'turnUpdate', conversationId, turn: { id: 't', kind: 'chat', question: 'Question?', images: [], context: [], answer: final, reasoning: '', status: 'done', model: 'svc_llm', createdAt: 0 } }, '*');
      // No named helpers in here: tsx would wrap them in a `__name` call that does not exist in the page.
      while (document.querySelector('[data-testid="turn"][data-status="done"]') === null) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { busy: w.__busy, frames: w.__frames };
    },
    { chunks, final, paced, conversationId },
  );
}

export default async function webviewBench(): Promise<BenchResult[]> {
  const answer = longAnswer(targetChars);
  const chunks = chunk(answer, chunkChars);
  const tokenChunks = chunk(answer, 4);
  const [viewBundle, naiveBundle] = await Promise.all([bundle('src/webview/main.ts'), bundle('test/browser/naiveRender.page.ts')]);
  const view = await startSession({ bundle: viewBundle, extraScripts: { '/instrumentation.js': instrumentation } });
  const naive = await startSession({ bundle: naiveBundle });
  try {
    const page = await openWebview(view);
    const naivePage = await naive.browser.newPage({ viewport: { width: 420, height: 800 } });
    await naivePage.goto(naive.server.origin);
    await naivePage.waitForFunction(() => '__naiveBench' in window);
    const strings: WebviewStrings = englishStrings;
    // Warm-up: the first run pays for JIT compilation in all three paths.
    await streamIntoView(page, -1, chunk(answer.slice(0, 20_000), chunkChars), answer.slice(0, 20_000), false);
    await naivePage.evaluate(({ text, strings }) => (window as unknown as { __naiveBench: { renderOnce(t: string, s: unknown): number } }).__naiveBench.renderOnce(text, strings), { text: answer, strings });

    const single: number[] = [];
    const streamed: number[] = [];
    for (let run = 0; run < repetitions; run += 1) {
      single.push(await naivePage.evaluate(({ text, strings }) => (window as unknown as { __naiveBench: { renderOnce(t: string, s: unknown): number } }).__naiveBench.renderOnce(text, strings), { text: answer, strings }));
      streamed.push((await streamIntoView(page, run, chunks, answer, false)).busy);
    }
    progress(`single ${single.map((v) => v.toFixed(1)).join('/')} ms; streamed ${streamed.map((v) => v.toFixed(1)).join('/')} ms`);
    const perToken = (await streamIntoView(page, 100, tokenChunks, answer, false)).busy;
    progress(`per-token stream ${perToken.toFixed(1)} ms`);
    const paced = await streamIntoView(page, 101, chunks, answer, true);
    progress(`paced stream ${paced.busy.toFixed(1)} ms in ${paced.frames} frames`);
    const naiveBusy = await naivePage.evaluate(
      ({ chunks, strings }) => (window as unknown as { __naiveBench: { streamNaively(c: readonly string[], s: unknown): Promise<number> } }).__naiveBench.streamNaively(chunks, strings),
      { chunks, strings },
    );
    const singleMs = median(single);
    const streamMs = median(streamed);
    progress(`naive ${naiveBusy.toFixed(1)} ms`);
    return [
      { name: `webview: render the final ${answer.length}-char (~20k-token) answer once`, value: singleMs, unit: 'ms' },
      compared(`webview: stream it in ${chunks.length} deltas, as fast as messages allow, vs once`, streamMs, singleMs, 'ms'),
      compared(`webview: naive full re-render on each of ${chunks.length} deltas vs once`, naiveBusy, singleMs, 'ms'),
      compared('webview: streamed vs naive re-render', streamMs, naiveBusy, 'ms'),
      compared(`webview: stream in ${tokenChunks.length} 4-char (~1-token) deltas vs once`, perToken, singleMs, 'ms'),
      compared(`webview: stream one delta per frame (${paced.frames} frames) vs once`, paced.busy, singleMs, 'ms'),
    ];
  } finally {
    await view.close();
    await naive.close();
  }
}
