// One window's start on a history folder, in a fresh Node (run with --expose-gc): the chat session loads the history
// (the list and the open conversation, then the background check of the folder) and builds the view's snapshot;
// after two collections the heap in use is printed as JSON, in MB.
import { sessionUnderTest } from '../../test/unit/core/session/sessionFixture';

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: heapChild.ts <history folder>');
  const under = sessionUnderTest({ folder });
  await under.checked();
  await under.session.refresh();
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  gc();
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  process.stdout.write(JSON.stringify({ heapMb }));
  under.dispose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
