// Text to PCM at the requested rate: sentence by sentence, each sentence as runs of one script spoken by espeak-ng,
// resampled (libsamplerate) and scaled by the volume. Sentences are handed to a sink as they finish, so a long task never
// holds more than one sentence of audio in memory, and the timestamps are the sentences' real offsets.
import { runEspeak } from './espeakProcess';
import { findSpeaker } from './speakers';
import { resampleWithGain } from './resampler';
import { MAX_SENTENCE_CHARS, splitScriptRuns } from './textSegments';
import { splitSpokenSentences } from '../../../packages/text/sentences';
import type { Speaker } from './speakers';
import type { SynthesisPriority, SynthesisSlots } from './synthesisSlots';
import type { TtsParams } from './ttsParams';

export interface PcmSink {
  write(samples: Int16Array): Promise<void>;
}

export interface SentenceTimestamp {
  readonly text: string;
  readonly begin_ms: number;
  readonly end_ms: number;
}

export interface SynthesisRun {
  readonly slots: SynthesisSlots;
  readonly priority: SynthesisPriority;
  readonly signal?: AbortSignal;
  readonly espeakCommand: string;
}

export interface SynthesisResult {
  readonly timestamps: readonly SentenceTimestamp[];
  readonly sampleCount: number;
}

/** espeak-ng's default rate is 175 words per minute; its useful range is about 80..450. */
const BASE_WPM = 175;
const SLOWEST_WPM = 80;
const FASTEST_WPM = 400;

/** speed −500..500 → 80..400 wpm, 0 = 175 (espeak-ng's default), linear on each side. */
export function wordsPerMinuteFor(speed: number): number {
  const span = speed < 0 ? BASE_WPM - SLOWEST_WPM : FASTEST_WPM - BASE_WPM;
  return Math.round(BASE_WPM + (speed / 500) * span);
}

/** pitch −500..500 → espeak-ng 1..99, 0 = 50 (the voice's own pitch). */
export function espeakPitchFor(pitch: number): number {
  return Math.round(50 + (pitch / 500) * 49);
}

/** volumn 0..100 → linear gain 0..2 (50 = unchanged, 100 = +6 dB, clipped to 16 bits). */
export function gainFor(volume: number): number {
  return volume / 50;
}

export async function synthesize(params: TtsParams, sink: PcmSink, run: SynthesisRun): Promise<SynthesisResult> {
  const speaker = findSpeaker(params.voice);
  if (speaker === undefined) throw new Error(`unknown voice ${params.voice}`);
  const voice = { speaker, wordsPerMinute: wordsPerMinuteFor(params.speed), pitch: espeakPitchFor(params.pitch) };
  const gain = gainFor(params.volume);
  // Interactive calls render the next sentence while the current one is resampled and written (both slots);
  // the background worker renders one at a time, as its slot allows.
  const window = run.priority === 'interactive' ? run.slots.capacity : 1;
  const sentences = splitSpokenSentences(params.text, { maxChars: MAX_SENTENCE_CHARS });
  const rendering: Promise<Int16Array>[] = [];
  const start = (index: number): void => {
    const sentence = sentences[index];
    if (sentence === undefined) return;
    const promise = renderSentence(sentence, voice, params.sampleRate, gain, run);
    promise.catch(() => undefined); // awaited in order below; an early failure must not go unhandled meanwhile
    rendering.push(promise);
  };
  for (let i = 0; i < window; i++) start(i);
  const timestamps: SentenceTimestamp[] = [];
  let sampleCount = 0;
  for (let index = 0; index < sentences.length; index++) {
    const samples = await (rendering[index] as Promise<Int16Array>);
    start(index + window);
    if (samples.length === 0) continue;
    await sink.write(samples);
    timestamps.push({
      text: sentences[index] ?? '',
      begin_ms: Math.round((sampleCount * 1000) / params.sampleRate),
      end_ms: Math.round(((sampleCount + samples.length) * 1000) / params.sampleRate),
    });
    sampleCount += samples.length;
  }
  return { timestamps, sampleCount };
}

interface VoiceSettings {
  readonly speaker: Speaker;
  readonly wordsPerMinute: number;
  readonly pitch: number;
}

async function renderSentence(sentence: string, voice: VoiceSettings, sampleRate: number, gain: number, run: SynthesisRun): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  let sourceRate = 0;
  for (const scriptRun of splitScriptRuns(sentence, voice.speaker.primary)) {
    const espeakVoice = scriptRun.language === 'zh' ? voice.speaker.chineseVoice : voice.speaker.englishVoice;
    const release = await run.slots.acquire(run.priority, run.signal);
    try {
      const pcm = await runEspeak(
        run.espeakCommand,
        { voice: espeakVoice, text: scriptRun.text, wordsPerMinute: voice.wordsPerMinute, pitch: voice.pitch },
        run.signal,
      );
      parts.push(pcm.samples);
      sourceRate = pcm.sampleRate;
    } finally {
      release();
    }
  }
  if (parts.length === 0) return new Int16Array(0);
  return resampleWithGain(concat(parts), sourceRate, sampleRate, gain);
}

function concat(parts: readonly Int16Array[]): Int16Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Int16Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
