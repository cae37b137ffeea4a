// The image worker's limits and life, with the worker's real bundle: an image past its deadline or past the worker's
// heap is refused in words that name it and its worker is terminated (told once the thread has ended), the images
// after it still get their answer, and one worker serves a burst and is let go once idle. The limits are made small
// here; each test waits for the outcomes and the decoder's events, never for time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ImageDecoder, type WorkerStop } from '../../../../src/core/images/imageDecoder';
import { prepareImage } from '../../../../src/core/images/imagePreparation';
import { imageRefusalText } from '../../../../src/shared/chatWords';
import { jpegImage, png } from '../../../../service/test/testImages';
import { l10n } from '../session/sessionFixture';
import { imageWorkerBundle } from './imageWorkerBundle';

const red = [210, 20, 30] as const;
const blue = [20, 40, 220] as const;

/** The worker stops the decoder tells of, and a promise for the `count`th. */
function stops(decoder: ImageDecoder): { readonly seen: WorkerStop[]; nth(count: number): Promise<void> } {
  const seen: WorkerStop[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  decoder.onDidStopWorker((why) => {
    seen.push(why);
    for (const wait of waiting.filter((w) => w.count <= seen.length)) wait.resolve();
  });
  return {
    seen,
    nth: (count) => new Promise((resolve) => (seen.length >= count ? resolve() : waiting.push({ count, resolve }))),
  };
}

describe('the image worker', () => {
  const workerFile = imageWorkerBundle();

  it('an image past its deadline is refused in words that name it, its worker terminated, and the next image gets one of its own', async () => {
    const decoder = new ImageDecoder({ workerFile: workerFile(), deadlineMs: 1 });
    const stopped = stops(decoder);
    try {
      const [first, second] = await Promise.all([
        prepareImage(jpegImage(2000, 2000, red, blue), 5_000_000, decoder),
        prepareImage(png(120, 80, red, blue), 5_000_000, decoder),
      ]);
      assert.deepEqual(first, { ok: false, reason: 'timedOut', seconds: 0.001 });
      assert.equal(imageRefusalText(l10n, first, 'photo.jpg'), 'photo.jpg took longer than 0.001 seconds to open and was stopped.');
      assert.deepEqual(second, { ok: false, reason: 'timedOut', seconds: 0.001 }, 'the second image had a deadline of its own');
      await stopped.nth(2);
      assert.deepEqual(stopped.seen, ['deadline', 'deadline'], 'each worker was terminated and its thread ended');
    } finally {
      decoder.dispose();
    }
  });

  it("an image past the worker's heap is refused in words that name it, and the images after it are decoded by a new worker", async () => {
    // A small picture decodes within this heap; a 4000 × 4000 JPEG does not (jpeg-js keeps its blocks on the heap).
    const decoder = new ImageDecoder({ workerFile: workerFile(), heapMb: 32 });
    const stopped = stops(decoder);
    try {
      const [big, small] = await Promise.all([
        prepareImage(jpegImage(4000, 4000, red, blue), 5_000_000, decoder),
        prepareImage(png(120, 80, red, blue), 5_000_000, decoder),
      ]);
      assert.deepEqual(big, { ok: false, reason: 'outOfMemory', megabytes: 32 });
      assert.equal(imageRefusalText(l10n, big, 'photo.jpg'), 'photo.jpg needed more than 32 MB of memory to open and was stopped.');
      assert.ok(small.ok && small.width === 120, 'the image after it was decoded');
      await stopped.nth(1);
      assert.deepEqual(stopped.seen, ['memory']);
    } finally {
      decoder.dispose();
    }
  });

  it('one worker serves a burst of images, is let go once idle, and a later image starts another', async () => {
    const decoder = new ImageDecoder({ workerFile: workerFile(), idleMs: 0 });
    const stopped = stops(decoder);
    try {
      const burst = await Promise.all([1, 2, 3].map((n) => prepareImage(png(40 * n, 30, red, blue), 5_000_000, decoder)));
      assert.deepEqual(
        burst.map((image) => image.ok && image.width),
        [40, 80, 120],
      );
      await stopped.nth(1);
      assert.deepEqual(stopped.seen, ['idle'], 'one worker for the three');
      assert.ok((await prepareImage(png(50, 50, red, blue), 5_000_000, decoder)).ok);
      await stopped.nth(2);
      assert.deepEqual(stopped.seen, ['idle', 'idle']);
    } finally {
      decoder.dispose();
    }
  });

  it('a worker that cannot start rejects the image with its error, and the decoder goes on', async () => {
    const decoder = new ImageDecoder({ workerFile: '/nonexistent/imageDecodeWorker.js' });
    try {
      await assert.rejects(prepareImage(png(20, 20, red, blue), 5_000_000, decoder), /imageDecodeWorker|Cannot find module/);
      await assert.rejects(prepareImage(png(20, 20, red, blue), 5_000_000, decoder), /imageDecodeWorker|Cannot find module/);
    } finally {
      decoder.dispose();
    }
  });
});
