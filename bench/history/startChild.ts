// Window start-ups on a history folder, in a fresh Node: each is a new ChatSession from its construction to its
// first snapshot (the conversation list the view shows).
// - `cold`: the process's first start, as a window's extension host has it (nothing compiled, nothing cached);
// - `warm` (run with --expose-gc): three unmeasured starts, then `count` measured ones, each after a collection so
//   that none pays for the garbage of the one before: the list's own cost with the code already optimised.
// Prints the times as JSON, in ms.
import { performance } from 'node:perf_hooks';
import { sessionUnderTest } from '../../test/unit/core/session/sessionFixture';

async function start(folder: string): Promise<number> {
  const began = performance.now();
  const under = sessionUnderTest({ folder });
  await under.session.refresh();
  const elapsed = performance.now() - began;
  if (!under.emitted.some((m) => m.type === 'snapshot')) throw new Error('no snapshot');
  await under.checked();
  under.dispose();
  return elapsed;
}

async function main(): Promise<void> {
  const [mode, folder, count] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? '10')];
  if (folder === undefined || (mode !== 'cold' && mode !== 'warm')) throw new Error('usage: startChild.ts cold|warm <history folder> [count]');
  if (mode === 'cold') {
    process.stdout.write(JSON.stringify([await start(folder)]));
    return;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  for (let i = 0; i < 3; i++) await start(folder);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    gc();
    // The collector sweeps on other threads after gc(); let it finish, or the start pays for the last one's garbage.
    await new Promise((resolve) => setTimeout(resolve, 100));
    times.push(await start(folder));
  }
  process.stdout.write(JSON.stringify(times));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
