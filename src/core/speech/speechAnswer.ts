// A speech route's answer as read off the wire, and what it holds: audio (format from the magic bytes), or a JSON
// error or payload (by Content-Type, or by the bytes when JSON arrives under an audio type).
import { AUDIO_MIME, detectAudioFormat } from '../files/mediaSniffing';
import type { AudioFormat } from '../files/mediaSniffing';
import { ServiceError } from '../http/serviceError';
import type { Timestamp } from './speechPayloads';

export interface AudioResult {
  readonly audio: Buffer;
  readonly format: AudioFormat;
  readonly mime: string;
  /** Sentence timestamps, when `enable_ts` was requested and the service sent them. */
  readonly timestamps?: readonly Timestamp[];
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly retryAfter: string | undefined;
  readonly bytes: Buffer;
}

/**
 * Whether an answer is a JSON error or payload rather than audio: by Content-Type, or by its bytes when a JSON
 * body arrives under an audio type (audio magic bytes win; a body opening with "{" is JSON, after white space and
 * a byte order mark, which trimStart also removes).
 */
export function isJson(answer: Answer): boolean {
  if (answer.contentType.includes('json')) return true;
  if (detectAudioFormat(answer.bytes)) return false;
  return answer.bytes.subarray(0, 64).toString('utf8').trimStart().startsWith('{');
}

export function audioFrom(audio: Buffer, timestamps?: readonly Timestamp[]): AudioResult {
  const format = detectAudioFormat(audio);
  if (!format) throw new ServiceError('protocol', `The speech service answered ${audio.length} bytes that are not WAV, MP3, Ogg or FLAC audio.`);
  return { audio, format, mime: AUDIO_MIME[format], ...(timestamps ? { timestamps } : {}) };
}
