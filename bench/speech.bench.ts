// Read Aloud's time to first audio for a 3,000-character text, against the local service (real espeak-ng):
// sentences through the pipelined synthesiser (first segment ready) versus synthesising the whole text first
// (the long-text task, polled every 50-100 ms so polling adds little). Alternating runs in the same process;
// medians of 3 after one warm-up each.
import { MaasClient } from '../src/core/maasClient';
import { synthesizePipelined } from '../src/core/speech/pipelinedSynthesizer';
import { REALTIME_MAX_CHARS, speechPieces } from '../src/core/speech/speechLimits';
import { startLocalService } from '../service/src/localService';
import { againstEspeak, compared, ratioAtMost, sized, type BenchResult } from './benchResult';

const KEY = 'sk-bench-speech';
const SPEECH = { appkey: 'bench-app', token: 'bench-token-0123456789' };
const RUNS = sized(3, 1);
/** Characters read aloud: 3,000, or one sentence and a half in a quick run. */
const CHARS = sized(3000, 100);
const chars = CHARS.toLocaleString('en');

function text3000(): string {
  const sentences = [
    'The assistant reads the selected text aloud, one sentence at a time.',
    '每一句话都会单独合成，然后按顺序播放。',
    'While the first sentence plays, the next two are already being synthesised.',
    'Code blocks and citation marks are skipped, so only the words are heard.',
    '长文本也可以保存为音频文件，窗口重新加载后任务会继续。',
  ];
  let text = '';
  for (let i = 0; text.length < CHARS; i++) text += `${sentences[i % sentences.length]} `;
  return text.slice(0, CHARS);
}

async function pipelinedFirstAudio(client: MaasClient, text: string): Promise<number> {
  const started = performance.now();
  const segments = synthesizePipelined(speechPieces(text, REALTIME_MAX_CHARS), (sentence, signal) =>
    client.synthesize({ text: sentence, format: 'wav' }, { signal }),
  );
  const first = await segments.next();
  const ms = performance.now() - started;
  if (first.done === true || first.value.audio.length < 44) throw new Error('no first segment');
  await segments.return(undefined);
  return ms;
}

async function wholeFirstAudio(client: MaasClient, text: string): Promise<number> {
  const started = performance.now();
  const task = await client.submitLongTask({ text, format: 'wav' });
  const done = await client.waitForLongTask(task.taskId, { initialDelayMs: 50, maxDelayMs: 100 });
  const audio = await client.downloadTaskAudio(done);
  const ms = performance.now() - started;
  if (audio.audio.length < 44) throw new Error('no audio');
  return ms;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export default async function speechBench(): Promise<BenchResult[]> {
  const service = await startLocalService({ quiet: true, seed: { defaultKey: KEY, speechCredentials: [SPEECH] } });
  const client = new MaasClient({ baseUrl: service.baseUrl, getApiKey: () => Promise.resolve(KEY), getSpeechCredentials: () => Promise.resolve(SPEECH) });
  try {
    const text = text3000();
    await pipelinedFirstAudio(client, text);
    await wholeFirstAudio(client, text);
    const pipelined: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      pipelined.push(await pipelinedFirstAudio(client, text));
      whole.push(await wholeFirstAudio(client, text));
    }
    return [
      againstEspeak(
        compared(
          `read aloud ${chars} chars: first audio, sentences pipelined vs the whole text synthesised first (median of ${RUNS})`,
          median(pipelined),
          median(whole),
          'ms',
          ratioAtMost(
            0.2,
            "Pipelining exists so that the first sentence is heard while the rest is synthesised: its audio must come in a fifth of the whole text's time or less (the text has dozens of sentences).",
          ),
        ),
      ),
    ];
  } finally {
    await client.dispose();
    await service.stop();
  }
}
