// The manifest is ready to publish: no placeholder address, a 128×128 PNG icon, keywords a user would search for in
// English and Chinese, and every image the README shows present for the package. (`vsce package` printing no
// warning is checked at every packaging, by scripts/package.ts.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readmeImages } from '../../../scripts/package';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { icon?: string; keywords?: string[] };

/** The addresses in a text whose host is reserved for examples and tests (RFC 2606): never one a user can reach. */
function placeholderAddresses(text: string): string[] {
  return [...text.matchAll(/\b[a-z][\w+.-]*:\/\/([^\s/"'`<>)\]]+)[^\s"'`<>)\]]*/gi)]
    .filter((match) => /(^|\.)(example\.(com|org|net)|[\w-]*\.?(invalid|test|example))(:\d+)?$/i.test(match[1] ?? ''))
    .map((match) => match[0].replace(/[.,;:!?]+$/, ''));
}

/** Width and height from a PNG's IHDR chunk; undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('latin1') !== 'IHDR')
    return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the package is ready to publish', () => {
  it('recognises placeholder addresses, and not real or local ones', () => {
    const text =
      'see https://example.invalid/maas-assistant.git, `https://maas.example.com`, (http://repo.test:8080/x) and ' +
      'https://github.com/owner/maas-assistant, http://127.0.0.1:11434/v1, the file readmeCommands.test.ts';
    assert.deepEqual(placeholderAddresses(text), ['https://example.invalid/maas-assistant.git', 'https://maas.example.com', 'http://repo.test:8080/x']);
  });

  it('names no placeholder address in the manifest, its translations, or the README and changelog it ships', () => {
    const found = ['package.json', 'package.nls.json', 'package.nls.zh-cn.json', 'README.md', 'CHANGELOG.md'].flatMap((file) =>
      placeholderAddresses(readFileSync(path.join(root, file), 'utf8')).map((address) => `${file}: ${address}`),
    );
    assert.deepEqual(found, []);
  });

  it('has a 128×128 PNG icon', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(readFileSync(path.join(root, manifest.icon))), { width: 128, height: 128 });
  });

  it('reads a PNG size and refuses what is not a PNG', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000800000004008060000', 'hex');
    assert.deepEqual(pngSize(png), { width: 128, height: 64 });
    assert.equal(pngSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
  });

  it('has keywords a user would search for, in English and in Chinese, within the Marketplace limit of 30', () => {
    const keywords = manifest.keywords ?? [];
    assert.ok(keywords.length <= 30, `${keywords.length} keywords`);
    assert.equal(new Set(keywords.map((k) => k.toLowerCase())).size, keywords.length, 'no keyword twice');
    for (const english of ['ai', 'chat', 'llm', 'knowledge base', 'text to speech']) assert.ok(keywords.includes(english), english);
    for (const chinese of ['人工智能', '大模型', '知识库', '语音合成']) assert.ok(keywords.includes(chinese), chinese);
  });

  it('has every image the README shows, for the package to carry', () => {
    const images = readmeImages(readFileSync(path.join(root, 'README.md'), 'utf8'));
    assert.ok(images.length > 0);
    assert.deepEqual(
      images.filter((image) => !existsSync(path.join(root, image))),
      [],
    );
  });
});
