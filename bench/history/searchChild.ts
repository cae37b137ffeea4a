// The history search's index built in a fresh Node (run with --expose-gc), as a window builds it: a chat session
// loads the history folder and finishes its background check; then a first search starts the index, which is built
// by the time the search's answer no longer says it is indexing. Prints, as JSON, the build's wall-clock and CPU time
// in ms, and the memory it keeps in MB: the heap and the typed arrays' buffers in use after two collections, the
// index built against before it.
import { performance } from 'node:perf_hooks';
import { sessionUnderTest } from '../../test/unit/core/session/sessionFixture';

const MB = 1024 * 1024;

function inUse(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: searchChild.ts <history folder>');
  const under = sessionUnderTest({ folder, deps: { searchIndexDelayMs: 3_600_000 } });
  await under.checked();
  await under.session.refresh();
  const before = inUse();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    under.session.onDidEmit((message) => {
      if (message.type === 'searchResults' && !message.results.indexing) resolve();
    });
    void under.session.searchConversations(1, 'a', 10);
  });
  const buildMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const keptMb = (inUse() - before) / MB;
  process.stdout.write(JSON.stringify({ buildMs, buildCpuMs: (used.user + used.system) / 1000, keptMb }));
  under.dispose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
