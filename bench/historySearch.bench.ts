// The history search against the size of the history: a year of daily chatting (1,000 conversations of 20 turns,
// every third in Chinese: bench/history/mixedConversations.ts) against 10 conversations, in the same run.
// - a query, as the user waits for it: the real view in headless Chromium (the search field of its conversation
//   panel) and a real chat session in this process on the history folder, its index built; each intent the page
//   posts goes to the session and each message the session emits to the page. From the query leaving the page (once
//   typing has paused) to the end of the frame that shows its results: the first ten, with snippets. A mix of
//   queries: an English word, a Chinese two-character word, a word of a title, a word no conversation holds; the four
//   summed per round, the sizes alternating. The host's part alone (from the intent to the results it emits) is
//   given beside it.
// - the index: built in a fresh Node process as a window builds it after start-up (bench/history/searchChild.ts): its
//   wall-clock time, and the memory it keeps (heap and typed arrays, after two collections).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { WebviewToHost } from '../src/shared/protocol';
import { deliver, openWebview, startSession, type WebviewSession } from '../test/browser/webviewHarness';
import { sessionUnderTest } from '../test/unit/core/session/sessionFixture';
import { atMost, compared, figure, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { historyFolder } from './history/historyFixture';
import { chineseWord, mixedConversationOf } from './history/mixedConversations';
import { bundle } from './webviewPage';

const SIZES = { small: sized(10, 2), large: sized(1_000, 20) } as const;
const WARM_UP_ROUNDS = sized(3, 0);
const ROUNDS = sized(15, 1);
const BUILDS = sized(2, 1);
const sizes = `${SIZES.large.toLocaleString('en')} conversations vs ${SIZES.small}`;

const progress = progressOf('history search');

/** The mix: an English word, a Chinese word of two characters, a word of conversation 3's title, a word of none. */
const QUERIES = {
  english: 'queue',
  chinese: Array.from({ length: 50 }, (_, rank) => chineseWord(rank)).find((word) => word.length === 2) ?? '',
  title: mixedConversationOf(3, 0).title.split(' ')[2] ?? '',
  none: 'xyzzyq',
} as const;
type QueryName = keyof typeof QUERIES;

/** The view's globals this bench uses: what it posted (the fake host's record), and the way to this process. */
interface BenchWindow {
  __posted: { type: string; queryId?: number; query?: string }[];
  benchToHost(message: unknown): void;
}

interface Timed {
  /** From the intent leaving the page to the end of the frame showing the results. */
  readonly page: number;
  /** From the intent reaching the session to the session emitting the results. */
  readonly host: number;
}

/** The view with its conversation panel open, a session on `folder` as its host, its index built. */
async function searchingView(browser: WebviewSession, folder: string): Promise<{ search(query: string): Promise<Timed>; close(): Promise<void> }> {
  const under = sessionUnderTest({ folder, deps: { searchIndexDelayMs: 3_600_000 } });
  await under.checked();
  const page: Page = await openWebview(browser);
  const arrived = new Map<number, number>();
  const answered = new Map<number, number>();
  const forwarding = under.session.onDidEmit((message) => {
    if (message.type === 'searchResults' && !message.results.indexing) answered.set(message.results.queryId, performance.now());
    // A message still on its way when the page closes at the end is of no interest.
    void deliver(page, message).catch(() => undefined);
  });
  await page.exposeFunction('benchToHost', (message: WebviewToHost) => {
    if (message.type !== 'searchConversations') return;
    arrived.set(message.queryId, performance.now());
    void under.session.searchConversations(message.queryId, message.query, message.limit);
  });
  await page.evaluate(() => {
    const view = window as unknown as BenchWindow;
    const push = view.__posted.push.bind(view.__posted);
    view.__posted.push = (...messages) => {
      for (const message of messages) view.benchToHost(message);
      return push(...messages);
    };
  });
  await under.session.refresh();
  await page.getByTestId('transcript').waitFor();
  await deliver(page, { type: 'toggleConversations' });
  await page.getByTestId('conversation-search').waitFor();
  // The index is built on the first search; the page shows that search's results once it is.
  await page.getByTestId('conversation-search').fill('worker');
  await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="search-status"]')?.textContent ?? '';
      return status !== '' && !status.includes('indexed');
    },
    undefined,
    { timeout: 120_000 },
  );
  return {
    search: async (query) => {
      // Chromium gives animation frames to the page in front only.
      await page.bringToFront();
      const timed = await page.evaluate(
        (query) =>
          new Promise<{ ms: number; queryId: number }>((resolve, reject) => {
            setTimeout(() => reject(new Error(`no results for "${query}" within a minute`)), 60_000);
            const view = window as unknown as BenchWindow;
            const push = view.__posted.push;
            let start = 0;
            let queryId = -1;
            view.__posted.push = (...messages) => {
              for (const message of messages) {
                if (message.type === 'searchConversations' && message.query === query && queryId < 0) {
                  start = performance.now();
                  queryId = message.queryId ?? -1;
                }
              }
              return push.apply(view.__posted, messages);
            };
            // Added after the view's own listener, so it runs once the view has taken the results. (No named
            // functions in here: tsx would wrap them in a `__name` call that does not exist in the page.)
            const done = new AbortController();
            window.addEventListener(
              'message',
              (event: MessageEvent<{ type?: string; results?: { queryId: number; indexing: boolean } }>) => {
                const results = event.data.results;
                if (event.data.type !== 'searchResults' || results?.queryId !== queryId || results.indexing) return;
                done.abort();
                view.__posted.push = push;
                // The frame that shows them: its style, layout and paint end before a task queued in its animation callbacks.
                requestAnimationFrame(() => {
                  const channel = new MessageChannel();
                  channel.port1.onmessage = () => resolve({ ms: performance.now() - start, queryId });
                  channel.port2.postMessage(null);
                });
              },
              { signal: done.signal },
            );
            const field = document.querySelector<HTMLInputElement>('[data-testid="conversation-search"]');
            if (field === null) throw new Error('no search field');
            field.value = query;
            field.dispatchEvent(new Event('input', { bubbles: true }));
          }),
        query,
      );
      const host = (answered.get(timed.queryId) ?? Number.NaN) - (arrived.get(timed.queryId) ?? Number.NaN);
      return { page: timed.ms, host };
    },
    close: async () => {
      forwarding.dispose();
      under.dispose();
      await page.close();
    },
  };
}

