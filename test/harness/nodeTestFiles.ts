// Runs node:test over test files in the order given: `node --import tsx test/harness/nodeTestFiles.ts
// --timeout=<ms> --tap=<file> <file>...`. `node --test <files>` sorts the files by name whatever order they are given
// in (Node 20), which would undo npm test's shuffled order (test/harness/testOrder.ts); node:test's run() keeps it.
// Each file runs in a process of its own, with this process's --import tsx, as under `node --test`; the spec report
// goes to stdout and a TAP copy to the file npm test counts.
import { createWriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';

function option(args: readonly string[], name: string): string {
  const value = args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (value === undefined || value === '') throw new Error(`nodeTestFiles: --${name}=… is required`);
  return value;
}

function main(): void {
  // Always a runner of its own, also when started from inside a node:test file (its own test does that), whose
  // marker would make run() report to a parent runner that is not listening.
  delete process.env.NODE_TEST_CONTEXT;
  const args = process.argv.slice(2);
  const files = args.filter((arg) => !arg.startsWith('--')).map((file) => path.resolve(file));
  const stream = run({
    files,
    // What `node --test` uses: all cores but one, at least one file at a time.
    concurrency: Math.max(availableParallelism() - 1, 1),
    timeout: Number(option(args, 'timeout')),
  });
  // A failing `todo` test is reported as a failure event too, but fails nothing (as under `node --test`).
  stream.on('test:fail', (data: { todo?: string | boolean }) => {
    if (data.todo === undefined || data.todo === false) process.exitCode = 1;
  });
  stream.compose(new spec()).pipe(process.stdout);
  stream.compose(tap).pipe(createWriteStream(option(args, 'tap')));
}

main();
