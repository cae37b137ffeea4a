import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detectAudioFormat, sniffImageMime } from '../../../../src/core/files/mediaSniffing';

const bytes = (...parts: (number[] | string)[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const pad = (b: Buffer, n = 32): Buffer => Buffer.concat([b, Buffer.alloc(n)]);

describe('sniffImageMime', () => {
  const cases: [string, Buffer, string | undefined][] = [
    ['png', pad(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])), 'image/png'],
    ['jpeg', pad(bytes([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg'],
    ['gif87a', pad(bytes('GIF87a')), 'image/gif'],
    ['gif89a', pad(bytes('GIF89a')), 'image/gif'],
    ['webp', pad(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')), 'image/webp'],
    ['bmp', pad(bytes('BM')), 'image/bmp'],
    ['wav is not an image', pad(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')), undefined],
    ['svg text', pad(bytes('<svg xmlns="http://www.w3.org/2000/svg">')), undefined],
    ['empty', Buffer.alloc(0), undefined],
  ];
  for (const [name, data, mime] of cases) it(`${name} -> ${mime ?? 'refused'}`, () => assert.equal(sniffImageMime(data), mime));
});

describe('detectAudioFormat', () => {
  const cases: [string, Buffer, string | undefined][] = [
    ['RIFF/WAVE', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'wav'],
    ['ID3', bytes('ID3', [4, 0, 0]), 'mp3'],
    ['MPEG-1 layer III frame sync', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
    ['MPEG-2 layer III frame sync', bytes([0xff, 0xf3, 0x48, 0xc4]), 'mp3'],
    ['OggS', bytes('OggS', [0, 2]), 'ogg'],
    ['fLaC', bytes('fLaC', [0, 0, 0, 34]), 'flac'],
    ['AAC ADTS (layer bits 00) is not mp3', bytes([0xff, 0xf1, 0x50, 0x80]), undefined],
    ['a JSON error body', bytes('{"code":40000}'), undefined],
    ['RIFF but not WAVE', bytes('RIFF', [0, 0, 0, 0], 'AVI '), undefined],
  ];
  for (const [name, data, format] of cases) it(`${name} -> ${format ?? 'unknown'}`, () => assert.equal(detectAudioFormat(data), format));
});
