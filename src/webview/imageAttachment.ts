// Reads an image the user attached (paste, drop, attach button) into the `send` payload: a file above the read cap
// is refused by its size before a byte is read, one whose header declares more pixels than the limit before it is
// decoded (a small file can hold a huge picture, and decoding it would hold up the view); the rest is decoded by the
// browser (so a corrupt file is refused here), downscaled with a canvas when above the size cap, plus a thumbnail.
import * as l10n from '@vscode/l10n';
import { imageRefusalText } from '../shared/chatWords';
import { imageMimeOfFileName, imageMimes, maxThumbnailCharacters, type ImageMime, parseImageDataUrl } from '../shared/imageFormats';
import { hasTooManyPixels, imageDimensions, maxImageFileBytes, maxImagePixels, type ImageDimensions } from '../shared/imageHeader';
import type { ImageUpload } from '../shared/protocol';

export type ImageReadError = 'unsupported' | 'unreadable' | 'tooLarge' | 'fileTooLarge';
export type ImageRead =
  | { readonly ok: true; readonly image: ImageUpload }
  | { readonly ok: false; readonly error: ImageReadError }
  | { readonly ok: false; readonly error: 'tooManyPixels'; readonly dimensions: ImageDimensions };

const thumbnailSize = 256;
/** The host's cap on a thumbnail, with room to spare: a PNG thumbnail above it is made a JPEG instead. */
const thumbnailMaxChars = maxThumbnailCharacters - 10_000;
const maxSteps = 12;

export const acceptedImageTypes = imageMimes.join(',');

function mimeOf(file: File): ImageMime | undefined {
  const declared = imageMimes.find((mime) => mime === file.type);
  if (declared !== undefined) return declared;
  if (file.type !== '') return undefined;
  return imageMimeOfFileName(file.name);
}

/** Base64 of raw bytes. The platform's btoa takes a binary string; chunks keep the argument list bounded. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function draw(bitmap: ImageBitmap, width: number, height: number, opaque: boolean): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2d context');
  if (opaque) {
    // JPEG has no alpha: transparent pixels would turn black without a background.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  return canvas;
}

function encode(canvas: HTMLCanvasElement, mime: 'image/png' | 'image/jpeg', quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, mime, quality));
}

function thumbnailOf(bitmap: ImageBitmap): string {
  const scale = Math.min(1, thumbnailSize / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const png = draw(bitmap, width, height, false).toDataURL('image/png');
  return png.length <= thumbnailMaxChars ? png : draw(bitmap, width, height, true).toDataURL('image/jpeg', 0.8);
}

/** Steps the size (and for JPEG the quality) down until the encoded image fits under `maxBytes`. */
async function downscale(
  bitmap: ImageBitmap,
  mime: ImageMime,
  size: number,
  maxBytes: number,
): Promise<{ blob: Blob; width: number; height: number } | undefined> {
  const target: 'image/png' | 'image/jpeg' = mime === 'image/png' ? 'image/png' : 'image/jpeg';
  let scale = Math.min(1, Math.sqrt(maxBytes / size));
  for (let step = 0; step < maxSteps; step += 1) {
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = draw(bitmap, width, height, target === 'image/jpeg');
    // A PNG that will not shrink enough by size alone (photos) gets one JPEG try at each size.
    const candidates: ['image/png' | 'image/jpeg', number][] =
      target === 'image/png'
        ? [
            ['image/png', 1],
            ['image/jpeg', 0.85],
          ]
        : [['image/jpeg', 0.85]];
    for (const [type, quality] of candidates) {
      const blob = await encode(type === 'image/jpeg' && target === 'image/png' ? draw(bitmap, width, height, true) : canvas, type, quality);
      if (blob !== null && blob.size <= maxBytes) return { blob, width, height };
    }
    scale *= 0.75;
  }
  return undefined;
}

export async function readImage(file: File, maxBytes: number): Promise<ImageRead> {
  const mime = mimeOf(file);
  if (mime === undefined) return { ok: false, error: 'unsupported' };
  if (file.size > maxImageFileBytes) return { ok: false, error: 'fileTooLarge' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const dimensions = imageDimensions(bytes);
  if (dimensions === undefined) return { ok: false, error: 'unreadable' };
  if (hasTooManyPixels(dimensions)) return { ok: false, error: 'tooManyPixels', dimensions };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  try {
    const name = file.name === '' ? 'image' : file.name.slice(0, 260);
    const thumbnail = thumbnailOf(bitmap);
    if (file.size <= maxBytes) {
      const dataBase64 = toBase64(bytes);
      return { ok: true, image: { name, mime, dataBase64, width: bitmap.width, height: bitmap.height, thumbnail } };
    }
    const smaller = await downscale(bitmap, mime, file.size, maxBytes);
    if (smaller === undefined) return { ok: false, error: 'tooLarge' };
    const dataBase64 = toBase64(new Uint8Array(await smaller.blob.arrayBuffer()));
    const outMime: ImageMime = smaller.blob.type === 'image/png' ? 'image/png' : 'image/jpeg';
    return { ok: true, image: { name, mime: outMime, dataBase64, width: smaller.width, height: smaller.height, thumbnail } };
  } finally {
    bitmap.close();
  }
}

/** Why an attached image was refused, in the words the host uses for the images it refuses (src/shared/chatWords.ts). */
export function imageReadRefusal(read: Extract<ImageRead, { ok: false }>, name: string, maxBytes: number): string {
  switch (read.error) {
    case 'tooLarge':
      return imageRefusalText(l10n, { reason: 'tooLarge', maxBytes }, name);
    case 'fileTooLarge':
      return imageRefusalText(l10n, { reason: 'fileTooLarge', maxBytes: maxImageFileBytes }, name);
    case 'tooManyPixels':
      return imageRefusalText(l10n, { reason: 'tooManyPixels', ...read.dimensions, maxPixels: maxImagePixels }, name);
    default:
      return imageRefusalText(l10n, { reason: read.error }, name);
  }
}

// Shows a host-provided `data:image/…` thumbnail through a blob: URL, which the CSP's img-src already allows, so
// the policy needs no `data:`. Anything that is not a base64 data URL of one of the image types is refused.
const cache = new Map<string, string>();

export function thumbnailUrl(data: string): string | undefined {
  const cached = cache.get(data);
  if (cached !== undefined) return cached;
  const parsed = parseImageDataUrl(data);
  if (parsed === undefined) return undefined;
  const { mime, base64 } = parsed;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  cache.set(data, url);
  return url;
}
