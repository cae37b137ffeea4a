// Inline completions (docs/completions.md), the engine of src/core/completions driven as the extension's adapter
// drives it (bench/completions/typingSession.ts) over the extension's own client and the local service:
// - requests sent while 400 characters are typed at a human pace with pauses (the keystroke timings of
//   bench/completions/typingSession.ts), against one per keystroke: the engine's debounce and pauses run on a virtual
//   clock (completionClock.ts), each answer read in full before the next key;
// - time from the pause (the debounce over, on that virtual clock) to the decided single-line suggestion, in real time,
//   against the same client reading the whole answer, the local service streaming at its default --pace;
// - the host's CPU per completion (privacy, window, prompt, cleaning, cache) in a 5,000-line file against a 50-line
//   one, the answers replayed from memory so that only the host's work is counted;
// - suggestions returned after the text they were made for has changed, while the same session is typed in real time
//   (the real clock, VS Code's cancel on each key) against the service at its default pace.
import { CompletionEngine } from '../src/core/completions/completionEngine';
import type { StreamChat } from '../src/core/completions/completionRequest';
import type { ChatEvent } from '../src/core/chat/chatEvents';
import type { ChatRequest } from '../src/core/chat/chatRequest';
import { MaasClient } from '../src/core/maasClient';
import { parseCompletionPrompt } from '../packages/completions/completionPrompt';
import { completeCode } from '../service/src/chat/completion/codeCompleter';
import { splitIntoTokenPieces } from '../service/src/chat/tokenCount';
import { startLocalService, type LocalService } from '../service/src/localService';
import { ManualClock } from '../test/unit/core/completions/completionFakes';
import { atMost, compared, median, progressOf, ratioAtMost, sized, figure, type BenchResult } from './benchResult';
import { BenchDocument, humanTyping, provide, SESSION_START, type Keystroke } from './completions/typingSession';
import { cpuPerCompletion, generatedFile } from './completions/hostCpu';

const KEY = 'sk-bench-completions-0001';
/** The local service's pause between two token chunks when run as `npm run service` or `npm run demo` (--pace). */
const SERVICE_PACE_MS = 25;
const DEBOUNCE_MS = 300;
const TYPED = sized(400, 40);
const LATENCY_ROUNDS = sized(9, 1);
const progress = progressOf('completions');

async function service(paceMs: number): Promise<{ service: LocalService; client: MaasClient }> {
  const started = await startLocalService({ seed: { defaultKey: KEY }, paceMs, quiet: true });
  const client = new MaasClient({ baseUrl: started.baseUrl, getApiKey: () => Promise.resolve(KEY), retry: { maxAttempts: 1 } });
  return { service: started, client };
}

/** A streamChat that counts the requests it passes on and remembers the last one. */
function counted(client: MaasClient): { streamChat: StreamChat; requests: () => number; last: () => ChatRequest | undefined; settled: () => Promise<void> } {
  let count = 0;
  let last: ChatRequest | undefined;
  let open: Promise<void> = Promise.resolve();
  const streamChat: StreamChat = (request, options) => {
    count++;
    last = request;
    const events = client.streamChat(request, options);
    let done!: () => void;
    open = new Promise((resolve) => (done = resolve));
    return (async function* (): AsyncGenerator<ChatEvent> {
      try {
        yield* events;
      } finally {
        done();
      }
    })();
  };
  return { streamChat, requests: () => count, last: () => last, settled: () => open };
}

/** Requests while typing, on the virtual clock: one provider call per key, as VS Code calls the provider. */
async function requestsWhileTyping(client: MaasClient, keys: readonly Keystroke[]): Promise<BenchResult> {
  const backend = counted(client);
  const clock = new ManualClock();
  const engine = new CompletionEngine({ streamChat: backend.streamChat, clock, options: { debounceMs: DEBOUNCE_MS } });
  const document = new BenchDocument('src/charts.ts', SESSION_START);
  let calls = 0;
  let shown = 0;
  let cancel = new AbortController();
  for (const key of keys) {
    cancel.abort();
    cancel = new AbortController();
    document.type(key.char);
    calls++;
    const before = backend.requests();
    const result = provide(engine, document, cancel.signal);
    await Promise.race([result, clock.untilWaiting(1)]);
    clock.advance(key.gapMs);
    if (key.gapMs >= DEBOUNCE_MS || backend.requests() > before) {
      if ((await result) !== undefined) shown++;
      await backend.settled();
    }
  }
  cancel.abort();
  engine.dispose();
  const requests = backend.requests();
  return compared(
    `completions: requests while typing ${keys.length} characters with pauses, vs one per keystroke`,
    requests,
    calls,
    'requests',
    ratioAtMost(
      0.15,
      'each request is paid for and loads the service; the debounce asks at the pauses only, and the cache answers typing through a suggestion',
    ),
    `${calls} keystrokes, ${keys.filter((k) => k.gapMs >= DEBOUNCE_MS).length} pauses of ${DEBOUNCE_MS} ms or more, ${shown} suggestions shown; virtual clock`,
  );
}

/** Lines of the file where the service's answer to a line goes on past it, as a model's does. */
const LATENCY_FILE = [
  'export function score(letter: string): number {',
  '  switch (letter) {',
  "    case 'a': return 1;",
  "    case 'b': return 2;",
  '    case ',
  '  }',
  '}',
].join('\n');

