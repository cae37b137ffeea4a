// Checks an image handed over by the chat view before it is kept or sent: the bytes decode from base64, their
// real format (sniffed from magic bytes, never the label) is one the vision model takes, the size its header
// declares is within the pixel limit (the view checks that too, but the host trusts nothing the view sends), they
// fit the size cap, and the thumbnail is a small PNG or JPEG data URL (the only kind the view will display).
// Nothing here decodes an image.
import { isThumbnail, type ImageMime } from '../../shared/imageFormats';
import { hasTooManyPixels, imageDimensions, maxImagePixels } from '../../shared/imageHeader';
import type { ImageUpload } from '../../shared/protocol';
import { sniffImageMime } from '../files/mediaSniffing';

export type ImageIntake =
  | { readonly ok: true; readonly mime: ImageMime; readonly bytes: Buffer; readonly thumbnail: string }
  | { readonly ok: false; readonly reason: 'unreadable' | 'unsupported' | 'tooLarge'; readonly name: string; readonly bytes: number }
  | {
      readonly ok: false;
      readonly reason: 'tooManyPixels';
      readonly name: string;
      readonly bytes: number;
      readonly width: number;
      readonly height: number;
      readonly maxPixels: number;
    };

export function intakeImage(upload: Pick<ImageUpload, 'name' | 'dataBase64' | 'thumbnail'>, maxBytes: number): ImageIntake {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(upload.dataBase64)) return { ok: false, reason: 'unreadable', name: upload.name, bytes: 0 };
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  const mime = sniffImageMime(bytes);
  if (mime === undefined) return { ok: false, reason: 'unsupported', name: upload.name, bytes: bytes.length };
  const dimensions = imageDimensions(bytes);
  if (dimensions === undefined) return { ok: false, reason: 'unreadable', name: upload.name, bytes: bytes.length };
  if (hasTooManyPixels(dimensions))
    return { ok: false, reason: 'tooManyPixels', name: upload.name, bytes: bytes.length, ...dimensions, maxPixels: maxImagePixels };
  if (bytes.length > maxBytes) return { ok: false, reason: 'tooLarge', name: upload.name, bytes: bytes.length };
  const thumbnail = isThumbnail(upload.thumbnail) ? upload.thumbnail : '';
  return { ok: true, mime, bytes, thumbnail };
}
