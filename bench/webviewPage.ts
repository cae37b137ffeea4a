// What the webview benchmarks share: the view's bundle built in memory (so a run never measures a stale dist/), and
// Chromium's own main-thread clock for a page (DevTools Performance.getMetrics' TaskDuration: script, style, layout
// and paint alike, so work the browser does after a frame counts as much as work done in a callback).
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { CDPSession, Page } from 'playwright-core';

const root = path.resolve(__dirname, '..');

export async function bundle(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    tsconfig: path.join(root, 'tsconfig.webview.json'),
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The page's cumulative main-thread task time, in milliseconds. */
export async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
}

export async function measured<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ busy: number; result: T }> {
  const before = await taskMs(cdp);
  const result = await work();
  return { busy: (await taskMs(cdp)) - before, result };
}

/** The page's cumulative main-thread time, ms: busy (TaskDuration, wall clock) and on the CPU (ThreadTime). */
export async function mainThreadMs(cdp: CDPSession): Promise<{ task: number; cpu: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string): number => (metrics.find((metric) => metric.name === name)?.value ?? Number.NaN) * 1000;
  return { task: value('TaskDuration'), cpu: value('ThreadTime') };
}

/** One task of the page's main thread, from a DevTools trace: wall-clock and CPU time, ms. */
export interface MainThreadTask {
  readonly wallMs: number;
  readonly cpuMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Runs `work` under a DevTools trace and returns the tasks of the page's main thread (CrRendererMain) meanwhile. */
export async function tracedTasks<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ tasks: MainThreadTask[]; result: T }> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }): void => void events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  try {
    const result = await work();
    await cdp.send('Tracing.end');
    await complete;
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
      .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
    return { tasks, result };
  } finally {
    cdp.off('Tracing.dataCollected', collect);
  }
}

export async function cdpFor(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}
