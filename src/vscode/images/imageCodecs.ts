// The image codecs, loaded on the first image (imageFiles.ts imports this module dynamically). jimp (MIT, pure
// JavaScript) decodes and encodes PNG, JPEG, GIF and BMP; WebP, which jimp cannot read, is decoded by libwebp
// compiled to WebAssembly (@cwasm/webp, MIT; its 95 KB webp.wasm ships next to the bundle and is loaded on the
// first WebP only). Only the core, those four codecs and the resize plugin are bundled: the full `jimp` package
// would add about 2 MB of fonts, filters and TIFF support the extension never uses.
import { createJimp } from '@jimp/core';
import bmp from '@jimp/js-bmp';
import gif from '@jimp/js-gif';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';

export const Jimp = createJimp({ formats: [png, jpeg, gif, bmp], plugins: [resize] });
export type JimpImage = Awaited<ReturnType<typeof Jimp.read>>;

export async function decodeWebp(bytes: Buffer): Promise<JimpImage> {
  const { decode } = await import('@cwasm/webp');
  const { data, width, height } = decode(bytes);
  return Jimp.fromBitmap({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height });
}
