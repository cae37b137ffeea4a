// 16-bit PCM between typed arrays and little-endian bytes, by copying whole blocks: WAV and raw PCM are little-endian
// and so is every platform Node runs this service on (x64, arm64); a per-sample readInt16LE loop held the event loop
// for a noticeable time on long audio.
import { endianness } from 'node:os';

if (endianness() !== 'LE') throw new Error('the speech routes need a little-endian platform');

export function pcmFromBytes(bytes: Buffer): Int16Array {
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  return samples;
}

export function bytesFromPcm(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/**
 * The 44-byte header of a 16-bit mono PCM WAV file. Hand-written rather than wavefile's because wavefile packs every
 * sample one by one through Float64 arrays and needs all samples in memory, which a long task streamed to disk does
 * not have; per-sample copies would also hold the event loop for long pauses where block copies do not.
 */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
