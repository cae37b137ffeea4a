// Images made in the tests with the encoding libraries: mostly one colour, with a stripe of another, so that the
// service's dominant colour and size can be checked against what was sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import * as jpeg from 'jpeg-js';
import { GifWriter } from 'omggif';
import { encode as encodeBmp } from 'bmp-ts';
import type * as WebpEncoder from '@jsquash/webp/encode.js' with { 'resolution-mode': 'import' };

export type Rgb = readonly [number, number, number];

/** RGBA pixels: `main` everywhere but the top fifth, which is `stripe`. */
export function pixels(width: number, height: number, main: Rgb, stripe: Rgb): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 5 ? stripe : main;
    for (let x = 0; x < width; x++) data.set([r, g, b, 255], (y * width + x) * 4);
  }
  return data;
}

export function png(width: number, height: number, main: Rgb, stripe: Rgb): Buffer {
  const image = new PNG({ width, height });
  image.data = Buffer.from(pixels(width, height, main, stripe));
  return PNG.sync.write(image);
}

export function jpegImage(width: number, height: number, main: Rgb, stripe: Rgb): Buffer {
  return jpeg.encode({ width, height, data: Buffer.from(pixels(width, height, main, stripe)) }, 95).data;
}

export function gif(width: number, height: number, main: Rgb, stripe: Rgb): Buffer {
  const buffer = Buffer.alloc(width * height + 1024);
  const writer = new GifWriter(buffer, width, height, {
    palette: [(main[0] << 16) | (main[1] << 8) | main[2], (stripe[0] << 16) | (stripe[1] << 8) | stripe[2]],
  });
  const indexed = Array.from({ length: width * height }, (_, i) => (Math.floor(i / width) < height / 5 ? 1 : 0));
  writer.addFrame(0, 0, width, height, indexed);
  return buffer.subarray(0, writer.end());
}

export function bmp(width: number, height: number, main: Rgb, stripe: Rgb): Buffer {
  const rgba = pixels(width, height, main, stripe);
  // bmp-ts takes ABGR bytes.
  const abgr = Buffer.alloc(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) abgr.set([rgba[i + 3] ?? 255, rgba[i + 2] ?? 0, rgba[i + 1] ?? 0, rgba[i] ?? 0], i);
  return encodeBmp({ width, height, data: abgr, bitPP: 24 }).data;
}

// Node has WebAssembly at run time; the project's libs (ES2022, no DOM) declare only its types.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

/**
 * WebP through libwebp compiled to wasm (@jsquash/webp), given the compiled module since its loader would fetch()
 * a file URL, which Node cannot. Node 20 has wasm SIMD, so the library picks its SIMD build.
 */
export async function webp(width: number, height: number, main: Rgb, stripe: Rgb): Promise<Buffer> {
  return webpFromPixels(width, height, pixels(width, height, main, stripe));
}

/** Lossless WebP of the given RGBA pixels. */
export async function webpFromPixels(width: number, height: number, rgba: Uint8Array): Promise<Buffer> {
  const dir = path.dirname(require.resolve('@jsquash/webp/package.json'));
  const encoder = (await import('@jsquash/webp/encode.js')) as typeof WebpEncoder;
  await encoder.init((await WebAssembly.compile(readFileSync(path.join(dir, 'codec/enc/webp_enc_simd.wasm')))) as Parameters<typeof encoder.init>[0]);
  const data = new Uint8ClampedArray(rgba);
  const out = await encoder.default({ data, width, height, colorSpace: 'srgb' } as unknown as Parameters<typeof encoder.default>[0], { lossless: 1 });
  return Buffer.from(out);
}

export function dataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
