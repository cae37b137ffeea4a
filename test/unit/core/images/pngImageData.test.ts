// A PNG's image data against what its header implies: an honest file (interlaced or not, of every colour type and
// depth an encoder writes) holds exactly that; a file of deflated zeros past it is found as soon as the count passes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG, type BitDepth, type ColorType } from 'pngjs';
import { pngImpliedDataBytes, pngParts, pngSurplusData } from '../../../../src/core/images/pngImageData';
import { png } from '../../../../service/test/testImages';
import { interlacedPng, interlacedPngBomb } from '../../../fixtures/hostileImages';
import { pngBomb } from '../../../fixtures/pixelBomb';

describe('the image data of a PNG', () => {
  it('is what the header implies, for the passes of an interlaced picture too', () => {
    for (const [width, height] of [
      [1, 1],
      [37, 23],
      [1024, 1024],
    ] as const) {
      const file = interlacedPng(width, height);
      const parts = pngParts(file.bytes);
      assert.ok(parts);
      assert.equal(pngImpliedDataBytes(parts.header), file.impliedBytes, `${width}×${height}`);
    }
    const oneBit = pngParts(pngBomb(8000, 8000));
    assert.ok(oneBit);
    assert.equal(pngImpliedDataBytes(oneBit.header), 8000 * (1 + 1000), 'a row of 8000 one-bit pixels is 1000 bytes and its filter byte');
  });

  it('an honest file is let through: what encoders write, and an interlaced picture whose data is exactly its passes', async () => {
    const colourTypes: [ColorType, BitDepth][] = [
      [0, 8],
      [2, 8],
      [4, 8],
      [6, 8],
      [6, 16],
      [0, 16],
    ];
    for (const [colorType, bitDepth] of colourTypes) {
      const image = new PNG({ width: 33, height: 17, colorType, bitDepth, inputColorType: 6, inputHasAlpha: true });
      image.data.fill(200);
      assert.equal(
        await pngSurplusData(PNG.sync.write(image, { colorType, bitDepth, inputColorType: 6, inputHasAlpha: true })),
        undefined,
        `${colorType}/${bitDepth}`,
      );
    }
    assert.equal(await pngSurplusData(png(120, 80, [210, 20, 30], [20, 40, 220])), undefined);
    assert.equal(await pngSurplusData(interlacedPng(1024, 1024).bytes), undefined);
  });

  it('data past the implied size is found, by a byte or by 256 MiB', async () => {
    const byOne = interlacedPng(64, 48);
    assert.deepEqual(await pngSurplusData(interlacedPng(64, 48, byOne.impliedBytes + 1).bytes), { width: 64, height: 48, impliedBytes: byOne.impliedBytes });
    const bomb = interlacedPngBomb();
    assert.ok(bomb.bytes.length < 300 * 1024 && bomb.inflatedBytes >= 256 * 1024 * 1024, 'a small file of a great deal of data');
    assert.deepEqual(await pngSurplusData(bomb.bytes), { width: 1024, height: 1024, impliedBytes: bomb.impliedBytes });
  });

  it('what is not a PNG, or does not inflate, is left to the decoder to refuse', async () => {
    assert.equal(await pngSurplusData(Buffer.from('not a png at all, not even close to one')), undefined);
    const broken = Buffer.from(interlacedPng(64, 48).bytes);
    broken.fill(0x55, 41, 60);
    assert.equal(await pngSurplusData(broken), undefined);
  });
});
