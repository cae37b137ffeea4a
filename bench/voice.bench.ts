// Answers read aloud as they stream (maas.speech.readAnswers), as a listener hears them: the extension's own
// AnswerVoice (on the vscode stub of the language-model bench) follows an answer streamed by the local service at
// its real-time pace (npm run service's default, 25 ms a token), synthesises with real espeak-ng through the
// extension's client, and hands the segments to a player that plays each for its audio's length and pulls the next
// segment when one starts playing (as the chat view's player does: one segment past the one heard).
//
// - First audio: from the moment the stream holds the whole first sentence (the delta that ends it) to its audio at
//   the player, against synthesising that sentence alone (the same client, the same text, alternating in the same
//   run). Median of ROUNDS each, after one warm-up each.
// - Cutting sentences: AnswerSentences alone on a long answer and a short one, per character (each update cleans only
//   the part of the answer after its last settled block, so a long answer costs what a short one does).
// - Silence between sentences: the player's clock, each sentence's start minus the previous one's end, while the
//   answer streams; the first SENTENCES sentences of each of LISTENS answers.
import './languageModel/vscodeStub'; // `require('vscode')` answered before AnswerVoice loads
import '../src/vscode/activation/zodSetup'; // zod as the extension configures it, before any schema is built
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalService } from '../service/src/localService';
import { MaasClient } from '../src/core/maasClient';
import { AnswerSentences } from '../src/core/speech/answerSentences';
import { AnswerVoice } from '../src/vscode/speech/answerVoice';
import type { SpeechSegment } from '../src/core/speech/pipelinedSynthesizer';
import type { SpeechPlayer } from '../src/vscode/speech/speechPlayer';
import { synthesisRequest } from '../src/vscode/speech/speechRequest';
import { parseSettings } from '../src/vscode/settings/settingsDeclaration';
import { compared, median, progressOf, sized, type BenchResult } from './benchResult';

const KEY = 'sk-bench-voice-000000000001';
const SPEECH = { appkey: 'bench-app', token: 'bench-token-0123456789' };
/** The local service's real-time pace (npm run service's default). */
const PACE_MS = 25;
const ROUNDS = sized(7, 1);
const LISTENS = sized(3, 1);
const SENTENCES = sized(5, 2);
/** The answer of the silence rows: the local responder's structured answer (prose, a list, a code block). */
const QUESTION = 'What is a moving average?';
/** The answer of the first-audio rows: its first sentence ends in a full stop, which only the next delta confirms. */
const REPEATED = [
  'A moving average smooths a series by averaging each window of values.',
  'Keep a running sum, add the new value and subtract the oldest one.',
  "The window's length decides how smooth the line is.",
].join(' ');
const progress = progressOf('voice');
/** The sentence cutting alone, on a long answer and a short one, in deltas of DELTA characters. */
const LONG_CHARS = sized(80_000, 8_000);
const SHORT_CHARS = sized(5_000, 2_000);
const DELTA = 40;

/** Milliseconds per 1,000 characters that AnswerSentences spends on an answer of `chars` streamed in DELTA steps. */
async function cuttingCost(chars: number): Promise<number> {
  const block =
    'A moving average smooths a series by averaging each window. See [the docs](https://x.test/d) and `code`.\n\n```ts\nconst a = 1;\n```\n\n- item one.\n- item two.\n\n';
  const text = block.repeat(Math.ceil(chars / block.length)).slice(0, chars);
  const sentences = new AnswerSentences();
  const started = performance.now();
  for (let end = DELTA; end < chars; end += DELTA) await sentences.update(text.slice(0, end), false);
  await sentences.update(text, true);
  return ((performance.now() - started) / chars) * 1000;
}

/** How long a WAV segment plays: its data bytes over its byte rate (header field at offset 28). */
function seconds(audio: Uint8Array): number {
  const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
  return (audio.byteLength - 44) / view.getUint32(28, true);
}

/** A player on the chat view's terms: each segment plays for its length; the next is pulled when one starts. */
class ClockPlayer implements SpeechPlayer {
  /** When each segment reached the player, started and ended, on performance.now(). */
  readonly heard: { text: string; arrived: number; start: number; end: number }[] = [];
  private stopped = false;

  constructor(private readonly wanted: number) {}

  async play(segments: AsyncIterable<SpeechSegment>): Promise<void> {
    let end = 0;
    for await (const segment of segments) {
      const arrived = performance.now();
      const start = Math.max(arrived, end);
      end = start + seconds(segment.audio) * 1000;
      this.heard.push({ text: segment.text, arrived, start, end });
      if (this.stopped || this.heard.length >= this.wanted) return;
      await sleep(start - performance.now());
    }
  }

  stop(): void {
    this.stopped = true;
  }
}

interface Listened {
  readonly player: ClockPlayer;
  /** When each delta reached the voice, and the answer's length after it. */
  readonly deltas: { at: number; length: number }[];
  readonly answer: string;
}

