// The chat client's hot path against a raw baseline measured in the same run, both reading the same answers from the
// local service double (a child process, so that the server's work does not share the client's thread):
// - a 20,000-chunk answer (/_local/next-answer), the client against undici body + line split + JSON.parse: the CPU time
//   of the reading process, which is the reader's own work (the wall clock is given beside it: on a shared 2-core
//   machine it measures the scheduler too);
// - the decoder alone on the same body from memory, against the baseline's split + JSON.parse: CPU only;
// - first-delta latency: from the first body chunk undici receives (diagnostics channel
//   undici:request:bodyChunkReceived) to the first text event (client) or first parsed content delta (baseline).
// The CPU rows compare the two sides round by round and take as many rounds as settle their verdict
// (bench/stableRounds.ts); the page shows how the rounds' ratios spread.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent, request } from 'undici';
import { ChatStreamDecoder } from '../src/core/chat/chatStreamDecoder';
import { MaasClient } from '../src/core/maasClient';
import { atMost, compared, median, ratioAtMost, sized, type BenchResult, type Target } from './benchResult';
import { comparedRounds, roundsUntilSettled, settled, type Round, type RoundRule } from './stableRounds';
import { startServiceProcess } from './serviceProcess';

const KEY = 'sk-bench-0000000000000001';
const CHUNKS = sized(20_000, 200);
// The end-to-end and decoder rows take rounds until their verdict is settled (bench/stableRounds.ts): on a shared
// machine one of them may take two or three times its fewest. The latency row takes a fixed number.
const ROUNDS: RoundRule = sized({ min: 11, max: 41 }, { min: 1, max: 1 });
const LATENCY_ROUNDS: RoundRule = sized({ min: 25, max: 25 }, { min: 1, max: 1 });
const WARM_UP_ROUNDS = sized(3, 0);
const CPU_ROUNDS: RoundRule = sized({ min: 15, max: 45 }, { min: 1, max: 1 });
const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'bench' }] };

