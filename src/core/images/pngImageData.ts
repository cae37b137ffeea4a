// Whether a PNG's image data inflates to more than its header implies. The header fixes the exact size of the
// inflated data (every row of every interlace pass, each with its filter byte), and an honest file holds exactly that;
// a few hundred KB of deflated zeros can inflate to gigabytes, which pngjs inflates without a cap for an interlaced
// image before it finds the surplus. Here the data is inflated as a stream and only counted, nothing kept, and the
// count stops as soon as it passes the implied size.
import { createInflate } from 'node:zlib';

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
}

/** The samples per pixel of each colour type (grey, RGB, palette, grey and alpha, RGBA). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The seven Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's image data inflates to by its header; undefined for a colour type the format does not have. */
export function pngImpliedDataBytes(header: PngHeader): number | undefined {
  const channels = CHANNELS[header.colourType];
  if (channels === undefined) return undefined;
  const rowBytes = (columns: number): number => 1 + Math.ceil((columns * channels * header.bitDepth) / 8);
  if (!header.interlaced) return header.height * rowBytes(header.width);
  let total = 0;
  for (const [x, y, dx, dy] of ADAM7) {
    const columns = Math.ceil((header.width - x) / dx);
    const rows = Math.ceil((header.height - y) / dy);
    if (columns > 0 && rows > 0) total += rows * rowBytes(columns);
  }
  return total;
}

const u32be = (b: Uint8Array, at: number): number => (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
const chunkType = (b: Uint8Array, at: number): string => String.fromCharCode(...b.subarray(at, at + 4));

/** The header and the image data chunks (IDAT) of a PNG, found by stepping over the chunks by their lengths. */
export function pngParts(bytes: Uint8Array): { readonly header: PngHeader; readonly data: readonly Uint8Array[] } | undefined {
  if (bytes.length < 33 || chunkType(bytes, 12) !== 'IHDR') return undefined;
  const header: PngHeader = {
    width: u32be(bytes, 16),
    height: u32be(bytes, 20),
    bitDepth: bytes[24] ?? 0,
    colourType: bytes[25] ?? 0,
    interlaced: bytes[28] === 1,
  };
  const data: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = u32be(bytes, at);
    const type = chunkType(bytes, at + 4);
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length)));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { header, data };
}

export interface PngSurplus {
  readonly width: number;
  readonly height: number;
  /** What the header implies the image data inflates to. */
  readonly impliedBytes: number;
}

/**
 * The PNG's size and implied data size when its image data inflates to more than that; undefined when it does not,
 * and for data that is not a PNG or does not inflate (the decoder refuses those in its own words).
 */
export async function pngSurplusData(bytes: Uint8Array): Promise<PngSurplus | undefined> {
  const parts = pngParts(bytes);
  const impliedBytes = parts === undefined ? undefined : pngImpliedDataBytes(parts.header);
  if (parts === undefined || impliedBytes === undefined) return undefined;
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  let inflated = 0;
  return new Promise((resolve) => {
    inflate.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated <= impliedBytes) return;
      inflate.destroy();
      resolve({ width: parts.header.width, height: parts.header.height, impliedBytes });
    });
    inflate.on('end', () => resolve(undefined));
    inflate.on('error', () => resolve(undefined));
    for (const piece of parts.data) inflate.write(piece);
    inflate.end();
  });
}
