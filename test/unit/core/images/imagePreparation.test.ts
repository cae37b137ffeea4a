// prepareImage: what Describe Image, @maas and the provider send for an image, decoded by the image worker's bundle.
// Each format is made by its own encoder, and what comes back (thumbnail, downscaled JPEG) is decoded again to check
// it, never compared with stored bytes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { bmp, gif, jpegImage, png, webp, webpFromPixels } from '../../../../service/test/testImages';
import { maxImageFileBytes, maxImagePixels } from '../../../../src/shared/imageHeader';
import { decodeImage, ImageOverLimitError } from '../../../../src/core/images/imageCodecs';
import { ImageDecoder } from '../../../../src/core/images/imageDecoder';
import { prepareImage as prepareWith, type PreparedImage } from '../../../../src/core/images/imagePreparation';
import { bmpHeader, gifHeader, jpegHeader, pngBomb, webpHeader } from '../../../fixtures/pixelBomb';
import { maxJpegScans } from '../../../../src/core/images/jpegScans';
import { imageRefusalText } from '../../../../src/shared/chatWords';
import { progressiveColourJpeg, progressiveGreyJpeg } from '../../../fixtures/encoderJpegs';
import { interlacedPng, interlacedPngBomb, progressiveJpegBomb } from '../../../fixtures/hostileImages';
import { l10n } from '../session/sessionFixture';
import { imageWorkerBundle } from './imageWorkerBundle';

const red = [210, 20, 30] as const;
const blue = [20, 40, 220] as const;

function thumbnailOf(prepared: PreparedImage): PNG {
  assert.ok(prepared.ok);
  const match = /^data:image\/png;base64,(.+)$/.exec(prepared.thumbnail);
  assert.ok(match?.[1], 'the thumbnail is a PNG data URL');
  return PNG.sync.read(Buffer.from(match[1], 'base64'));
}

/** Pixels no codec can squeeze much: a deterministic pseudo-random pattern. */
function noise(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let state = 2463534242; // xorshift32
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    data[i] = i % 4 === 3 ? 255 : state & 0xff;
  }
  return data;
}

