// Answers read aloud as they stream (maas.speech.readAnswers), as a listener hears them, against the local service
// double at its real-time pace (npm run service's default, 25 ms a token) with real espeak-ng synthesis.
//
// - First audio: the extension's own AnswerVoice (on the vscode stub of the language-model bench) follows a streamed
//   answer, from the moment the stream holds the whole first sentence (the delta that ends it) to its audio at a player
//   that takes it at once, against synthesising that sentence alone (the same client, the same text, alternating in
//   the same run). Median of ROUNDS each, after one warm-up each.
// - Cutting sentences: AnswerSentences alone on a long answer and a short one, per character (each update cleans only
//   the part of the answer after its last settled block, so a long answer costs what a short one does).
// - Silence between sentences: the chat view's audio element in Chromium (voice/webviewListener.ts), from the `ended`
//   of one sentence to the `playing` of the next, while a long answer still streams into the same view; the first
//   SENTENCES sentences of each of LISTENS answers.
import './languageModel/vscodeStub'; // `require('vscode')` answered before AnswerVoice loads
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { startLocalService } from '../service/src/localService';
import { MaasClient } from '../src/core/maasClient';
import { AnswerSentences } from '../src/core/speech/answerSentences';
import { AnswerVoice, type AnswerVoiceDeps } from '../src/vscode/speech/answerVoice';
import type { SpeechSegment } from '../src/core/speech/pipelinedSynthesizer';
import type { SpeechPlayer } from '../src/vscode/speech/speechPlayer';
import { synthesisRequest } from '../src/vscode/speech/speechRequest';
import { parseSettings } from '../src/vscode/settings/settingsDeclaration';
import { againstEspeak, atMost, compared, figure, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { WebviewListener } from './voice/webviewListener';
import { longAnswer } from './longAnswer';

const KEY = 'sk-bench-voice-000000000001';
const SPEECH = { appkey: 'bench-app', token: 'bench-token-0123456789' };
/** The local service's real-time pace (npm run service's default). */
const PACE_MS = 25;
const ROUNDS = sized(7, 1);
const LISTENS = sized(3, 1);
const SENTENCES = sized(6, 2);
/**
 * The answer of the silence rows: headings, prose, lists, code and tables, long enough to stream for over a minute at
 * the service's pace, so that every sentence measured starts while it still streams (with --quick, a quarter of it for
 * two sentences: a small answer ends before a loaded machine has played the first).
 */
const LONG_ANSWER = longAnswer(sized(160_000, 40_000));
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

/** A player that takes each segment as it comes, noting when it arrived (the first-audio rows). */
class ArrivalPlayer implements SpeechPlayer {
  readonly heard: { text: string; arrived: number }[] = [];
  /** Settles once `wanted` segments have arrived. */
  readonly heardAll: Promise<void>;
  private reached: () => void = () => undefined;

  constructor(private readonly wanted: number) {
    this.heardAll = new Promise((resolve) => (this.reached = resolve));
  }

  async play(segments: AsyncIterable<SpeechSegment>): Promise<void> {
    for await (const segment of segments) {
      this.heard.push({ text: segment.text, arrived: performance.now() });
      if (this.heard.length >= this.wanted) {
        this.reached();
        return;
      }
    }
  }

  stop(): void {}
}

interface Listened {
  readonly player: ArrivalPlayer;
  /** When each delta reached the voice, and the answer's length after it. */
  readonly deltas: { at: number; length: number }[];
  readonly answer: string;
}

/** The local service answers the next question with exactly `text`, token by token at its pace. */
async function nextAnswer(baseUrl: string, text: string): Promise<void> {
  const response = await request(`${baseUrl}/_local/next-answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  await response.body.dump();
  if (response.statusCode >= 300) throw new Error(`next-answer refused: HTTP ${response.statusCode}`);
}

export default async function voiceBench(): Promise<BenchResult[]> {
  const service = await startLocalService({ quiet: true, paceMs: PACE_MS, seed: { defaultKey: KEY, speechCredentials: [SPEECH] } });
  const client = new MaasClient({ baseUrl: service.baseUrl, getApiKey: () => Promise.resolve(KEY), getSpeechCredentials: () => Promise.resolve(SPEECH) });
  const quiet = { dispose: () => undefined };
  const settings = { ...parseSettings({ readAnswers: true, speechFormat: 'wav' }).settings, baseUrl: service.baseUrl };

  /** Streams one answer into a fresh AnswerVoice; resolves once `wanted` sentences reached the player. */
  const listen = async (wanted: number, question: string): Promise<Listened> => {
    const player = new ArrivalPlayer(wanted);
    const warn = (text: string): void => progress(`warning: ${text}`);
    const deps: AnswerVoiceDeps = {
      settings: { settings, onDidChange: () => quiet },
      credentials: { hasSpeech: () => Promise.resolve(true), onDidChange: () => quiet },
      client: () => client,
      speech: { player },
      // Never asked while the speech credentials are there; said if it were.
      prompter: {
        showWarningMessage: (message) => {
          warn(message);
          return Promise.resolve(undefined);
        },
      },
      logger: { warn },
    };
    const voice = new AnswerVoice(deps);
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
    let bound: NodeJS.Timeout | undefined;
    const tooLong = new Promise<never>((_, reject) => {
      bound = setTimeout(() => reject(new Error(`the player heard ${player.heard.length} of ${wanted} sentences in 120 s`)), 120_000);
    });
    await Promise.race([player.heardAll, tooLong]).finally(() => clearTimeout(bound));
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
    const listener = await WebviewListener.open({ client, settings, warn: (text) => progress(`warning: ${text}`) });
    try {
      for (let time = 0; time < LISTENS; time++) {
        await nextAnswer(service.baseUrl, LONG_ANSWER);
        const heard = await listener.listen('Explain the shutdown steps in detail.', SENTENCES);
        if (!heard.streamingThroughout) throw new Error('the answer stopped streaming before the last sentence measured began; make it longer');
        silences.push(...heard.silences);
        progress(`listened ${time + 1}/${LISTENS}: silences ${heard.silences.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      }
    } finally {
      await listener.close();
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
        ratioAtMost(
          2,
          'Each update cleans only the answer after its last settled block, so a long answer costs per character about what a short one does; one that went over the whole answer on each update would cost as many times more as the answer is longer.',
        ),
      ),
      againstEspeak(
        compared(
          `voice: first audio after the first sentence of a streamed answer ends, vs synthesising that sentence alone (median of ${ROUNDS})`,
          median(streamed),
          median(single),
          'ms',
          ratioAtMost(
            1.3,
            'The first sentence is heard about as soon as it could be synthesised alone: following the stream (cutting, waiting for the words that confirm a full stop) may add a third at most.',
          ),
        ),
      ),
      againstEspeak(
        figure(
          `voice: silence between spoken sentences in the chat view's audio element (Chromium), from one sentence's end to the next one's start, while the answer streams, median of ${silences.length}`,
          median(silences),
          'ms',
          atMost(
            150,
            "The voice's own pause at a sentence's end is in its audio; what the player adds must stay under a syllable at espeak-ng's default 175 words a minute (about 230 ms), so the reading sounds continuous.",
          ),
          `the longest ${Math.max(...silences).toFixed(0)} ms`,
        ),
      ),
    ];
  } finally {
    await client.dispose();
    await service.stop();
  }
}
