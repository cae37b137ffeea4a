// Validation of the synthesis fields of spec 4.5 (shared by tts and tts-long-commit): every field is checked and
// an error names the field. Absent fields take the spec's defaults.
import { DEFAULT_SPEAKER_ID, SPEAKERS, findSpeaker } from './speakers';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError } from './speechError';
import { optionalFlag, optionalInteger, optionalIntegerOf, optionalString } from './requestFields';
import type { RequestFields } from './requestFields';

export const AUDIO_FORMATS = ['wav', 'mp3'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
export const SAMPLE_RATES = [8000, 16000, 24000] as const;

export interface TtsParams {
  readonly text: string;
  readonly format: AudioFormat;
  readonly sampleRate: number;
  readonly voice: string;
  /** 0..100, 50 = unchanged (spelled `volumn` on the wire). */
  readonly volume: number;
  readonly speed: number;
  readonly pitch: number;
  readonly enableTs: boolean;
}

export function parseTtsParams(fields: RequestFields, maxChars: number): TtsParams {
  const text = optionalString(fields, 'text');
  if (text === undefined || text.trim() === '') {
    throw new SpeechError(SpeechErrorCode.invalidParameter, 'text must not be empty');
  }
  const length = [...text].length;
  if (length > maxChars) {
    throw new SpeechError(SpeechErrorCode.textTooLong, `text is too long: ${length} characters, at most ${maxChars}`);
  }
  const format = optionalString(fields, 'format') ?? 'wav';
  if (!(AUDIO_FORMATS as readonly string[]).includes(format)) {
    throw new SpeechError(SpeechErrorCode.invalidParameter, `format must be one of ${AUDIO_FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  }
  const sampleRate = optionalIntegerOf(fields, 'sample_rate', SAMPLE_RATES) ?? 16000;
  const voice = optionalString(fields, 'voice') ?? DEFAULT_SPEAKER_ID;
  if (findSpeaker(voice) === undefined) {
    throw new SpeechError(
      SpeechErrorCode.invalidParameter,
      `voice ${JSON.stringify(voice)} is not a known speaker (one of ${SPEAKERS.map((speaker) => speaker.id).join(', ')}; see get_speakers)`,
    );
  }
  return {
    text,
    format: format as AudioFormat,
    sampleRate,
    voice,
    volume: optionalInteger(fields, 'volumn', 0, 100) ?? 50,
    speed: optionalInteger(fields, 'speed', -500, 500) ?? 0,
    pitch: optionalInteger(fields, 'pitch', -500, 500) ?? 0,
    enableTs: optionalFlag(fields, 'enable_ts'),
  };
}
