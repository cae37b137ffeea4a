// The chat history's cost against the size of the history: a year of daily chatting (1,000
// conversations of 20 turns) against 10 conversations, in the same run, on the same disk.
// - save: one save after one turn's answer changed, as once a second while an answer streams (the ChatSession's
//   pure operations, then ConversationStore.save, which fsyncs the file it writes);
// - list ready: from a new ChatSession on the folder to its first snapshot (the conversation list the view shows),
//   as a window starts: the first start of a fresh Node process (bench/history/startChild.ts); also warm, repeated
//   starts in one process, each after a collection, which leave only the list's own cost;
// - heap: a fresh Node process after that start-up and the background check, after two collections.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConversationStore } from '../src/core/conversations/conversationStore';
import * as ops from '../src/core/conversations/conversationsState';
import { compared, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';
import { historyFolder } from './history/historyFixture';

const SIZES = { small: sized(10, 2), large: sized(1_000, 20) } as const;
const SAVES = sized(40, 1);
/** Cold starts: one per fresh process, alternating sizes. Warm: starts per process, and processes per size. */
const COLD_STARTS = sized(15, 1);
const WARM_STARTS = sized(10, 1);
const WARM_PROCESSES = sized(3, 1);
const HEAP_RUNS = sized(3, 1);
const WARM_UP_SAVES = sized(5, 0);
const sizes = `${SIZES.large.toLocaleString('en')} conversations vs ${SIZES.small}`;

const progress = progressOf('history');

/** A loaded store and its state, ready to save the open conversation's last turn again and again. */
async function saver(folder: string): Promise<() => Promise<number>> {
  const store = new ConversationStore(folder);
  let { data: state } = await store.load();
  const active = ops.activeConversation(state);
  const last = active?.turns.at(-1);
  if (active === undefined || last === undefined) throw new Error('the bench history has no open conversation');
  let round = 0;
  return async () => {
    round += 1;
    state = ops.updateTurn(state, active.id, last.id, (turn) => ({ ...turn, answer: `${turn.answer} more ${round}` }));
    const started = performance.now();
    await store.save(state);
    return performance.now() - started;
  };
}

/** Start-up times measured in a fresh Node process (bench/history/startChild.ts). */
function startTimes(mode: 'cold' | 'warm', folder: string, count: number): number[] {
  return JSON.parse(child('startChild.ts', [mode, folder, String(count)])) as number[];
}

function child(script: string, args: readonly string[]): string {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'history', script), ...args], {
    encoding: 'utf8',
    cwd: path.join(__dirname, '..'),
  });
  if (run.status !== 0) throw new Error(`${script} failed:\n${run.stderr}`);
  return run.stdout;
}

function heapMb(folder: string): number {
  return (JSON.parse(child('heapChild.ts', [folder])) as { heapMb: number }).heapMb;
}

export default async function historyBench(): Promise<BenchResult[]> {
  progress(`writing ${SIZES.large} + ${SIZES.small} conversations of 20 turns`);
  const small = await historyFolder(SIZES.small);
  const large = await historyFolder(SIZES.large);
  try {
    // Interleaved, so that the disk's moods fall on both alike.
    const [saveSmall, saveLarge] = [await saver(small), await saver(large)];
    for (let i = 0; i < WARM_UP_SAVES; i++) {
      // Warm-up, unmeasured.
      await saveSmall();
      await saveLarge();
    }
    const saves = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < SAVES; i++) {
      saves.small.push(await saveSmall());
      saves.large.push(await saveLarge());
    }
    progress('saves measured');
    const cold = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < COLD_STARTS; i++) {
      cold.small.push(...startTimes('cold', small, 1));
      cold.large.push(...startTimes('cold', large, 1));
    }
    const warm = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < WARM_PROCESSES; i++) {
      warm.small.push(...startTimes('warm', small, WARM_STARTS));
      warm.large.push(...startTimes('warm', large, WARM_STARTS));
    }
    progress('start-ups measured');
    const heaps = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < HEAP_RUNS; i++) {
      heaps.small.push(heapMb(small));
      heaps.large.push(heapMb(large));
    }
    progress('heaps measured');
    return [
      compared(
        `history: save one changed turn, ${sizes}`,
        median(saves.large),
        median(saves.small),
        'ms',
        ratioAtMost(1.5, 'A save writes the conversation that changed, whatever the history holds; it runs about once a second while an answer streams.'),
      ),
      compared(
        `history: from start to the conversation list ready, ${sizes}`,
        median(cold.large),
        median(cold.small),
        'ms',
        ratioAtMost(
          2,
          "Start-up reads the list and the open conversation only: a year of conversations may cost at most the small history's time again (the list's summaries).",
        ),
        `warm, repeated starts in one process: ${median(warm.large).toFixed(2)} ms against ${median(warm.small).toFixed(2)} ms`,
      ),
      compared(
        `history: heap after loading, ${sizes}`,
        median(heaps.large),
        median(heaps.small),
        'MB',
        ratioAtMost(2, 'Only the summaries of the other conversations are held in memory: a year of history may at most double the heap of a small one.'),
      ),
    ];
  } finally {
    rmSync(small, { recursive: true, force: true });
    rmSync(large, { recursive: true, force: true });
  }
}
