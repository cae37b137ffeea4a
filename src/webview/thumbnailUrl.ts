// Shows a host-provided `data:image/…` thumbnail through a blob: URL, which the CSP's img-src already allows, so
// the policy needs no `data:`. Anything that is not a base64 PNG/JPEG/GIF/WebP/BMP data URL is refused.
const cache = new Map<string, string>();
const dataUrl = /^data:(image\/(?:png|jpeg|gif|webp|bmp));base64,([A-Za-z0-9+/=]+)$/;

export function thumbnailUrl(data: string): string | undefined {
  const cached = cache.get(data);
  if (cached !== undefined) return cached;
  const match = dataUrl.exec(data);
  if (match === null) return undefined;
  const [, mime = 'image/png', base64 = ''] = match;
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
