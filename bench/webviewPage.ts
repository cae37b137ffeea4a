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

export async function cdpFor(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}
