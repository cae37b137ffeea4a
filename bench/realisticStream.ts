// A stream paced as a real one reaches the chat view: the service sends one token per chunk (its token rule,
// `--pace` 25 ms apart by default), and the host coalesces what arrived into one `turnDelta` message per 30 ms
// (ChatSession's default `deltaIntervalMs`, applied by DeltaBatcher). Measures the view's main-thread cost per render.
import type { Page } from 'playwright-core';
import { splitIntoTokenPieces } from '../service/src/chat/tokenCount';
import { conversation, snapshot, turn } from '../test/browser/snapshotFixture';
import { deliver, settled } from '../test/browser/webviewHarness';

/** The local service's default pause between two token chunks (`--pace`). */
export const SERVICE_PACE_MS = 25;
/** The host's delta coalescing interval (ChatSession's default `deltaIntervalMs`). */
export const HOST_DELTA_MS = 30;

/** The text of each `turnDelta` the view gets for `text`, streamed token by token and batched by the host. */
export function hostDeltas(text: string): string[] {
  const tokens = splitIntoTokenPieces(text);
  const deltas: string[] = [];
  let sent = 0;
  for (let at = HOST_DELTA_MS; sent < tokens.length; at += HOST_DELTA_MS) {
    const arrived = Math.min(tokens.length, Math.floor(at / SERVICE_PACE_MS));
    if (arrived > sent) deltas.push(tokens.slice(sent, arrived).join(''));
    sent = Math.max(sent, arrived);
  }
  return deltas;
}

/** Shows a fresh conversation whose one turn (`t`) is streaming, `prefix` written so far, once it is rendered. */
export async function openStreamingTurn(page: Page, conversationId: string, prefix = ''): Promise<void> {
  await deliver(page, {
    type: 'snapshot',
    snapshot: snapshot({ active: conversation({ id: conversationId, turns: [turn({ id: 't', status: 'streaming', answer: prefix })] }) }),
  });
  await page.locator('[data-testid="turn"][data-status="streaming"]').waitFor();
  await settled(page);
}

export interface PacedResult {
  /** Main-thread time (Chromium TaskDuration) over the stream, ms. */
  readonly busyMs: number;
  readonly wallMs: number;
  readonly deltas: number;
  /** Frames the browser reported as long animation frames (over 50 ms). */
  readonly longFrames: number;
}

/**
 * Streams `deltas` in real time (one message per HOST_DELTA_MS) into a turn that already shows `prefix`, as the end
 * of a long answer does, and measures the main thread meanwhile.
 */
export async function streamInRealTime(
  page: Page,
  taskMs: () => Promise<number>,
  run: string,
  prefix: string,
  deltas: readonly string[],
): Promise<PacedResult> {
  const conversationId = `paced-${run}`;
  await openStreamingTurn(page, conversationId, prefix);
  const before = await taskMs();
  const { wallMs, longFrames } = await page.evaluate(
    async ({ deltas, conversationId, interval }) => {
      const long: number[] = [];
      const observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((entry) => entry.duration)));
      observer.observe({ type: 'long-animation-frame' });
      const start = performance.now();
      for (const answer of deltas) {
        window.postMessage({ type: 'turnDelta', conversationId, turnId: 't', answer }, '*');
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const wall = performance.now() - start;
      observer.disconnect();
      return { wallMs: wall, longFrames: long.length };
    },
    { deltas, conversationId, interval: HOST_DELTA_MS },
  );
  return { busyMs: (await taskMs()) - before, wallMs, deltas: deltas.length, longFrames };
}
