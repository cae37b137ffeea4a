// The speech routes' switches ([choice]s of docs/wire.md). They come from an optional
// `speechOptions` property on the context the server passes (the seam in ../speechContract.ts stays unchanged),
// then from environment variables, then from the defaults below.
import * as z from 'zod';
import type { SpeechContext } from '../speechContract';

/** Where get_speakers puts its list: `{ speakers: [...] }`, `{ data: [...] }` or `{ data: { list: [...] } }`. */
export const SPEAKERS_SHAPES = ['speakers', 'data', 'data.list'] as const;
export type SpeakersShape = (typeof SPEAKERS_SHAPES)[number];
/** What real-time `tts` with enable_ts answers: JSON with base64 audio and timestamps, or the plain audio. */
export const TIMESTAMP_MODES = ['json', 'none'] as const;
export type TimestampMode = (typeof TIMESTAMP_MODES)[number];

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

export interface SpeechOptions {
  /** Longest text (in characters) for real-time `tts`. Env MAAS_LOCAL_TTS_MAX_CHARS. */
  readonly maxRealtimeChars: number;
  /** Longest text for `tts-long-commit`. Env MAAS_LOCAL_TTS_LONG_MAX_CHARS. */
  readonly maxLongChars: number;
  /** HTTP status of a speech error body. Env MAAS_LOCAL_SPEECH_ERROR_STATUS (CLI `--speech-error-status`). */
  readonly errorStatus: number;
  /** Lifetime of a signed `audio_address`. Env MAAS_LOCAL_TTS_AUDIO_TTL_S. */
  readonly audioUrlTtlSeconds: number;
  /** Whether get_speakers needs appkey/token. Env MAAS_LOCAL_SPEAKERS_REQUIRE_AUTH=1. */
  readonly speakersRequireCredentials: boolean;
  /** `code` of every successful speech JSON answer (the spec says 0). Env MAAS_LOCAL_SPEECH_SUCCESS_CODE. */
  readonly successCode: number;
  /** Where get_speakers puts its list. Env MAAS_LOCAL_SPEAKERS_SHAPE. */
  readonly speakersShape: SpeakersShape;
  /** What real-time tts with enable_ts answers ('none': plain audio, as without it). Env MAAS_LOCAL_TTS_TIMESTAMPS. */
  readonly timestamps: TimestampMode;
  /** espeak-ng processes allowed at once (1 or 2); the long-task worker never holds more than one. */
  readonly maxSynthesisProcesses: number;
  /** The espeak-ng program. Env MAAS_LOCAL_ESPEAK. */
  readonly espeakCommand: string;
  /** The lame program. Env MAAS_LOCAL_LAME. */
  readonly lameCommand: string;
  /** Clock in milliseconds; tests move it to expire signed addresses. */
  readonly now: () => number;
}

export type SpeechContextWithOptions = SpeechContext & { readonly speechOptions?: Partial<SpeechOptions> };

const optionsSchema = z.object({
  maxRealtimeChars: z.number().int().positive().optional(),
  maxLongChars: z.number().int().positive().optional(),
  errorStatus: z.number().int().min(200).max(599).optional(),
  audioUrlTtlSeconds: z.number().int().positive().optional(),
  speakersRequireCredentials: z.boolean().optional(),
  successCode: z.number().int().min(INT32_MIN).max(INT32_MAX).optional(),
  speakersShape: z.enum(SPEAKERS_SHAPES).optional(),
  timestamps: z.enum(TIMESTAMP_MODES).optional(),
  maxSynthesisProcesses: z.number().int().min(1).max(2).optional(),
  espeakCommand: z.string().min(1).optional(),
  lameCommand: z.string().min(1).optional(),
  now: z.custom<() => number>((value) => typeof value === 'function').optional(),
});

const envInteger = (name: string, min: number, max: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

const envChoice = <T extends string>(name: string, choices: readonly T[]): T | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = choices.find((choice) => choice === raw.trim());
  if (value === undefined) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return value;
};

export function resolveSpeechOptions(context: SpeechContext): SpeechOptions {
  const given = 'speechOptions' in context ? optionsSchema.parse(context.speechOptions ?? {}) : {};
  const flag = process.env.MAAS_LOCAL_SPEAKERS_REQUIRE_AUTH;
  return {
    maxRealtimeChars: given.maxRealtimeChars ?? envInteger('MAAS_LOCAL_TTS_MAX_CHARS', 1, 10_000_000) ?? 1000,
    maxLongChars: given.maxLongChars ?? envInteger('MAAS_LOCAL_TTS_LONG_MAX_CHARS', 1, 10_000_000) ?? 100_000,
    errorStatus: given.errorStatus ?? envInteger('MAAS_LOCAL_SPEECH_ERROR_STATUS', 200, 599) ?? 200,
    audioUrlTtlSeconds: given.audioUrlTtlSeconds ?? envInteger('MAAS_LOCAL_TTS_AUDIO_TTL_S', 1, 365 * 86_400) ?? 86_400,
    speakersRequireCredentials: given.speakersRequireCredentials ?? (flag === '1' || flag === 'true'),
    successCode: given.successCode ?? envInteger('MAAS_LOCAL_SPEECH_SUCCESS_CODE', INT32_MIN, INT32_MAX) ?? 0,
    speakersShape: given.speakersShape ?? envChoice('MAAS_LOCAL_SPEAKERS_SHAPE', SPEAKERS_SHAPES) ?? 'speakers',
    timestamps: given.timestamps ?? envChoice('MAAS_LOCAL_TTS_TIMESTAMPS', TIMESTAMP_MODES) ?? 'json',
    maxSynthesisProcesses: given.maxSynthesisProcesses ?? 2,
    espeakCommand: given.espeakCommand ?? process.env.MAAS_LOCAL_ESPEAK ?? 'espeak-ng',
    lameCommand: given.lameCommand ?? process.env.MAAS_LOCAL_LAME ?? 'lame',
    now: given.now ?? Date.now,
  };
}
