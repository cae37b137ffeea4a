// An image's width and height read from its header, without decoding a pixel: the check every way in (Describe
// Image, @maas, the provider's attachments, the chat view's paste and drop, and the host's check of an upload) makes
// before any decoder runs, because a small file can declare a huge picture (a PNG of a few KB may declare 8000×8000,
// 256 MB of pixels once decoded). One small reader per format the chat takes, on plain bytes, so the webview runs the same code.
// Each reader takes the size the decoders will allocate for: where a format could be read two ways, the larger.

/** The most pixels an image may have to be read at all (width × height): above it, it is refused undecoded. */
export const maxImagePixels = 16_000_000;

/** The largest image file that is read at all; its size is known (stat, File.size) before any byte is read. */
export const maxImageFileBytes = 64 * 1024 * 1024;

/** The most images one question takes (the view's composer says so past it; the host refuses a Send with more). */
export const maxImagesPerQuestion = 8;

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

/** The size an image declares; undefined when its header cannot be read (not one of the formats, or cut short). */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const dimensions = pngSize(bytes) ?? jpegSize(bytes) ?? gifSize(bytes) ?? webpSize(bytes) ?? bmpSize(bytes);
  return dimensions !== undefined && dimensions.width > 0 && dimensions.height > 0 ? dimensions : undefined;
}

/** Whether an image of this size is over the pixel limit. */
export function hasTooManyPixels({ width, height }: ImageDimensions, limit = maxImagePixels): boolean {
  return width * height > limit;
}

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number): number => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number): number => u16le(b, at) + u16le(b, at + 2) * 0x10000;
const i32le = (b: Uint8Array, at: number): number => u32le(b, at) | 0;
const text = (b: Uint8Array, at: number, length: number): string => String.fromCharCode(...b.subarray(at, at + length));

/** PNG: the IHDR chunk, which the specification puts first. */
function pngSize(b: Uint8Array): ImageDimensions | undefined {
  if (b.length < 24 || u32be(b, 0) !== 0x89504e47 || u32be(b, 4) !== 0x0d0a1a0a || text(b, 12, 4) !== 'IHDR') return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** JPEG: the first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC); a scan before any frame means no readable header. */
function jpegSize(b: Uint8Array): ImageDimensions | undefined {
  for (const { marker, at } of jpegSegments(b)) {
    if (marker === 0xda) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return undefined;
      return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    }
  }
  return undefined;
}

/** A JPEG marker that a length follows (a segment), and where its 0xFF is. */
interface JpegSegment {
  readonly marker: number;
  readonly at: number;
}

/**
 * The segments of a JPEG's first image, in order, up to its end-of-image marker: each is stepped over by its length
 * (EXIF, ICC profiles, tables, frames), a scan's coded data to the next marker. The walk stops at a byte where a marker
 * should be and is not, at a length too short to hold itself, and where the bytes end.
 */
export function* jpegSegments(b: Uint8Array): Generator<JpegSegment, void, undefined> {
  if (b[0] !== 0xff || b[1] !== 0xd8) return;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and the markers that stand alone (TEM, RST0-7): no length follows them.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) return;
    const length = u16be(b, at + 2);
    if (length < 2) return;
    yield { marker, at };
    at += 2 + length;
    if (marker === 0xda) at = afterCodedData(b, at);
  }
}

/** Where the marker after a scan's coded data starts (0xFF not followed by a stuffed zero, a restart marker or another 0xFF); the bytes' end when none does. */
function afterCodedData(b: Uint8Array, from: number): number {
  for (let at = b.indexOf(0xff, from); at !== -1; at = b.indexOf(0xff, at + 1)) {
    const next = b[at + 1];
    if (next === undefined) return b.length;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  return b.length;
}

/**
 * GIF: the logical screen, or the first frame where it is larger (browsers then grow the canvas to it), found by
 * stepping over the colour table and the extensions before it.
 */
function gifSize(b: Uint8Array): ImageDimensions | undefined {
  if (b.length < 13 || (text(b, 0, 6) !== 'GIF87a' && text(b, 0, 6) !== 'GIF89a')) return undefined;
  const screen = { width: u16le(b, 6), height: u16le(b, 8) };
  const flags = b[10] ?? 0;
  let at = 13 + ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < b.length) {
    const block = b[at];
    if (block === 0x2c) {
      if (at + 9 > b.length) return undefined;
      const right = u16le(b, at + 1) + u16le(b, at + 5);
      const bottom = u16le(b, at + 3) + u16le(b, at + 7);
      return { width: Math.max(screen.width, right), height: Math.max(screen.height, bottom) };
    }
    if (block !== 0x21) return block === 0x3b ? screen : undefined;
    // An extension: its label, then sub-blocks, each led by its length, up to an empty one.
    at += 2;
    while (at < b.length && b[at] !== 0) at += (b[at] ?? 0) + 1;
    at += 1;
  }
  return undefined;
}

/** WebP: the extended header's canvas (VP8X), else the lossy (VP8) or lossless (VP8L) bitstream's own size. */
function webpSize(b: Uint8Array): ImageDimensions | undefined {
  if (b.length < 30 || text(b, 0, 4) !== 'RIFF' || text(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = text(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit sizes (the top two bits are a scale, not part of the size).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** BMP: the DIB header after the 14-byte file header; OS/2's core header has 16-bit sizes, the others 32-bit. */
function bmpSize(b: Uint8Array): ImageDimensions | undefined {
  if (b.length < 26 || text(b, 0, 2) !== 'BM') return undefined;
  const headerSize = u32le(b, 14);
  if (headerSize === 12) return { width: u16le(b, 18), height: u16le(b, 20) };
  if (headerSize < 40) return undefined;
  // A negative height means the rows run top-down; the size is the same.
  return { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
}
