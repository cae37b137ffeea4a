// The dominant colour of RGBA pixels: the most populated bucket of a 5-bit-per-channel histogram, reported as the
// mean of the pixels in it (so a solid image reports its exact colour) and the nearest named colour.
export interface Colour {
  readonly hex: string;
  readonly name: string;
  readonly nameZh: string;
}

const NAMED: readonly { name: string; nameZh: string; rgb: readonly [number, number, number] }[] = [
  { name: 'black', nameZh: '黑色', rgb: [0, 0, 0] },
  { name: 'white', nameZh: '白色', rgb: [255, 255, 255] },
  { name: 'grey', nameZh: '灰色', rgb: [128, 128, 128] },
  { name: 'red', nameZh: '红色', rgb: [220, 30, 30] },
  { name: 'green', nameZh: '绿色', rgb: [30, 180, 30] },
  { name: 'blue', nameZh: '蓝色', rgb: [30, 60, 220] },
  { name: 'yellow', nameZh: '黄色', rgb: [240, 220, 30] },
  { name: 'cyan', nameZh: '青色', rgb: [30, 210, 220] },
  { name: 'magenta', nameZh: '品红色', rgb: [220, 30, 220] },
  { name: 'orange', nameZh: '橙色', rgb: [250, 140, 20] },
  { name: 'purple', nameZh: '紫色', rgb: [120, 40, 160] },
  { name: 'brown', nameZh: '棕色', rgb: [130, 80, 40] },
  { name: 'pink', nameZh: '粉色', rgb: [250, 170, 190] },
];

/** At most this many pixels are sampled: enough for a stable histogram, cheap on large images. */
const MAX_SAMPLES = 262_144;

export function dominantColour(rgba: Uint8Array, pixelCount: number): Colour {
  const step = Math.max(1, Math.floor(pixelCount / MAX_SAMPLES));
  const counts = new Uint32Array(32768);
  const sums = new Float64Array(32768 * 3);
  for (let p = 0; p < pixelCount; p += step) {
    const i = p * 4;
    // Transparent pixels carry no visible colour.
    if ((rgba[i + 3] ?? 0) < 128) continue;
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    const bucket = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    counts[bucket] = (counts[bucket] ?? 0) + 1;
    sums[bucket * 3] = (sums[bucket * 3] ?? 0) + r;
    sums[bucket * 3 + 1] = (sums[bucket * 3 + 1] ?? 0) + g;
    sums[bucket * 3 + 2] = (sums[bucket * 3 + 2] ?? 0) + b;
  }
  let best = -1;
  for (let bucket = 0; bucket < counts.length; bucket++)
    if ((counts[bucket] ?? 0) > 0 && (best < 0 || (counts[bucket] ?? 0) > (counts[best] ?? 0))) best = bucket;
  if (best < 0) return { hex: '#000000', name: 'transparent', nameZh: '透明' };
  const n = counts[best] ?? 1;
  const rgb = [0, 1, 2].map((c) => Math.round((sums[best * 3 + c] ?? 0) / n)) as [number, number, number];
  const hex = `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const nearest = NAMED.reduce((a, b) => (distance(b.rgb, rgb) < distance(a.rgb, rgb) ? b : a));
  return { hex, name: nearest.name, nameZh: nearest.nameZh };
}

function distance(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, v, i) => sum + (v - (b[i] ?? 0)) ** 2, 0);
}