interface Built {
  readonly buildMs: number;
  readonly buildCpuMs: number;
  readonly keptMb: number;
}

function build(folder: string): Built {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'history', 'searchChild.ts'), folder], {
    encoding: 'utf8',
    cwd: path.join(__dirname, '..'),
  });
  if (run.status !== 0) throw new Error(`searchChild.ts failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as Built;
}

export default async function historySearchBench(): Promise<BenchResult[]> {
  progress(`writing ${SIZES.large} + ${SIZES.small} conversations of 20 turns; queries ${JSON.stringify(QUERIES)}`);
  const small = await historyFolder(SIZES.small, mixedConversationOf);
  const large = await historyFolder(SIZES.large, mixedConversationOf);
  const browser = await startSession({ bundle: await bundle('src/webview/main.ts') });
  try {
    const builds: Built[] = [];
    for (let i = 0; i < BUILDS; i++) builds.push(build(large));
    progress(`index builds measured: ${JSON.stringify(builds)}`);
    const views = { small: await searchingView(browser, small), large: await searchingView(browser, large) };
    const names = Object.keys(QUERIES) as QueryName[];
    const times = { small: new Map<QueryName, Timed[]>(), large: new Map<QueryName, Timed[]>() };
    const totals = { small: [] as number[], large: [] as number[] };
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      // Alternating which size goes first, so that neither always follows the other's garbage.
      for (const size of round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
        let total = 0;
        for (const name of names) {
          const timed = await views[size].search(QUERIES[name]);
          total += timed.page;
          if (round >= WARM_UP_ROUNDS) times[size].set(name, [...(times[size].get(name) ?? []), timed]);
        }
        if (round >= WARM_UP_ROUNDS) totals[size].push(total);
      }
    }
    await views.small.close();
    await views.large.close();
    const of = (size: 'small' | 'large', name: QueryName, pick: (t: Timed) => number): number => median((times[size].get(name) ?? []).map(pick));
    const each = (pick: (t: Timed) => number): string =>
      names.map((name) => `${name} ${of('large', name, pick).toFixed(2)} against ${of('small', name, pick).toFixed(2)}`).join(', ');
    const hostTotal = (size: 'small' | 'large'): number => names.reduce((sum, name) => sum + of(size, name, (t) => t.host), 0);
    progress(`queries measured: page ${each((t) => t.page)}; host ${each((t) => t.host)}`);
    const built = (pick: (b: Built) => number): number => median(builds.map(pick));
    const thousand = SIZES.large.toLocaleString('en');
    return [
      compared(
        `history search: a query to the frame showing its first ten results with snippets, ${sizes}`,
        median(totals.large),
        median(totals.small),
        'ms',
        ratioAtMost(
          2,
          'A query costs the index lookup and the snippets of the results shown, never a reading of the history: a year of conversations may cost at most the time of a small history again.',
        ),
        `the four queries summed, ms: ${each((t) => t.page)}; the host's part of the four ${hostTotal('large').toFixed(2)} ms against ${hostTotal('small').toFixed(2)} ms (${each((t) => t.host)})`,
      ),
      figure(
        `history search: building the index of ${thousand} conversations, in the background after start-up`,
        built((b) => b.buildMs),
        'ms',
        atMost(
          20_000,
          'The index is built a conversation at a time while the window is in use; until it is done a search shows what is indexed and says so. Within 20 s of its start, a search finds everything.',
        ),
        `${built((b) => b.buildCpuMs).toFixed(0)} ms of CPU`,
      ),
      figure(
        `history search: memory the index keeps for ${thousand} conversations`,
        built((b) => b.keptMb),
        'MB',
        atMost(
          12,
          "The index stays for the window's life: at most about what the rest of the chat holds for a history this size (history.bench.ts's heap after loading).",
        ),
      ),
    ];
  } finally {
    await browser.close();
    rmSync(small, { recursive: true, force: true });
    rmSync(large, { recursive: true, force: true });
  }
}
