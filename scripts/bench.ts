// `npm run bench`: builds the extension (the chat view's benchmarks serve dist/, as the browser tests do), then runs
// every bench/*.bench.ts, each in a fresh Node process (what one leaves on the heap, or in the JIT's state, must not
// weigh on the next one's figures), with a progress line per file. At the end it prints every row with its target and
// pass or miss, writes bench-results.json and, from a full run, docs/performance.md (bench/performancePage.ts), and
// exits non-zero when a row misses its target, naming it.
//   npm run bench -- history        only the files whose name contains `history` (checked; the page is not written)
//   npm run bench -- --quick        every size and count at its smallest: each row still produced and written, in
//                                   seconds (the README's commands layer of `npm test` runs it so); its figures are not
//                                   ones to report, so misses are printed but do not fail it, and the page is not written
//   npm run bench -- --out FILE     write the rows to FILE instead of bench-results.json
// A benchmark module's default export returns BenchResult rows (bench/benchResult.ts), each with the target it must
// meet and the reason for it; a figure compared with a baseline measured in the same run carries `baseline` and `ratio`.
// The extension's code sets zod up as the extension does (src/shared/zod.ts, imported by every module with a schema);
// the local service's own bench runs zod as `npm run service` does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDescription } from '../bench/benchDescription';
import type { BenchResult } from '../bench/benchResult';
import { measuredCode } from '../bench/measuredCode';
import { checkedRows, outcome, performancePage, resultTable, type BenchFile, type RunInfo } from '../bench/performancePage';
import { ensureChromium, ensureSpeechPrograms, quietStep } from '../test/harness/tools';

const root = path.join(__dirname, '..');

/** The flag of the child process that runs one benchmark file and writes its rows, as JSON, to a file. */
const ONE = '--one';

/** The page a full run writes. */
const PAGE = path.join(root, 'docs', 'performance.md');

async function runOne(file: string, out: string): Promise<void> {
  const mod = (await import(file)) as { default: () => Promise<BenchResult[]> };
  writeFileSync(out, JSON.stringify(await mod.default()));
}

/** Runs one benchmark file in a fresh process; its progress lines pass through on stderr. */
function inChild(file: string, quick: boolean): BenchResult[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-bench-'));
  try {
    const out = path.join(dir, 'rows.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, ONE, file, out], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, MAAS_BENCH_QUICK: quick ? '1' : '' },
    });
    if (run.status !== 0) throw new Error(`${path.basename(file)} failed (exit ${run.status ?? run.signal})`);
    return checkedRows(path.basename(file), JSON.parse(readFileSync(out, 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Options {
  readonly filters: string[];
  readonly quick: boolean;
  readonly out: string;
}

function parseOptions(args: readonly string[]): Options {
  const filters: string[] = [];
  let quick = false;
  let out = path.join(root, 'bench-results.json');
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--quick') quick = true;
    else if (arg === '--out') out = path.resolve(args[++i] ?? '');
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}: the options are --quick and --out FILE.`);
    else filters.push(arg);
  }
  return { filters, quick, out };
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A command's first line of output, or `unknown` when it cannot run. */
function firstLine(command: string, args: readonly string[]): string {
  const run = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return run.status === 0 ? (run.stdout.split('\n')[0]?.trim() ?? 'unknown') : 'unknown';
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = path.join(root, 'bench');
  const all = readdirSync(dir)
    .filter((name) => name.endsWith('.bench.ts'))
    .sort();
  const files = all.filter((name) => options.filters.length === 0 || options.filters.some((filter) => name.includes(filter)));
  if (files.length === 0) throw new Error(`No benchmark matches ${options.filters.join(', ')}; the benchmarks are ${all.join(', ')}.`);
  // The code as it stands now, before the build and the minutes of the run in which it may change.
  const code = measuredCode(root);
  // What a fresh machine lacks: the local service's speech programs (the service, client and speech benchmarks
  // synthesise speech) and Chromium (the chat view's benchmarks), installed as npm test installs them; then the
  // build, whose icon font and stylesheet the chat view's benchmarks serve.
  ensureSpeechPrograms();
  const chromium = ensureChromium();
  quietStep('building the extension', process.execPath, ['esbuild.mjs'], { cwd: root });
  const started = new Date();
  const loadAtStart = os.loadavg();
  const mode = options.quick ? ' (--quick: every size at its smallest; not figures to report)' : '';
  process.stderr.write(`[bench] ${files.length} benchmark files${mode}; load average ${loadAtStart.map((v) => v.toFixed(2)).join(', ')}\n`);
  const done: BenchFile[] = [];
  for (const [index, file] of files.entries()) {
    const fileStarted = Date.now();
    process.stderr.write(`[bench] ${index + 1}/${files.length} ${file} …\n`);
    const rows = inChild(path.join(dir, file), options.quick);
    done.push({ file, about: benchDescription(dir, file), rows });
    process.stderr.write(`[bench] ${index + 1}/${files.length} ${file}: ${rows.length} figures in ${seconds(fileStarted)}\n`);
  }
  const loadAtEnd = os.loadavg();
  const results = done.flatMap((file) => file.rows);
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${resultTable(results)}\n`);
  const wrote = [path.relative(process.cwd(), options.out) || options.out];
  if (options.filters.length === 0 && !options.quick) {
    const run: RunInfo = {
      started: started.toISOString().replace(/\.\d+Z$/, 'Z'),
      seconds: (Date.now() - started.getTime()) / 1000,
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
      cores: os.availableParallelism(),
      memoryGiB: os.totalmem() / 1024 ** 3,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: `Node ${process.version}`,
      chromium: firstLine(chromium, ['--version']),
      loadAtStart,
      loadAtEnd,
      commit: code,
    };
    writeFileSync(PAGE, performancePage(run, done));
    wrote.push(path.relative(process.cwd(), PAGE));
  }
  process.stdout.write(`\n${results.length} figures from ${files.length} files in ${seconds(started.getTime())}${mode}; wrote ${wrote.join(' and ')}\n`);
  const { status, lines } = outcome(results, options.quick);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = status;
}

(process.argv[2] === ONE ? runOne(process.argv[3] ?? '', process.argv[4] ?? '') : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
