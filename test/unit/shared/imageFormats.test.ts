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
import { imageUploadSchema } from '../../../src/shared/protocolSchemas';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(24).fill(0)]);
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
});
