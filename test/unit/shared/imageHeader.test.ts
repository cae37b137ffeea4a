// The size an image declares, read from its header before anything decodes it (src/shared/imageHeader.ts): right for
// real files of every format the chat takes, each made by its own encoder, and for headers that declare a huge
// picture in a few bytes; nothing for a header cut short or of another format.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bmp, gif, jpegImage, png, webp } from '../../../service/test/testImages';
import { hasTooManyPixels, imageDimensions, maxImagePixels } from '../../../src/shared/imageHeader';
import { bmpHeader, gifHeader, jpegHeader, pngBomb, webpHeader, webpLossyHeader } from '../../fixtures/pixelBomb';

const red = [210, 20, 30] as const;
const blue = [20, 40, 220] as const;

describe('imageDimensions', () => {
  const makers = { png, jpeg: jpegImage, gif, bmp, webp } as const;
  for (const [format, make] of Object.entries(makers)) {
    it(`reads the size of a real ${format} file`, async () => {
      assert.deepEqual(imageDimensions(await make(123, 45, red, blue)), { width: 123, height: 45 });
    });
  }

  it('reads a header that declares 8000 × 8000 in every format, and the pixel limit refuses it', () => {
    const bomb = pngBomb();
    assert.ok(bomb.length < 64 * 1024, `the PNG is small: ${bomb.length} bytes`);
    for (const bytes of [bomb, jpegHeader(8000, 8000), gifHeader(8000, 8000), bmpHeader(8000, 8000), webpHeader(8000, 8000), webpLossyHeader(8000, 8000)]) {
      const dimensions = imageDimensions(bytes);
      assert.deepEqual(dimensions, { width: 8000, height: 8000 });
      assert.equal(hasTooManyPixels(dimensions), true);
    }
  });

  it('steps over the segments before a JPEG frame header (EXIF, tables), and a GIF frame larger than its screen counts', () => {
    const exif = [0xff, 0xe1, 0x01, 0x02, ...new Array<number>(0x100).fill(0x41)];
    const jpeg = jpegHeader(640, 480);
    assert.deepEqual(imageDimensions(Buffer.concat([jpeg.subarray(0, 2), Buffer.from(exif), jpeg.subarray(2)])), { width: 640, height: 480 });
    const small = gifHeader(10, 10);
    // The first frame declares 9000 × 10 inside a 10 × 10 screen: browsers grow the canvas to it.
    small.writeUInt16LE(9000, 13 + 5);
    assert.deepEqual(imageDimensions(small), { width: 9000, height: 10 });
  });

  it('the limit is the product of the sides: a wide strip counts as much as a square', () => {
    assert.equal(hasTooManyPixels({ width: maxImagePixels, height: 1 }), false);
    assert.equal(hasTooManyPixels({ width: maxImagePixels + 1, height: 1 }), true);
    assert.equal(hasTooManyPixels({ width: 4000, height: 4000 }), false);
    assert.equal(hasTooManyPixels({ width: 4001, height: 4000 }), true);
  });

  it('gives nothing for a header cut short, another format, or a size of zero', () => {
    const bomb = pngBomb();
    for (const bytes of [
      bomb.subarray(0, 20),
      jpegHeader(10, 10).subarray(0, 24),
      gifHeader(10, 10).subarray(0, 8),
      Buffer.from('not an image at all'),
      bmpHeader(0, 10),
    ]) {
      assert.equal(imageDimensions(bytes), undefined, bytes.toString('hex').slice(0, 40));
    }
  });
});