async function nextAnswer(baseUrl: string, body: Record<string, unknown>): Promise<void> {
  const response = await request(`${baseUrl}/_local/next-answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body.dump();
  if (response.statusCode >= 300) throw new Error(`next-answer refused: HTTP ${response.statusCode}`);
}

/** Time of the first body chunk undici received for the current request. */
let firstBodyChunkAt: number | undefined;
const onBodyChunk = (): void => {
  firstBodyChunkAt ??= performance.now();
};

interface Run {
  readonly ms: number;
  /** CPU time of this process (user + system) over the run: the reader's own work, not the service's. */
  readonly cpuMs: number;
  /** Characters of answer text read: the client merges the deltas of one network read into one event. */
  readonly chars: number;
  /** First body chunk -> first text delta. */
  readonly firstDeltaMs: number;
}

async function runClient(client: MaasClient): Promise<Run> {
  firstBodyChunkAt = undefined;
  let firstText: number | undefined;
  let chars = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for await (const event of client.streamChat(ASK)) {
    if (event.type === 'text') {
      firstText ??= performance.now();
      chars += event.text.length;
    }
  }
  return { ms: performance.now() - start, cpuMs: cpuSince(cpuStart), chars, firstDeltaMs: (firstText ?? NaN) - (firstBodyChunkAt ?? NaN) };
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The baseline: what any hand-rolled reader would do, with no tolerance, typing, validation or events. */
async function runBaseline(baseUrl: string, dispatcher: Agent): Promise<Run> {
  firstBodyChunkAt = undefined;
  let firstText: number | undefined;
  let chars = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const response = await request(`${baseUrl}/maas/v1/chat/completions`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ ...ASK, stream: true }),
  });
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const value = JSON.parse(line.slice(6)) as { choices: { delta: { content: string } }[] };
      const content = value.choices[0]?.delta.content;
      if (content) {
        firstText ??= performance.now();
        chars += content.length;
      }
    }
  }
  return { ms: performance.now() - start, cpuMs: cpuSince(cpuStart), chars, firstDeltaMs: (firstText ?? NaN) - (firstBodyChunkAt ?? NaN) };
}

/**
 * Runs both sides, alternating which goes first, `rule.min` rounds and, while `until` says the rounds so far do not
 * settle the row, up to `rule.max`; both must read the same text length (`expected`, or the first run's).
 */
async function measure(
  baseUrl: string,
  rule: RoundRule,
  answer: Record<string, unknown>,
  expected?: number,
  until: (runs: { client: Run[]; baseline: Run[] }) => boolean = () => true,
): Promise<{ client: Run[]; baseline: Run[] }> {
  const client = new MaasClient({ baseUrl, getApiKey: () => Promise.resolve(KEY) });
  const dispatcher = new Agent();
  const runs = { client: [] as Run[], baseline: [] as Run[] };
  let expectedChars = expected;
  try {
    for (let round = -WARM_UP_ROUNDS; round < rule.min || (round < rule.max && !until(runs)); round++) {
      // Alternating order, and warm-up rounds not counted: the JIT (client, baseline and the service alike) needs a
      // few 20,000-chunk answers to settle (measured: the first three client runs are 2-4x slower).
      const order = round % 2 === 0 ? (['client', 'baseline'] as const) : (['baseline', 'client'] as const);
      for (const side of order) {
        await nextAnswer(baseUrl, answer);
        const run = side === 'client' ? await runClient(client) : await runBaseline(baseUrl, dispatcher);
        expectedChars ??= run.chars;
        if (run.chars !== expectedChars) throw new Error(`${side} read ${run.chars} characters, expected ${expectedChars}`);
        if (round >= 0) runs[side].push(run);
      }
    }
  } finally {
    await client.dispose();
    await dispatcher.close();
  }
  return runs;
}

/** The rounds of a measurement as pairs of the client's figure and the baseline's. */
function paired(runs: { client: Run[]; baseline: Run[] }, of: (run: Run) => number): Round[] {
  return runs.client.map((run, i) => ({ value: of(run), baseline: of(runs.baseline[i] as Run) }));
}

/**
 * CPU only, no network and no service: the same 20,000-chunk body in memory (64 KiB reads), decoded by the
 * client's decoder and by the baseline's split + JSON.parse. Steadier than the end-to-end figure on a busy machine.
 */
function decodeInMemory(rule: RoundRule, target: Target): Promise<Round[]> {
  const chunk = (content: string): string =>
    `data: {"id":"cmpl-1","object":"chat.completion.chunk","created":1,"model":"svc_llm","choices":[{"index":0,"delta":{"role":"","content":${JSON.stringify(content)}},"finish_reason":""}],"usage":{"prompt_tokens":0,"total_tokens":0,"completion_tokens":0}}\n\n`;
  const bytes = Buffer.from(`${chunk('')}${chunk('x').repeat(CHUNKS)}data: [DONE]\n\n`);
  const reads: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) reads.push(bytes.subarray(at, at + 65_536));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) decodeOnce(reads);
  return roundsUntilSettled(rule, target, () => decodeOnce(reads));
}

/** One round of the decoder against split + JSON.parse, on the same reads. */
function decodeOnce(reads: readonly Buffer[]): Round {
  let start = performance.now();
  const decoder = new ChatStreamDecoder(undefined, true);
  let chars = 0;
  for (const read of reads) for (const event of decoder.push(read)) if (event.type === 'text') chars += event.text.length;
  for (const event of decoder.end()) if (event.type === 'text') chars += event.text.length;
  const clientMs = performance.now() - start;
  start = performance.now();
  const text = new TextDecoder();
  let rest = '';
  let baseChars = 0;
  for (const read of reads) {
    const lines = (rest + text.decode(read, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      baseChars += ((JSON.parse(line.slice(6)) as { choices: { delta: { content: string } }[] }).choices[0]?.delta.content ?? '').length;
    }
  }
  const baselineMs = performance.now() - start;
  if (chars !== CHUNKS || baseChars !== CHUNKS) throw new Error(`decoded ${chars} / ${baseChars} characters, expected ${CHUNKS}`);
  return { value: clientMs, baseline: baselineMs };
}

export default async function clientBench(): Promise<BenchResult[]> {
  const tolerance =
    'The client reads every stream shape of docs/wire.md, validates each chunk and assembles typed events; what that costs over a reader that does none of it is held to a fifth, so the client is never what a fast answer waits on.';
  const endToEnd = ratioAtMost(
    1.2,
    `${tolerance} CPU time, because the wall clock of a read from a service on the same two cores measures the scheduler as much as the reader (it is in detail).`,
  );
  const decoderAlone = ratioAtMost(1.2, tolerance);
  const cpu = await decodeInMemory(CPU_ROUNDS, decoderAlone);
  const service = await startServiceProcess({ defaultKey: KEY });
  subscribe('undici:request:bodyChunkReceived', onBodyChunk);
  try {
    const settledOnCpu = (runs: { client: Run[]; baseline: Run[] }): boolean =>
      settled(
        paired(runs, (run) => run.cpuMs).map((round) => round.value / round.baseline),
        endToEnd,
      );
    const big = await measure(service.baseUrl, ROUNDS, { chunks: CHUNKS, chunkText: 'x' }, CHUNKS, settledOnCpu);
    const clientMs = median(big.client.map((r) => r.ms));
    const baselineMs = median(big.baseline.map((r) => r.ms));
    const words = 'The quick brown fox jumps over the lazy dog near the river bank today.';
    const small = await measure(service.baseUrl, LATENCY_ROUNDS, { text: words });
    const clientFirst = median(small.client.map((r) => r.firstDeltaMs));
    const baselineFirst = median(small.baseline.map((r) => r.firstDeltaMs));
    const rate = (ms: number): string => `${Math.round((CHUNKS / ms) * 1000).toLocaleString('en')} chunks/s`;
    const rounds = (rule: RoundRule): string => `median of ${rule.min}-${rule.max} rounds, until the verdict settles`;
    return [
      comparedRounds(
        `client: a ${CHUNKS}-chunk answer from the local service double, the reading process's CPU time (undici, SSE framing, validation, events), vs raw undici + line split + JSON.parse (${rounds(ROUNDS)})`,
        paired(big, (run) => run.cpuMs),
        'ms',
        endToEnd,
        `wall clock ${clientMs.toFixed(1)} ms (${rate(clientMs)}) against ${baselineMs.toFixed(1)} ms (${rate(baselineMs)}), ${(clientMs / baselineMs).toFixed(2)}×`,
      ),
      comparedRounds(
        `client: the decoder alone, the same ${CHUNKS} chunks from memory, vs line split + JSON.parse (${rounds(CPU_ROUNDS)})`,
        cpu,
        'ms',
        decoderAlone,
      ),
      compared(
        `client: first body chunk -> first text event, vs the raw reader's first parsed delta (median of ${LATENCY_ROUNDS.min})`,
        clientFirst,
        baselineFirst,
        'ms',
        atMost(2, 'Text reaches the chat view within a frame of its bytes arriving: 2 ms is an eighth of a 60 Hz frame.'),
      ),
    ];
  } finally {
    unsubscribe('undici:request:bodyChunkReceived', onBodyChunk);
    await service.stop();
  }
}
