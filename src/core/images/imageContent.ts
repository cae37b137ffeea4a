// svc_vl content parts: local image bytes become `data:<sniffed mime>;base64,…` (the service answers those,
// docs/wire.md [seen]); remote images must be https URLs and are passed through.
import { dataUrlOf } from '../../shared/imageFormats';
import type { ContentPart } from '../chat/chatRequest';
import { sniffImageMime } from '../files/mediaSniffing';
import { ServiceError } from '../http/serviceError';

/** Clients seen cap images at 5-10 MB; the service's own limit is unknown (docs/wire.md). */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImagePart = Extract<ContentPart, { type: 'image_url' }>;

export function imagePartFromBytes(bytes: Uint8Array, options: { maxBytes?: number; name?: string } = {}): ImagePart {
  const what = options.name ?? 'the image';
  const mime = sniffImageMime(bytes);
  if (!mime) {
    throw new ServiceError('validation', `Cannot send ${what}: its content is not a PNG, JPEG, GIF, WebP or BMP image.`, { field: 'image', retryable: false });
  }
  const max = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  if (bytes.length > max) {
    throw new ServiceError('validation', `Cannot send ${what}: ${bytes.length} bytes is over the limit of ${max} bytes.`, { field: 'image', retryable: false });
  }
  return { type: 'image_url', image_url: { url: dataUrlOf(mime, Buffer.from(bytes).toString('base64')) } };
}

export function imagePartFromUrl(url: string): ImagePart {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ServiceError('validation', `Cannot send the image: "${url.slice(0, 100)}" is not a URL.`, { field: 'image', retryable: false });
  }
  if (parsed.protocol !== 'https:') {
    throw new ServiceError('validation', `Cannot send the image: only https URLs are accepted, not ${parsed.protocol.replace(':', '')}.`, {
      field: 'image',
      retryable: false,
    });
  }
  return { type: 'image_url', image_url: { url: parsed.href } };
}

export function textPart(text: string): ContentPart {
  return { type: 'text', text };
}
