// The speech routes' switches ([choice]s of contract.md and wire-notes.md). They come from an optional
// `speechOptions` property on the context the server passes (the seam in ../speechContract.ts stays unchanged),
// then from environment variables, then from the defaults below.
import * as z from 'zod';
import type { SpeechContext } from '../speechContract';

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

export function resolveSpeechOptions(context: SpeechContext): SpeechOptions {
  const given = 'speechOptions' in context ? optionsSchema.parse(context.speechOptions ?? {}) : {};
  const flag = process.env.MAAS_LOCAL_SPEAKERS_REQUIRE_AUTH;
  return {
    maxRealtimeChars: given.maxRealtimeChars ?? envInteger('MAAS_LOCAL_TTS_MAX_CHARS', 1, 10_000_000) ?? 1000,
    maxLongChars: given.maxLongChars ?? envInteger('MAAS_LOCAL_TTS_LONG_MAX_CHARS', 1, 10_000_000) ?? 100_000,
    errorStatus: given.errorStatus ?? envInteger('MAAS_LOCAL_SPEECH_ERROR_STATUS', 200, 599) ?? 200,
    audioUrlTtlSeconds: given.audioUrlTtlSeconds ?? envInteger('MAAS_LOCAL_TTS_AUDIO_TTL_S', 1, 365 * 86_400) ?? 86_400,
    speakersRequireCredentials: given.speakersRequireCredentials ?? (flag === '1' || flag === 'true'),
    maxSynthesisProcesses: given.maxSynthesisProcesses ?? 2,
    espeakCommand: given.espeakCommand ?? process.env.MAAS_LOCAL_ESPEAK ?? 'espeak-ng',
    lameCommand: given.lameCommand ?? process.env.MAAS_LOCAL_LAME ?? 'lame',
    now: given.now ?? Date.now,
  };
}
