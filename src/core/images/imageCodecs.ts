// The image codecs, run only in the image worker (imageDecodeWorker.ts, a bundle of its own), never on the extension
// host's thread. jimp (MIT, pure JavaScript) decodes and encodes PNG, JPEG, GIF and BMP; WebP, which jimp cannot
// read, is decoded by libwebp compiled to WebAssembly (@cwasm/webp, MIT; its webp.wasm ships next to the worker's
// bundle and is loaded on the first WebP only). Only the core, those four codecs and the resize plugin are bundled: the full `jimp` package
// would add megabytes of fonts, filters and TIFF support the extension never uses.
//
// Every decode is given the pixel limit: it reads the header itself before any decoder runs (whoever called it),
// and jpeg-js, the one decoder with limits of its own, gets them too, so a JPEG whose frames disagree with its first
// header stops inside the decoder. PNG, GIF, BMP and WebP decoders allocate their pixels by the header read here; what
// a file can make a decoder do beyond its pixels (a PNG's surplus data, a JPEG's scans) is checked before, in
// imageDecoding.ts.
import { createJimp } from '@jimp/core';
import bmp from '@jimp/js-bmp';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import type { ImageMime } from '../../shared/imageFormats';
import { hasTooManyPixels, imageDimensions } from '../../shared/imageHeader';

const Jimp = createJimp({ formats: [png, jpeg, gif, bmp], plugins: [resize] });
export type JimpImage = ReturnType<typeof Jimp.fromBitmap>;

/** What jpeg-js holds for one pixel at most: the RGBA output, and the coefficients (4 bytes) and samples (1 byte) of up to four components. */
const JPEG_BYTES_PER_PIXEL = 24;

/** Thrown, before any decoder runs, for an image whose header declares more than the limit or cannot be read. */
export class ImageOverLimitError extends Error {}

/** The image decoded, refused unread when its header declares more than `maxPixels`. */
export async function decodeImage(bytes: Buffer, mime: ImageMime, maxPixels: number): Promise<JimpImage> {
  const dimensions = imageDimensions(bytes);
  if (dimensions === undefined || hasTooManyPixels(dimensions, maxPixels))
    throw new ImageOverLimitError(`The image's header declares more than ${maxPixels} pixels or cannot be read.`);
  if (mime === 'image/webp') return decodeWebp(bytes);
  return Jimp.fromBuffer(bytes, {
    'image/jpeg': { maxResolutionInMP: maxPixels / 1e6, maxMemoryUsageInMB: Math.ceil((maxPixels * JPEG_BYTES_PER_PIXEL) / (1024 * 1024)) },
  });
}

async function decodeWebp(bytes: Buffer): Promise<JimpImage> {
  const { decode } = await import('@cwasm/webp');
  const { data, width, height } = decode(bytes);
  return Jimp.fromBitmap({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height });
}