async function decidedVsWhole(client: MaasClient): Promise<BenchResult> {
  const decided: number[] = [];
  const whole: number[] = [];
  let shownText = '';
  for (let round = 0; round < LATENCY_ROUNDS + 1; round++) {
    const backend = counted(client);
    const clock = new ManualClock();
    const engine = new CompletionEngine({ streamChat: backend.streamChat, clock, options: { debounceMs: DEBOUNCE_MS } });
    const document = new BenchDocument('src/score.ts', LATENCY_FILE);
    document.moveTo(4);
    const result = provide(engine, document, new AbortController().signal);
    await clock.untilWaiting(1);
    const pause = performance.now();
    clock.advance(DEBOUNCE_MS);
    shownText = (await result)?.insertText ?? '';
    const shownAt = performance.now() - pause;
    engine.dispose();
    const request = backend.last();
    if (request === undefined) throw new Error('the engine sent no request');
    const start = performance.now();
    for await (const event of client.streamChat(request)) void event;
    const wholeAt = performance.now() - start;
    // The first round warms the connection and the JIT.
    if (round === 0) continue;
    decided.push(shownAt);
    whole.push(wholeAt);
  }
  if (shownText === '') throw new Error('no suggestion was shown');
  return compared(
    'completions: time from the pause to the single-line suggestion, vs the client reading the whole answer',
    median(decided),
    median(whole),
    'ms',
    ratioAtMost(0.6, 'a suggestion is shown once its line is complete, not when the model stops; the rest is neither waited for nor paid for'),
    `median of ${decided.length}; suggestion ${JSON.stringify(shownText)}; service at --pace ${SERVICE_PACE_MS} ms per token; real time`,
  );
}

/** The same session typed in real time: every suggestion the engine returns is checked against the text it was asked for. */
async function staleSuggestions(client: MaasClient, keys: readonly Keystroke[]): Promise<BenchResult> {
  const backend = counted(client);
  const engine = new CompletionEngine({ streamChat: backend.streamChat, options: { debounceMs: DEBOUNCE_MS } });
  const document = new BenchDocument('src/charts.ts', SESSION_START);
  let shown = 0;
  let stale = 0;
  let cancel = new AbortController();
  const pending: Promise<void>[] = [];
  for (const key of keys) {
    cancel.abort();
    cancel = new AbortController();
    document.type(key.char);
    const version = document.version;
    pending.push(
      provide(engine, document, cancel.signal).then((suggestion) => {
        if (suggestion === undefined) return;
        shown++;
        if (document.version !== version) stale++;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, key.gapMs));
  }
  cancel.abort();
  await Promise.all(pending);
  engine.dispose();
  return figure(
    'completions: suggestions returned after the text they were made for had changed',
    stale,
    'suggestions',
    atMost(0, 'a suggestion for text that is no longer there would insert the wrong code'),
    `${shown} suggestions shown, ${backend.requests()} requests over ${keys.length} keystrokes in real time, service at --pace ${SERVICE_PACE_MS} ms`,
  );
}

/** Answers replayed from memory: the local completer's answer to each prompt, computed before the measurement. */
function replayedAnswers(): StreamChat {
  const answers = new Map<string, string[]>();
  return (request) => {
    const user = request.messages[request.messages.length - 1]?.content;
    const prompt = typeof user === 'string' ? user : '';
    let pieces = answers.get(prompt);
    if (pieces === undefined) {
      const parsed = parseCompletionPrompt(prompt);
      pieces = splitIntoTokenPieces(parsed === undefined ? '' : completeCode(parsed));
      answers.set(prompt, pieces);
    }
    const replay = pieces;
    return (async function* (): AsyncGenerator<ChatEvent> {
      for (const text of replay) yield { type: 'text', text };
      yield { type: 'finish', reason: 'stop' };
    })();
  };
}

export default async function run(): Promise<BenchResult[]> {
  const keys = humanTyping(TYPED);
  const rows: BenchResult[] = [];
  const unpaced = await service(0);
  try {
    progress(`typing ${keys.length} characters on a virtual clock`);
    rows.push(await requestsWhileTyping(unpaced.client, keys));
  } finally {
    await unpaced.service.stop();
  }
  const paced = await service(SERVICE_PACE_MS);
  try {
    progress('time to the suggestion against the whole answer');
    rows.push(await decidedVsWhole(paced.client));
    progress(`typing ${keys.length} characters in real time`);
    rows.push(await staleSuggestions(paced.client, keys));
  } finally {
    await paced.service.stop();
  }
  progress('host CPU per completion, 5,000 lines against 50');
  const streamChat = replayedAnswers();
  const large = generatedFile(sized(5000, 500));
  const small = generatedFile(50);
  const cpu = await cpuPerCompletion(streamChat, small, large);
  rows.push(
    compared(
      `completions: host CPU per completion in a ${large.lineCount.toLocaleString('en')}-line file, vs a ${small.lineCount}-line file`,
      cpu.large,
      cpu.small,
      'ms',
      ratioAtMost(1.5, 'the window is bounded, so a completion costs the same whatever the size of the file'),
      `median of ${cpu.rounds} rounds of ${cpu.completions} completions each; answers replayed from memory; process CPU time`,
    ),
  );
  return rows;
}
