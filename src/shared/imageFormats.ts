// The image formats the chat takes, in one place: the types the vision model accepts (the webview's file picker,
// the host's check of an upload, the extension a kept image is written with), the thumbnail the view displays (a
// small PNG or JPEG data URL under a cap) and the data URLs that carry images. Plain data and functions: the
// webview imports them too.

export const imageMimes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'] as const;
export type ImageMime = (typeof imageMimes)[number];

/** The file name extensions of each type; a kept image is written with the first. */
const extensions: Readonly<Record<ImageMime, readonly [string, ...string[]]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
};

function isImageMime(value: string): value is ImageMime {
  return (imageMimes as readonly string[]).includes(value);
}

/** The extension a kept image of this type is written with; `bin` for a type that is not one of them. */
export function imageFileExtension(mime: string): string {
  return isImageMime(mime) ? extensions[mime][0] : 'bin';
}

/** The type a file name's extension names (for a file the browser gives no type). */
export function imageMimeOfFileName(name: string): ImageMime | undefined {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return imageMimes.find((mime) => extensions[mime].includes(extension));
}

/** The longest thumbnail data URL the host keeps and the protocol accepts (a 256-pixel PNG or JPEG fits). */
export const maxThumbnailCharacters = 100_000;

export function dataUrlOf(mime: string, base64: string): string {
  return `data:${mime};base64,${base64}`;
}

const base64DataUrl = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The type and the base64 bytes of a data URL of one of the image types; undefined for anything else. */
export function parseImageDataUrl(url: string): { readonly mime: ImageMime; readonly base64: string } | undefined {
  const [, mime = '', base64 = ''] = base64DataUrl.exec(url) ?? [];
  return isImageMime(mime) ? { mime, base64 } : undefined;
}

/** Whether a thumbnail is one the view displays: a PNG or JPEG data URL within the cap. */
export function isThumbnail(url: string): boolean {
  const mime = url.length <= maxThumbnailCharacters ? parseImageDataUrl(url)?.mime : undefined;
  return mime === 'image/png' || mime === 'image/jpeg';
}
