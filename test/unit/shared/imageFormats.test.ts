// The image formats the chat takes (src/shared/imageFormats.ts): the one list the webview's picker, the host's check
// of an upload, the protocol's schema and the history's image files follow, and the thumbnails the view displays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { intakeImage } from '../../../src/core/images/imageIntake';
import {
  dataUrlOf,
  imageFileExtension,
  imageMimeOfFileName,
  imageMimes,
  isThumbnail,
  maxThumbnailCharacters,
  parseImageDataUrl,
} from '../../../src/shared/imageFormats';
import { maxImagePixels } from '../../../src/shared/imageHeader';
import { imageUploadSchema } from '../../../src/shared/protocolSchemas';
import { bmpHeader, jpegHeader, pngBomb } from '../../fixtures/pixelBomb';

const png = pngBomb(2, 2);
const upload = { name: 'a.png', mime: 'image/png', dataBase64: png.toString('base64'), width: 1, height: 1, thumbnail: dataUrlOf('image/png', 'iVBORw0KGgo=') };

describe('image formats', () => {
  it('the protocol takes exactly the listed types, and nothing else', () => {
    for (const mime of imageMimes) assert.equal(imageUploadSchema.safeParse({ ...upload, mime }).success, true, mime);
    for (const mime of ['image/svg+xml', 'image/tiff', 'image/PNG', 'text/plain'])
      assert.equal(imageUploadSchema.safeParse({ ...upload, mime }).success, false, mime);
  });

  it('a kept image is written with its extension, a file without a type is known by its own', () => {
    assert.deepEqual(
      imageMimes.map((mime) => imageFileExtension(mime)),
      ['png', 'jpg', 'gif', 'webp', 'bmp'],
    );
    assert.equal(imageFileExtension('application/pdf'), 'bin');
    assert.equal(imageMimeOfFileName('Photo.JPEG'), 'image/jpeg');
    assert.equal(imageMimeOfFileName('photo.jpg'), 'image/jpeg');
    assert.equal(imageMimeOfFileName('chart.webp'), 'image/webp');
    assert.equal(imageMimeOfFileName('drawing.svg'), undefined);
    assert.equal(imageMimeOfFileName('png'), 'image/png', 'a bare name is its own extension');
  });

  it('reads back the data URLs it builds, and only those of the image types', () => {
    const url = dataUrlOf('image/gif', 'R0lGODlh');
    assert.equal(url, 'data:image/gif;base64,R0lGODlh');
    assert.deepEqual(parseImageDataUrl(url), { mime: 'image/gif', base64: 'R0lGODlh' });
    for (const other of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'data:image/png,rawtext',
      'data:image/png;base64,ab=c',
      'https://example.com/a.png',
    ])
      assert.equal(parseImageDataUrl(other), undefined, other);
  });

  it('a thumbnail is a PNG or JPEG data URL within the cap; the host drops any other', () => {
    const within = dataUrlOf('image/jpeg', 'A'.repeat(maxThumbnailCharacters - 'data:image/jpeg;base64,'.length));
    assert.equal(within.length, maxThumbnailCharacters);
    assert.equal(isThumbnail(within), true);
    assert.equal(isThumbnail(`${within}AAAA`), false, 'over the cap');
    assert.equal(isThumbnail(dataUrlOf('image/gif', 'R0lGODlh')), false, 'a GIF is not a thumbnail the host makes');
    const kept = intakeImage({ ...upload, thumbnail: within }, 1000);
    assert.ok(kept.ok);
    assert.equal(kept.thumbnail, within);
    const overCap = intakeImage({ ...upload, thumbnail: `${within}AAAA` }, 1000);
    assert.ok(overCap.ok);
    assert.equal(overCap.thumbnail, '', 'the image is kept, its thumbnail is not');
  });

  it('an upload whose header declares more pixels than the limit is refused by its header, before its size or anything else', () => {
    // A valid 8000 × 8000 PNG of a few KB: within any byte cap, so only the header can refuse it.
    const bomb = pngBomb();
    assert.deepEqual(intakeImage({ ...upload, name: 'bomb.png', dataBase64: bomb.toString('base64') }, 5_000_000), {
      ok: false,
      reason: 'tooManyPixels',
      name: 'bomb.png',
      bytes: bomb.length,
      width: 8000,
      height: 8000,
      maxPixels: maxImagePixels,
    });
    for (const bytes of [jpegHeader(5000, 4000), bmpHeader(20_000, 1000)])
      assert.equal(intakeImage({ ...upload, dataBase64: bytes.toString('base64') }, 5_000_000).ok, false);
    assert.equal(intakeImage({ ...upload, dataBase64: jpegHeader(4000, 4000).toString('base64') }, 5_000_000).ok, true, 'at the limit');
  });
});