export default async function voiceBench(): Promise<BenchResult[]> {
  const service = await startLocalService({ quiet: true, paceMs: PACE_MS, seed: { defaultKey: KEY, speechCredentials: [SPEECH] } });
  const client = new MaasClient({ baseUrl: service.baseUrl, getApiKey: () => Promise.resolve(KEY), getSpeechCredentials: () => Promise.resolve(SPEECH) });
  const quiet = { dispose: () => undefined };
  const settings = { ...parseSettings({ readAnswers: true, speechFormat: 'wav' }).settings, baseUrl: service.baseUrl };

  /** Streams one answer into a fresh AnswerVoice; resolves once `wanted` sentences reached the player and were heard. */
  const listen = async (wanted: number, question = QUESTION): Promise<Listened> => {
    const player = new ClockPlayer(wanted);
    const voice = new AnswerVoice({
      settings: { settings, onDidChange: () => quiet },
      credentials: { hasSpeech: () => Promise.resolve(true), onDidChange: () => quiet },
      client: () => client,
      player,
      prompter: {},
      logger: { warn: (text: string) => progress(`warning: ${text}`) },
    } as never);
    const live = voice.begin('Answer');
    if (live === undefined) throw new Error('maas.speech.readAnswers is on, yet no voice began');
    const deltas: { at: number; length: number }[] = [];
    let answer = '';
    for await (const event of client.streamChat({ model: 'svc_llm', messages: [{ role: 'user', content: question }] })) {
      if (event.type !== 'text') continue;
      answer += event.text;
      deltas.push({ at: performance.now(), length: answer.length });
      live.update(answer);
    }
    live.end(answer);
    while (player.heard.length < wanted) await sleep(20);
    const last = player.heard[wanted - 1];
    if (last !== undefined) await sleep(Math.max(0, last.end - performance.now()));
    voice.dispose();
    return { player, deltas, answer };
  };

  /** Milliseconds from the delta that ended the first sentence to its audio at the player; and that sentence. */
  const firstAudio = async (): Promise<{ ms: number; sentence: string }> => {
    const { player, deltas, answer } = await listen(1, `repeat: ${REPEATED}`);
    const first = player.heard[0];
    if (first === undefined) throw new Error('no first sentence was heard');
    // The sentence's last words, found in the streamed answer, say which delta completed it.
    const tail = first.text.slice(-12);
    const at = answer.indexOf(tail);
    if (at < 0) throw new Error(`the first spoken sentence's end "${tail}" is not in the answer as streamed`);
    const ended = deltas.find((d) => d.length >= at + tail.length);
    if (ended === undefined) throw new Error('no delta completed the first sentence');
    return { ms: first.arrived - ended.at, sentence: first.text };
  };

  const alone = async (sentence: string): Promise<number> => {
    const started = performance.now();
    const result = await client.synthesize(synthesisRequest(settings, sentence));
    if (result.audio.length <= 44) throw new Error('no audio');
    return performance.now() - started;
  };

  try {
    const warm = await firstAudio();
    await alone(warm.sentence);
    const streamed: number[] = [];
    const single: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, sentence } = await firstAudio();
      streamed.push(ms);
      single.push(await alone(sentence));
      progress(`first audio, round ${round + 1}/${ROUNDS}: ${ms.toFixed(0)} ms streamed, ${single.at(-1)?.toFixed(0)} ms alone`);
    }
    const silences: number[] = [];
    for (let time = 0; time < LISTENS; time++) {
      const { player } = await listen(SENTENCES);
      for (let i = 1; i < player.heard.length; i++) {
        const [previous, next] = [player.heard[i - 1], player.heard[i]];
        if (previous !== undefined && next !== undefined) silences.push(next.start - previous.end);
      }
      progress(`listened ${time + 1}/${LISTENS}: ${player.heard.length} sentences`);
    }
    await cuttingCost(SHORT_CHARS);
    const cutLong: number[] = [];
    const cutShort: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      cutLong.push(await cuttingCost(LONG_CHARS));
      cutShort.push(await cuttingCost(SHORT_CHARS));
    }
    return [
      compared(
        `voice: cutting the sentences of a ${LONG_CHARS.toLocaleString('en')}-character answer streamed in ${DELTA}-character deltas, per 1,000 characters, vs a ${SHORT_CHARS.toLocaleString('en')}-character one (median of ${ROUNDS})`,
        median(cutLong),
        median(cutShort),
        'ms',
      ),
      compared(
        `voice: first audio after the first sentence of a streamed answer ends, vs synthesising that sentence alone (median of ${ROUNDS})`,
        median(streamed),
        median(single),
        'ms',
      ),
      {
        name: `voice: median silence between sentences while the answer streams at ${PACE_MS} ms a token (${silences.length} gaps)`,
        value: median(silences),
        unit: 'ms',
      },
      {
        name: `voice: longest silence between sentences while the answer streams at ${PACE_MS} ms a token (${silences.length} gaps)`,
        value: Math.max(...silences),
        unit: 'ms',
      },
    ];
  } finally {
    await client.dispose();
    await service.stop();
  }
}
