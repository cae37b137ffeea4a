// What the image worker does with one image (imageDecodeWorker.ts runs it off the extension host's thread): refuses
// what no honest image needs (a PNG whose data inflates past what its header implies, a JPEG of more scans than real
// files use), decodes the rest, makes a small thumbnail for the chat, and downscales an image above the size cap.
// The caller has sniffed the type and checked the header's size against the pixel limit (imagePreparation.ts).
import type { ImageMime } from '../../shared/imageFormats';
import { dataUrlOf } from '../../shared/imageFormats';
import { maxImagePixels } from '../../shared/imageHeader';
import { decodeImage, type JimpImage } from './imageCodecs';
import { jpegScanCount, maxJpegScans } from './jpegScans';
import { pngSurplusData } from './pngImageData';

export interface DecodeRequest {
  readonly bytes: Uint8Array;
  readonly mime: ImageMime;
  /** The size cap (maas.images.maxBytes): above it the image is downscaled to a JPEG. */
  readonly maxBytes: number;
}

export type DecodeOutcome =
  | {
      readonly ok: true;
      readonly width: number;
      readonly height: number;
      /** A PNG data URL of at most 256 pixels a side. */
      readonly thumbnail: string;
      /** The JPEG sent instead of an image above the size cap; the image itself is sent as it is otherwise. */
      readonly downscaled?: { readonly bytes: Uint8Array; readonly width: number; readonly height: number };
    }
  | { readonly ok: false; readonly reason: 'unreadable' }
  | { readonly ok: false; readonly reason: 'tooLarge'; readonly bytes: number; readonly maxBytes: number }
  | { readonly ok: false; readonly reason: 'surplusData'; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: 'tooManyScans'; readonly scans: number; readonly maxScans: number };

const THUMBNAIL_PX = 256;

export async function decodeForModel({ bytes, mime, maxBytes }: DecodeRequest): Promise<DecodeOutcome> {
  const refused = await refusedUndecoded(bytes, mime);
  if (refused !== undefined) return refused;
  let image: JimpImage;
  try {
    image = await decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mime, maxImagePixels);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const thumbnail = await thumbnailOf(image);
  if (bytes.length <= maxBytes) return { ok: true, width: image.width, height: image.height, thumbnail };
  const downscaled = await downscale(image, bytes.length, maxBytes);
  if (downscaled === undefined) return { ok: false, reason: 'tooLarge', bytes: bytes.length, maxBytes };
  return { ok: true, width: image.width, height: image.height, thumbnail, downscaled };
}

/** The refusal of an image that holds what no honest one needs, found without decoding a pixel. */
async function refusedUndecoded(bytes: Uint8Array, mime: ImageMime): Promise<Extract<DecodeOutcome, { ok: false }> | undefined> {
  if (mime === 'image/png') {
    const surplus = await pngSurplusData(bytes);
    if (surplus !== undefined) return { ok: false, reason: 'surplusData', width: surplus.width, height: surplus.height };
  }
  if (mime === 'image/jpeg') {
    const scans = jpegScanCount(bytes);
    if (scans > maxJpegScans) return { ok: false, reason: 'tooManyScans', scans, maxScans: maxJpegScans };
  }
  return undefined;
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
