// `npx tsx scripts/icon.ts`: the extension's 128×128 icon (media/icon.png, the manifest's `icon`), drawn from the
// activity bar's glyph (media/activity-icon.svg, the chat bubble) in white on a rounded blue square, and rendered
// by Chromium (Debian's, the one the tests drive) so that no image tool is needed. The PNG is committed; run this
// again after changing the glyph or the colours.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../test/harness/tools';

const root = path.resolve(__dirname, '..');
const SIZE = 128;

/** The icon as SVG: the glyph's paths, scaled from its 24-unit box to 80 px and centred on the square. */
export function iconSvg(glyph: string): string {
  const paths = [...glyph.matchAll(/<path d="([^"]+)"\/>/g)].map((match) => match[1] ?? '');
  if (paths.length === 0) throw new Error('media/activity-icon.svg has no <path d="…"/> to draw');
  const scale = 80 / 24;
  const offset = (SIZE - 24 * scale) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>',
    `<rect width="${SIZE}" height="${SIZE}" rx="26" fill="url(#g)"/>`,
    `<g transform="translate(${offset} ${offset + 2}) scale(${scale})" fill="none" stroke="#ffffff" stroke-width="1.7" stroke-linejoin="round" stroke-linecap="round">`,
    ...paths.map((d) => `<path d="${d}"/>`),
    '</g></svg>',
  ].join('');
}

async function main(): Promise<void> {
  const svg = iconSvg(readFileSync(path.join(root, 'media', 'activity-icon.svg'), 'utf8'));
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(root, 'media', 'icon.png'), png);
    process.stdout.write(`wrote media/icon.png (${SIZE}×${SIZE}, ${png.length} bytes)\n`);
  } finally {
    await browser.close();
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
