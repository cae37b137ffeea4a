// Prepares a local image for the vision model: the type is sniffed from the bytes (never the file name), a small
// thumbnail is made for the chat, and an image above the size cap is downscaled. jimp (MIT, pure JavaScript)
// decodes and encodes PNG, JPEG, GIF and BMP; WebP, which jimp cannot read, is decoded by libwebp compiled to
// WebAssembly (@cwasm/webp, MIT; its 95 KB webp.wasm ships next to the bundle and is loaded on the first WebP only).
// Only the core, those four codecs and the resize plugin are bundled: the full `jimp` package would add about
// 2 MB of fonts, filters and TIFF support the extension never uses.
import { createJimp } from '@jimp/core';
import bmp from '@jimp/js-bmp';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import { sniffImageMime, type ImageMime } from '../../core/files/mediaSniffing';

const Jimp = createJimp({ formats: [png, jpeg, gif, bmp], plugins: [resize] });
type JimpImage = Awaited<ReturnType<typeof Jimp.read>>;

export type PreparedImage =
  | { readonly ok: true; readonly mime: ImageMime; readonly bytes: Buffer; readonly width: number; readonly height: number; readonly thumbnail: string; readonly downscaledFrom?: number }
  | { readonly ok: false; readonly reason: 'notImage' | 'unreadable' }
  | { readonly ok: false; readonly reason: 'tooLarge'; readonly bytes: number; readonly maxBytes: number };

const THUMBNAIL_PX = 256;

export async function prepareImage(input: Uint8Array, maxBytes: number): Promise<PreparedImage> {
  const bytes = Buffer.from(input);
  const mime = sniffImageMime(bytes);
  if (mime === undefined) return { ok: false, reason: 'notImage' };
  let image: JimpImage;
  try {
    image = mime === 'image/webp' ? await decodeWebp(bytes) : await Jimp.read(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const thumbnail = await thumbnailOf(image);
  if (bytes.length <= maxBytes) return { ok: true, mime, bytes, width: image.width, height: image.height, thumbnail };
  const smaller = await downscale(image, bytes.length, maxBytes);
  if (smaller === undefined) return { ok: false, reason: 'tooLarge', bytes: bytes.length, maxBytes };
  return { ok: true, mime: 'image/jpeg', bytes: smaller.bytes, width: smaller.width, height: smaller.height, thumbnail, downscaledFrom: bytes.length };
}

async function decodeWebp(bytes: Buffer): Promise<JimpImage> {
  const { decode } = await import('@cwasm/webp');
  const { data, width, height } = decode(bytes);
  return Jimp.fromBitmap({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height });
}

async function thumbnailOf(image: JimpImage): Promise<string> {
  const copy = image.clone();
  if (copy.width > THUMBNAIL_PX || copy.height > THUMBNAIL_PX) copy.scaleToFit({ w: THUMBNAIL_PX, h: THUMBNAIL_PX });
  const png = await copy.getBuffer('image/png');
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** JPEG at shrinking sizes until it fits; gives up after a few tries rather than sending a postage stamp. */
async function downscale(image: JimpImage, size: number, maxBytes: number): Promise<{ bytes: Buffer; width: number; height: number } | undefined> {
  let scale = Math.min(1, Math.sqrt(maxBytes / size));
  for (let attempt = 0; attempt < 5; attempt++) {
    const copy = image.clone();
    const width = Math.max(16, Math.round(image.width * scale));
    copy.resize({ w: width });
    const encoded = await copy.getBuffer('image/jpeg', { quality: 85 });
    if (encoded.length <= maxBytes) return { bytes: encoded, width: copy.width, height: copy.height };
    scale *= 0.7 * Math.sqrt(maxBytes / encoded.length);
  }
  return undefined;
}
