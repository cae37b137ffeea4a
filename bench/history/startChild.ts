// Window start-ups on a history folder in a fresh Node (run with --expose-gc): each is a new ChatSession from its
// construction to its first snapshot (the conversation list the view shows), after a collection, so that no start
// pays for the garbage of the one before (a window's start has none). Three unmeasured starts first warm the code
// up; the times of the next `count` are printed as JSON, in ms.
import '../../src/vscode/zodSetup'; // zod as the extension configures it, before any schema is built
import { performance } from 'node:perf_hooks';
import { sessionUnderTest } from '../../test/unit/core/chat/sessionFixture';

async function start(folder: string): Promise<number> {
  const began = performance.now();
  const under = sessionUnderTest({ folder });
  await under.session.whenLoaded();
  await under.session.refresh();
  const elapsed = performance.now() - began;
  if (!under.emitted.some((m) => m.type === 'snapshot')) throw new Error('no snapshot');
  await under.session.whenChecked();
  under.dispose();
  return elapsed;
}

async function main(): Promise<void> {
  const [folder, count] = [process.argv[2], Number(process.argv[3] ?? '10')];
  const gc = (globalThis as { gc?: () => void }).gc;
  if (folder === undefined || gc === undefined) throw new Error('usage: node --expose-gc startChild.ts <history folder> [count]');
  for (let i = 0; i < 3; i++) await start(folder);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    gc();
    times.push(await start(folder));
  }
  process.stdout.write(JSON.stringify(times));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
