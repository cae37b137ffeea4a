// Shows a host-provided `data:image/…` thumbnail through a blob: URL, which the CSP's img-src already allows, so
// the policy needs no `data:`. Anything that is not a base64 data URL of one of the image types is refused.
import { parseImageDataUrl } from '../shared/imageFormats';

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
