// Checks an image handed over by the chat view before it is kept or sent: the bytes decode from base64, their
// real format (sniffed from magic bytes, never the label) is one the vision model takes, they fit the size cap,
// and the thumbnail is a small PNG or JPEG data URL (the only kind the view will display).
import { sniffImageMime, type ImageMime } from '../files/mediaSniffing';

export interface ImageUploadInput {
  readonly name: string;
  readonly dataBase64: string;
  readonly width: number;
  readonly height: number;
  readonly thumbnail: string;
}

export type ImageIntake =
  | { readonly ok: true; readonly mime: ImageMime; readonly bytes: Buffer; readonly thumbnail: string }
  | { readonly ok: false; readonly reason: 'unreadable' | 'unsupported' | 'tooLarge'; readonly name: string; readonly bytes: number };

const THUMBNAIL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_THUMBNAIL_CHARACTERS = 100_000;

export function intakeImage(upload: ImageUploadInput, maxBytes: number): ImageIntake {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(upload.dataBase64)) return { ok: false, reason: 'unreadable', name: upload.name, bytes: 0 };
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  const mime = sniffImageMime(bytes);
  if (mime === undefined) return { ok: false, reason: 'unsupported', name: upload.name, bytes: bytes.length };
  if (bytes.length > maxBytes) return { ok: false, reason: 'tooLarge', name: upload.name, bytes: bytes.length };
  const thumbnail = upload.thumbnail.length <= MAX_THUMBNAIL_CHARACTERS && THUMBNAIL.test(upload.thumbnail) ? upload.thumbnail : '';
  return { ok: true, mime, bytes, thumbnail };
}

export function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}
