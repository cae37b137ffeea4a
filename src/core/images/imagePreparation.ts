// Prepares a local image for the vision model (Describe Image, @maas and the provider's attachments): on the extension
// host, only what reads a few bytes: the type is sniffed from the bytes (never the file name) and the size its header
// declares is checked against the pixel limit (shared/imageHeader.ts), so a file above the read cap, of another type,
// without a readable header or declaring too many pixels is refused without a worker. The rest is decoded, made a
// thumbnail of and downscaled above the size cap by the image worker (imageDecoder.ts), off the host's thread.
import { sniffImageMime } from '../files/mediaSniffing';
import type { ImageMime } from '../../shared/imageFormats';
import { hasTooManyPixels, imageDimensions, maxImageFileBytes, maxImagePixels } from '../../shared/imageHeader';
import type { DecodeOutcome } from './imageDecoding';
import type { DecodeStopped, ImageDecoder } from './imageDecoder';

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
  | { readonly ok: false; readonly reason: 'unsupported' }
  | { readonly ok: false; readonly reason: 'fileTooLarge'; readonly bytes: number; readonly maxBytes: number }
  | { readonly ok: false; readonly reason: 'tooManyPixels'; readonly width: number; readonly height: number; readonly maxPixels: number }
  | Exclude<DecodeOutcome, { ok: true }>
  | DecodeStopped;

/**
 * The image as the vision model takes it, or why not. Nothing is decoded for a file above the read cap, of another
 * type, without a readable header, or declaring more pixels than the limit: those are refused from their bytes.
 */
export async function prepareImage(input: Uint8Array, maxBytes: number, decoder: Pick<ImageDecoder, 'decode'>): Promise<PreparedImage> {
  if (input.length > maxImageFileBytes) return { ok: false, reason: 'fileTooLarge', bytes: input.length, maxBytes: maxImageFileBytes };
  const mime = sniffImageMime(input);
  if (mime === undefined) return { ok: false, reason: 'unsupported' };
  const dimensions = imageDimensions(input);
  if (dimensions === undefined) return { ok: false, reason: 'unreadable' };
  if (hasTooManyPixels(dimensions)) return { ok: false, reason: 'tooManyPixels', ...dimensions, maxPixels: maxImagePixels };
  const decoded = await decoder.decode({ bytes: input, mime, maxBytes });
  if (!decoded.ok) return decoded;
  const { thumbnail, downscaled } = decoded;
  // Buffers over the bytes where they are: an image is never held twice on the host (the worker was given its own copy).
  const view = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (downscaled === undefined) return { ok: true, mime, bytes: view(input), width: decoded.width, height: decoded.height, thumbnail };
  const bytes = view(downscaled.bytes);
  return { ok: true, mime: 'image/jpeg', bytes, width: downscaled.width, height: downscaled.height, thumbnail, downscaledFrom: input.length };
}