describe('prepareImage', () => {
  const workerFile = imageWorkerBundle();
  let decoder: ImageDecoder;
  before(() => (decoder = new ImageDecoder({ workerFile: workerFile() })));
  after(() => decoder.dispose());
  const prepareImage = (bytes: Uint8Array, maxBytes: number): Promise<PreparedImage> => prepareWith(bytes, maxBytes, decoder);

  const makers = { png, jpeg: jpegImage, gif, bmp, webp } as const;
  for (const [format, make] of Object.entries(makers)) {
    it(`reads ${format}: its type from the bytes, its size, and a PNG thumbnail of its colour`, async () => {
      const bytes = await make(120, 80, red, blue);
      const prepared = await prepareImage(bytes, 5_000_000);
      assert.ok(prepared.ok);
      assert.equal(prepared.mime, `image/${format}`);
      assert.deepEqual([prepared.width, prepared.height], [120, 80]);
      assert.equal(prepared.downscaledFrom, undefined);
      assert.deepEqual(prepared.bytes, Buffer.from(bytes), 'an image within the cap is sent as it is');
      const thumbnail = thumbnailOf(prepared);
      assert.deepEqual([thumbnail.width, thumbnail.height], [120, 80], 'a small image keeps its size');
      const bottom = (thumbnail.height - 1) * thumbnail.width * 4;
      const pixel = [...thumbnail.data.subarray(bottom, bottom + 3)];
      assert.ok(Math.abs((pixel[0] ?? 0) - red[0]) < 12 && Math.abs((pixel[2] ?? 0) - red[2]) < 12, `the main colour survives: ${pixel.join(',')}`);
    });
  }

  it('an image within the cap is sent as the bytes it was given, not a copy held beside them', async () => {
    const bytes = png(120, 80, red, blue);
    const prepared = await prepareImage(bytes, 5_000_000);
    assert.ok(prepared.ok);
    assert.equal(prepared.bytes.buffer, bytes.buffer, 'the same memory');
    assert.deepEqual([prepared.bytes.byteOffset, prepared.bytes.length], [bytes.byteOffset, bytes.length]);
  });

  it('fits a large image into a thumbnail of at most 256 px, keeping its proportions', async () => {
    const prepared = await prepareImage(await webp(1024, 512, red, blue), 5_000_000);
    const thumbnail = thumbnailOf(prepared);
    assert.deepEqual([thumbnail.width, thumbnail.height], [256, 128]);
  });

  for (const format of ['png', 'webp'] as const) {
    it(`downscales a ${format} above the cap to a JPEG within it`, async () => {
      const pixels = noise(400, 300);
      const image = new PNG({ width: 400, height: 300 });
      image.data = Buffer.from(pixels);
      const bytes = format === 'png' ? PNG.sync.write(image) : await webpFromPixels(400, 300, pixels);
      const maxBytes = 100_000;
      assert.ok(bytes.length > maxBytes * 2, `the ${format} is well above the cap (${bytes.length} bytes)`);
      const prepared = await prepareImage(bytes, maxBytes);
      assert.ok(prepared.ok);
      assert.equal(prepared.mime, 'image/jpeg');
      assert.equal(prepared.downscaledFrom, bytes.length);
      assert.ok(prepared.bytes.length <= maxBytes, `${prepared.bytes.length} bytes fit in ${maxBytes}`);
      const decoded = jpeg.decode(prepared.bytes);
      assert.deepEqual([decoded.width, decoded.height], [prepared.width, prepared.height]);
      assert.ok(decoded.width < 400 && Math.abs(decoded.width / decoded.height - 4 / 3) < 0.02, 'smaller, same proportions');
    });
  }

  it('refuses an image it cannot make small enough, naming both sizes', async () => {
    const bytes = PNG.sync.write(Object.assign(new PNG({ width: 600, height: 600 }), { data: Buffer.from(noise(600, 600)) }));
    const length = bytes.length;
    assert.deepEqual(await prepareImage(bytes, 200), { ok: false, reason: 'tooLarge', bytes: length, maxBytes: 200 });
    assert.equal(bytes.length, length, "the caller's bytes are left whole (the worker is given a copy)");
  });

  it('refuses what is not an image whatever it claims, and an image whose bytes are broken', async () => {
    assert.deepEqual(await prepareImage(Buffer.from('just some text, not an image'), 5_000_000), { ok: false, reason: 'unsupported' });
    for (const bytes of [png(50, 50, red, blue), await webp(50, 50, red, blue)]) {
      const truncated = bytes.subarray(0, Math.floor(bytes.length / 2));
      assert.deepEqual(await prepareImage(truncated, 5_000_000), { ok: false, reason: 'unreadable' });
    }
  });

  // A whole, valid PNG of 8000 × 8000 in a few KB: given to a decoder it decodes (into 256 MB of pixels), so the
  // 'tooManyPixels' refusal, with the size read, can only come from the header check before any decoder.
  it('refuses an image whose header declares more pixels than the limit, in every format, without decoding it', async () => {
    const bombs = { png: pngBomb(), jpeg: jpegHeader(8000, 8000), gif: gifHeader(8000, 8000), bmp: bmpHeader(8000, 8000), webp: webpHeader(8000, 8000) };
    for (const [format, bytes] of Object.entries(bombs)) {
      assert.deepEqual(
        await prepareImage(bytes, 5_000_000),
        { ok: false, reason: 'tooManyPixels', width: 8000, height: 8000, maxPixels: maxImagePixels },
        format,
      );
    }
  });

  // Files whose header is within the limit but which cost a decoder far more than their picture: the PNG's data
  // inflates to 256 MiB (pngjs holds it all, then calls the file unreadable), the JPEG's 2000 scans hold jpeg-js for
  // seconds. Each is refused for what it is, in words that name the file.
  it('refuses a PNG whose image data inflates past what its header implies, before decoding it', async () => {
    const refused = await prepareImage(interlacedPngBomb().bytes, 5_000_000);
    assert.deepEqual(refused, { ok: false, reason: 'surplusData', width: 1024, height: 1024 });
    assert.equal(imageRefusalText(l10n, refused, 'bomb.png'), 'bomb.png holds more image data than a picture of 1024 × 1024 pixels needs. It was not opened.');
    const honest = await prepareImage(interlacedPng(300, 200).bytes, 5_000_000);
    assert.ok(honest.ok && honest.width === 300 && honest.height === 200, 'an interlaced PNG whose data is its passes is read');
  });

  it('refuses a JPEG of more scans than a real image uses, and reads the progressive files a real encoder writes', async () => {
    const refused = await prepareImage(progressiveJpegBomb(), 5_000_000);
    assert.deepEqual(refused, { ok: false, reason: 'tooManyScans', scans: 2000, maxScans: maxJpegScans });
    assert.equal(
      imageRefusalText(l10n, refused, 'scans.jpg'),
      `scans.jpg is a JPEG in 2000 scans, more than the ${maxJpegScans} a real image uses. It was not opened.`,
    );
    for (const real of [progressiveColourJpeg, progressiveGreyJpeg]) {
      const read = await prepareImage(real, 5_000_000);
      assert.ok(read.ok && read.width === 24 && read.height === 16, 'a progressive JPEG from cjpeg is read');
    }
  });

  it('refuses bytes above the read cap before looking at them', async () => {
    const bytes = Buffer.alloc(maxImageFileBytes + 1);
    pngBomb(10, 10).copy(bytes);
    assert.deepEqual(await prepareImage(bytes, 5_000_000), { ok: false, reason: 'fileTooLarge', bytes: bytes.length, maxBytes: maxImageFileBytes });
  });

  it('the decoders get the limit too: decodeImage refuses an image over the limit it is given, whoever calls it', async () => {
    const bytes = png(120, 80, red, blue);
    assert.equal((await decodeImage(bytes, 'image/png', 120 * 80)).width, 120);
    await assert.rejects(decodeImage(bytes, 'image/png', 120 * 80 - 1), ImageOverLimitError);
    await assert.rejects(decodeImage(jpegImage(120, 80, red, blue), 'image/jpeg', 9_000), ImageOverLimitError);
  });
});
