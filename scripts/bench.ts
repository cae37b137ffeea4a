// `npm run bench`: runs every bench/*.bench.ts, each in a fresh Node process (what one leaves on the heap, or in the
// JIT's state, must not weigh on the next one's figures), prints one table and writes bench-results.json.
// A benchmark module's default export returns BenchResult rows; a figure compared with a baseline measured in
// the same run carries `baseline` (the baseline's value) and `ratio` (value / baseline).
// A bench of the extension's code imports zod's set-up (src/vscode/activation/zodSetup.ts) first, as the extension does; the
// local service's own bench runs zod as `npm run service` does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from '../bench/benchResult';
import { ensureChromium, ensureSpeechPrograms } from '../test/harness/tools';

/** The flag of the child process that runs one benchmark file and writes its rows, as JSON, to a file. */
const ONE = '--one';

async function runOne(file: string, out: string): Promise<void> {
  const mod = (await import(file)) as { default: () => Promise<BenchResult[]> };
  writeFileSync(out, JSON.stringify(await mod.default()));
}

/** Runs one benchmark file in a fresh process; its progress lines pass through on stderr. */
function inChild(file: string): BenchResult[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-bench-'));
  try {
    const out = path.join(dir, 'rows.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, ONE, file, out], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0) throw new Error(`${path.basename(file)} failed (exit ${run.status ?? run.signal})`);
    return JSON.parse(readFileSync(out, 'utf8')) as BenchResult[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const dir = path.join(__dirname, '..', 'bench');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
    .sort();
  if (files.length === 0)
    throw new Error(
      `No benchmark matches ${only.join(', ')}; the benchmarks are ${readdirSync(dir)
        .filter((n) => n.endsWith('.bench.ts'))
        .join(', ')}.`,
    );
  // What a fresh machine lacks: the local service's speech programs (the service, client and speech benchmarks
  // synthesise speech) and Chromium (the chat view's benchmark), installed as npm test installs them.
  ensureSpeechPrograms();
  ensureChromium();
  const results: BenchResult[] = [];
  for (const file of files) {
    process.stderr.write(`[bench] ${file}\n`);
    results.push(...inChild(path.join(dir, file)));
  }
  const rows = results.map((r) => [
    r.name,
    formatNumber(r.value),
    r.unit,
    r.baseline === undefined ? '' : formatNumber(r.baseline),
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
  ]);
  const header = ['benchmark', 'value', 'unit', 'baseline', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(`${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  writeFileSync(path.join(__dirname, '..', 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nwrote bench-results.json (${results.length} figures)\n`);
}

function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

(process.argv[2] === ONE ? runOne(process.argv[3] ?? '', process.argv[4] ?? '') : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
