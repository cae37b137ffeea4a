// Content types from magic bytes, never from file names or labels: images for svc_vl content parts and audio
// returned by speech synthesis.
import type { ImageMime } from '../../shared/imageFormats';

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'flac';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

export function sniffImageMime(bytes: Uint8Array): ImageMime | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return 'image/bmp';
  return undefined;
}

export function detectAudioFormat(bytes: Uint8Array): AudioFormat | undefined {
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(bytes, ascii('ID3'))) return 'mp3';
  // MPEG audio frame sync: 11 set bits, then a version other than "reserved" (01) and a layer other than 00.
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0) return 'mp3';
  if (startsWith(bytes, ascii('OggS'))) return 'ogg';
  if (startsWith(bytes, ascii('fLaC'))) return 'flac';
  return undefined;
}

export const AUDIO_MIME: Readonly<Record<AudioFormat, string>> = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', flac: 'audio/flac' };
