// The scans of a JPEG, counted without decoding: real encoder output (libjpeg's progression scripts, restart
// markers, stuffed bytes) counts as libjpeg-turbo's djpeg counts it, and a file of thousands of scans is counted whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jpegScanCount, maxJpegScans } from '../../../../src/core/images/jpegScans';
import { jpegImage } from '../../../../service/test/testImages';
import { progressiveColourJpeg, progressiveGreyJpeg, restartMarkersJpeg } from '../../../fixtures/encoderJpegs';
import { progressiveJpegBomb } from '../../../fixtures/hostileImages';

describe('the scans of a JPEG', () => {
  it("counts libjpeg's progression scripts, and one scan for a baseline file with restart markers and stuffed bytes", () => {
    assert.equal(jpegScanCount(progressiveColourJpeg), 10);
    assert.equal(jpegScanCount(progressiveGreyJpeg), 6);
    assert.equal(jpegScanCount(restartMarkersJpeg), 1);
    const noisy = jpegImage(64, 64, [255, 255, 255], [0, 0, 0]);
    assert.ok(noisy.includes(Buffer.from([0xff, 0x00])), 'the coded data holds a stuffed 0xFF');
    assert.equal(jpegScanCount(noisy), 1);
  });

  it('counts every scan of a file made of thousands, and stops at the end of the first image', () => {
    assert.equal(jpegScanCount(progressiveJpegBomb(4000, 4000, 2000)), 2000);
    assert.equal(jpegScanCount(progressiveJpegBomb(64, 48, maxJpegScans + 1)), maxJpegScans + 1);
    assert.equal(jpegScanCount(Buffer.concat([progressiveGreyJpeg, progressiveColourJpeg])), 6, 'what follows the end-of-image marker is not read');
  });

  it('what is not a JPEG, or breaks off, counts what was found', () => {
    assert.equal(jpegScanCount(Buffer.from('GIF89a')), 0);
    assert.equal(jpegScanCount(progressiveColourJpeg.subarray(0, 400)), 4);
  });
});
