// Prepares a local image for the vision model: the type is sniffed from the bytes (never the file name), the size
// its header declares is checked against the pixel limit before anything is decoded (shared/imageHeader.ts), a small
// thumbnail is made for the chat, and an image above the size cap is downscaled. The codecs (imageCodecs.ts) are
// loaded on the first image that passes those checks, not when the extension starts.
import { sniffImageMime } from '../../core/files/mediaSniffing';
import { dataUrlOf, type ImageMime } from '../../shared/imageFormats';
import { hasTooManyPixels, imageDimensions, maxImageFileBytes, maxImagePixels } from '../../shared/imageHeader';
import type { JimpImage } from './imageCodecs.js';

export type PreparedImage =
  | {
      readonly ok: true;
      readonly mime: ImageMime;
      readonly bytes: Buffer;
      readonly width: number;
      readonly height: number;
      readonly thumbnail: string;
      readonly downscaledFrom?: number;
    }
  | { readonly ok: false; readonly reason: 'unsupported' | 'unreadable' }
  | { readonly ok: false; readonly reason: 'tooLarge' | 'fileTooLarge'; readonly bytes: number; readonly maxBytes: number }
  | { readonly ok: false; readonly reason: 'tooManyPixels'; readonly width: number; readonly height: number; readonly maxPixels: number };

const THUMBNAIL_PX = 256;

/**
 * The image as the vision model takes it, or why not. Nothing is decoded for a file above the read cap, of another
 * type, without a readable header, or declaring more pixels than the limit: those are refused from their bytes.
 */
export async function prepareImage(input: Uint8Array, maxBytes: number): Promise<PreparedImage> {
  if (input.length > maxImageFileBytes) return { ok: false, reason: 'fileTooLarge', bytes: input.length, maxBytes: maxImageFileBytes };
  const bytes = Buffer.from(input);
  const mime = sniffImageMime(bytes);
  if (mime === undefined) return { ok: false, reason: 'unsupported' };
  const dimensions = imageDimensions(bytes);
  if (dimensions === undefined) return { ok: false, reason: 'unreadable' };
  if (hasTooManyPixels(dimensions)) return { ok: false, reason: 'tooManyPixels', ...dimensions, maxPixels: maxImagePixels };
  const codecs = await import('./imageCodecs.js');
  let image: JimpImage;
  try {
    image = await codecs.decodeImage(bytes, mime, maxImagePixels);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const thumbnail = await thumbnailOf(image);
  if (bytes.length <= maxBytes) return { ok: true, mime, bytes, width: image.width, height: image.height, thumbnail };
  const smaller = await downscale(image, bytes.length, maxBytes);
  if (smaller === undefined) return { ok: false, reason: 'tooLarge', bytes: bytes.length, maxBytes };
  return { ok: true, mime: 'image/jpeg', bytes: smaller.bytes, width: smaller.width, height: smaller.height, thumbnail, downscaledFrom: bytes.length };
}

async function thumbnailOf(image: JimpImage): Promise<string> {
  const copy = image.clone();
  if (copy.width > THUMBNAIL_PX || copy.height > THUMBNAIL_PX) copy.scaleToFit({ w: THUMBNAIL_PX, h: THUMBNAIL_PX });
  const png = await copy.getBuffer('image/png');
  return dataUrlOf('image/png', png.toString('base64'));
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
