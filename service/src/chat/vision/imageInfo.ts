// Decodes an image received by svc_vl and reports real properties of its bytes: the format sniffed from the file
// header (the data URL's label is not trusted), the size, and the dominant colour of the decoded pixels.
import { PNG } from 'pngjs';
import * as jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import { decode as decodeBmp } from 'bmp-ts';
import { decode as decodeWebp } from '@cwasm/webp';
import { dominantColour } from './dominantColour';
import type { Colour } from './dominantColour';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

export interface ImageInfo {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  readonly dominant: Colour;
}

export class ImageDecodeError extends Error {}

/** Decoding a huge image would take the service down; the byte cap alone does not bound a compressed image's pixels. */
const MAX_PIXELS = 50_000_000;

export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  const ascii = (from: number, to: number): string => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 2) === 'BM') return 'bmp';
  return undefined;
}

interface Rgba {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

function decodePixels(format: ImageFormat, bytes: Buffer): Rgba {
  switch (format) {
    case 'png':
      return PNG.sync.read(bytes);
    case 'jpeg':
      return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 1024 });
    case 'gif': {
      const reader = new GifReader(bytes);
      if (reader.width * reader.height > MAX_PIXELS) throw new ImageDecodeError('image too large');
      const data = new Uint8Array(reader.width * reader.height * 4);
      reader.decodeAndBlitFrameRGBA(0, data);
      return { width: reader.width, height: reader.height, data };
    }
    case 'webp': {
      const image = decodeWebp(bytes);
      return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
    }
    case 'bmp': {
      const image = decodeBmp(bytes, { toRGBA: true });
      // BMP alpha is unused in most files (24-bit has none, 32-bit BI_RGB leaves it 0): all-zero alpha means opaque.
      let anyAlpha = false;
      for (let i = 3; i < image.data.length && !anyAlpha; i += 4) anyAlpha = image.data[i] !== 0;
      if (!anyAlpha) for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
      return { width: image.width, height: Math.abs(image.height), data: image.data };
    }
  }
}

export function describeImage(bytes: Buffer): ImageInfo {
  const format = sniffFormat(bytes);
  if (!format) throw new ImageDecodeError('不是可识别的图片格式(支持 png、jpeg、gif、webp、bmp)');
  let pixels: Rgba;
  try {
    pixels = decodePixels(format, bytes);
  } catch (error) {
    throw new ImageDecodeError(`${format} 图片无法解码: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (pixels.width <= 0 || pixels.height <= 0 || pixels.data.length < pixels.width * pixels.height * 4) {
    throw new ImageDecodeError(`${format} 图片数据不完整`);
  }
  return { format, width: pixels.width, height: pixels.height, dominant: dominantColour(pixels.data, pixels.width * pixels.height) };
}

export function describeInfoLine(info: ImageInfo, zh: boolean): string {
  const format = info.format.toUpperCase();
  return zh
    ? `${format},${info.width}×${info.height} 像素,主色调 ${info.dominant.hex}(${info.dominant.nameZh})`
    : `${format}, ${info.width}×${info.height} pixels, dominant colour ${info.dominant.hex} (${info.dominant.name})`;
}
