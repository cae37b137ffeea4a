// `npm run bench`: builds the extension (the chat view's benchmarks serve dist/, as the browser tests do), then runs
// every bench/*.bench.ts, each in a fresh Node process (what one leaves on the heap, or in the JIT's state, must not
// weigh on the next one's figures), with a progress line per file; at the end it prints the table of the README's
// Performance section and writes bench-results.json.
//   npm run bench -- history        only the files whose name contains `history`
//   npm run bench -- --quick        every size and count at its smallest: each row still produced and written, in
//                                   seconds (the README's commands layer of `npm test` runs it so); not figures to report
//   npm run bench -- --out FILE     write the rows to FILE instead of bench-results.json
// A benchmark module's default export returns BenchResult rows; a figure compared with a baseline measured in
// the same run carries `baseline` (the baseline's value) and `ratio` (value / baseline).
// A bench of the extension's code imports zod's set-up (src/vscode/activation/zodSetup.ts) first, as the extension does; the
// local service's own bench runs zod as `npm run service` does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from '../bench/benchResult';
import { ensureChromium, ensureSpeechPrograms, quietStep } from '../test/harness/tools';

const root = path.join(__dirname, '..');

/** The flag of the child process that runs one benchmark file and writes its rows, as JSON, to a file. */
const ONE = '--one';

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
    return JSON.parse(readFileSync(out, 'utf8')) as BenchResult[];
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

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = path.join(root, 'bench');
  const all = readdirSync(dir)
    .filter((name) => name.endsWith('.bench.ts'))
    .sort();
  const files = all.filter((name) => options.filters.length === 0 || options.filters.some((filter) => name.includes(filter)));
  if (files.length === 0) throw new Error(`No benchmark matches ${options.filters.join(', ')}; the benchmarks are ${all.join(', ')}.`);
  const started = Date.now();
  // What a fresh machine lacks: the local service's speech programs (the service, client and speech benchmarks
  // synthesise speech) and Chromium (the chat view's benchmarks), installed as npm test installs them; then the
  // build, whose icon font and stylesheet the chat view's benchmarks serve.
  ensureSpeechPrograms();
  ensureChromium();
  quietStep('building the extension', process.execPath, ['esbuild.mjs'], { cwd: root });
  const mode = options.quick ? ' (--quick: every size at its smallest; not figures to report)' : '';
  process.stderr.write(`[bench] ${files.length} benchmark files${mode}\n`);
  const results: BenchResult[] = [];
  for (const [index, file] of files.entries()) {
    const fileStarted = Date.now();
    process.stderr.write(`[bench] ${index + 1}/${files.length} ${file} …\n`);
    const rows = inChild(path.join(dir, file), options.quick);
    results.push(...rows);
    process.stderr.write(`[bench] ${index + 1}/${files.length} ${file}: ${rows.length} figures in ${seconds(fileStarted)}\n`);
  }
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${performanceTable(results)}\n`);
  process.stdout.write(
    `\n${results.length} figures from ${files.length} files in ${seconds(started)}${mode}; wrote ${path.relative(process.cwd(), options.out) || options.out}\n`,
  );
}

/** The table as the README's Performance section shows it: Markdown, one row per figure. */
function performanceTable(results: readonly BenchResult[]): string {
  const figure = (value: number, unit: string): string => `${formatNumber(value)} ${unit}`;
  const rows = results.map((r) => [
    r.name.replaceAll('|', '\\|'),
    figure(r.value, r.unit),
    r.baseline === undefined ? '—' : figure(r.baseline, r.unit),
    r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`,
  ]);
  const header = ['Benchmark', 'Figure', 'Baseline (same run)', 'Ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(2);
}

(process.argv[2] === ONE ? runOne(process.argv[3] ?? '', process.argv[4] ?? '') : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
