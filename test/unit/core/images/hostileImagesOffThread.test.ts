// The extension host's thread while hostile image files are handled by the path Describe Image, @maas and the
// provider take (prepareImage with the image worker's real bundle), in plain Node: the host is a Node process and this
// is its code, while inside VS Code's host the figures would also measure VS Code's own work on the same thread. A
// probe ticks every millisecond; between two ticks it reads how long the thread ran (Linux's schedstat for this
// thread, in nanoseconds), so the longest a piece of work held the thread is measured as such, not mixed with the
// time a busy machine left the thread waiting for a core, and it records the highest resident memory (the worker's
// thread included: it lives in the same process). Each file is handled in turn; the test waits for the outcome, then
// for the probe's next tick, never for time.
import assert from 'node:assert/strict';
import { closeSync, openSync, readSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ImageDecoder } from '../../../../src/core/images/imageDecoder';
import { prepareImage, type PreparedImage } from '../../../../src/core/images/imagePreparation';
import { interlacedPngBomb, progressiveJpegBomb } from '../../../fixtures/hostileImages';
import { pngBomb } from '../../../fixtures/pixelBomb';
import { imageWorkerBundle } from './imageWorkerBundle';

const MB = 1_000_000;

/** Ticks every millisecond: the most this thread ran between two ticks, the longest gap, the highest memory. */
class ThreadProbe {
  private readonly schedstat = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  private readonly buffer = Buffer.alloc(128);
  private lastRanNs = this.ranNs();
  private lastTick = performance.now();
  private ticked: (() => void)[] = [];
  maxHeldMs = 0;
  maxGapMs = 0;
  peakRss = 0;
  private readonly timer = setInterval(() => {
    const ran = this.ranNs();
    const now = performance.now();
    this.maxHeldMs = Math.max(this.maxHeldMs, (ran - this.lastRanNs) / 1e6);
    this.maxGapMs = Math.max(this.maxGapMs, now - this.lastTick);
    this.lastRanNs = ran;
    this.lastTick = now;
    this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    for (const resolve of this.ticked.splice(0)) resolve();
  }, 1);

  /** Resolves on the probe's next tick. */
  tick(): Promise<void> {
    return new Promise((resolve) => this.ticked.push(resolve));
  }

  /** Starts a new measure at the next tick; resolves with the resident set size then. */
  async restart(): Promise<number> {
    await this.tick();
    this.maxHeldMs = 0;
    this.maxGapMs = 0;
    this.peakRss = process.memoryUsage.rss();
    return this.peakRss;
  }

  stop(): void {
    clearInterval(this.timer);
    closeSync(this.schedstat);
  }

  /** The nanoseconds this thread has run on a core (the first field of its schedstat). */
  private ranNs(): number {
    const length = readSync(this.schedstat, this.buffer, 0, this.buffer.length, 0);
    return Number(this.buffer.toString('latin1', 0, length).split(' ')[0]);
  }
}

describe("the extension host's thread while hostile images are handled", () => {
  const workerFile = imageWorkerBundle();
  let decoder: ImageDecoder;
  let probe: ThreadProbe;
  before(() => {
    decoder = new ImageDecoder({ workerFile: workerFile() });
    probe = new ThreadProbe();
  });
  after(() => {
    probe.stop();
    decoder.dispose();
  });

  const files: { name: string; bytes: () => Buffer; refused: PreparedImage }[] = [
    {
      name: 'an interlaced PNG whose data inflates to 256 MiB',
      bytes: () => interlacedPngBomb().bytes,
      refused: { ok: false, reason: 'surplusData', width: 1024, height: 1024 },
    },
    {
      name: 'a progressive JPEG of 2000 scans',
      bytes: () => progressiveJpegBomb(),
      refused: { ok: false, reason: 'tooManyScans', scans: 2000, maxScans: 100 },
    },
    {
      name: 'a PNG of 8000 × 8000 pixels',
      bytes: () => pngBomb(),
      refused: { ok: false, reason: 'tooManyPixels', width: 8000, height: 8000, maxPixels: 16_000_000 },
    },
  ];
  for (const file of files) {
    it(`${file.name}: no work holds the thread 100 ms, and memory grows less than 100 MB`, async (t) => {
      const bytes = file.bytes();
      const rssBefore = await probe.restart();
      const outcome = await prepareImage(bytes, 5_000_000, decoder);
      await probe.tick();
      const grewMb = (probe.peakRss - rssBefore) / MB;
      const figures = `the thread held ${probe.maxHeldMs.toFixed(1)} ms at most (longest gap between ticks ${probe.maxGapMs.toFixed(1)} ms), memory +${grewMb.toFixed(1)} MB at most`;
      t.diagnostic(`${bytes.length} bytes: ${figures}`);
      assert.deepEqual(outcome, file.refused);
      assert.ok(probe.maxHeldMs < 100, figures);
      assert.ok(grewMb < 100, `memory grew ${grewMb.toFixed(1)} MB`);
    });
  }
});
