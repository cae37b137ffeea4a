// Start-up cost: require + activate() of the production bundle in a fresh Node process (vscode stubbed by
// activation/child.cjs), median of 21, against the same extension with every lazily loaded library (undici, the
// image codecs, markdown-it, wavefile) imported up front, built the same way and measured in the same run, the
// two alternating so that a busy moment of the machine falls on both. Also the bytes Node reads at start-up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { compared, median, ratioAtMost, sized, type BenchResult } from './benchResult';

const ROUNDS = sized(21, 1);
const root = path.join(__dirname, '..');

interface Timing {
  readonly requireMs: number;
  readonly activateMs: number;
  readonly totalMs: number;
}

function activateOnce(bundle: string): Timing {
  const child = spawnSync(process.execPath, [path.join(__dirname, 'activation', 'child.cjs'), bundle, root], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`Activating ${bundle} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as Timing;
}

export default async function activationBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'maas-activation-'));
  try {
    const lazyDir = path.join(dir, 'lazy-build');
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--outdir', lazyDir], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`The production build failed:\n${built.stderr}`);
    const lazy = path.join(lazyDir, 'extension.js');
    const eager = path.join(dir, 'eager', 'extension.js');
    await esbuild.build({
      entryPoints: [path.join(__dirname, 'activation', 'eagerEntry.ts')],
      outfile: eager,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20.18',
      external: ['vscode'],
      legalComments: 'external',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    activateOnce(lazy);
    activateOnce(eager);
    const lazyRuns: Timing[] = [];
    const eagerRuns: Timing[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        lazyRuns.push(activateOnce(lazy));
        eagerRuns.push(activateOnce(eager));
      } else {
        eagerRuns.push(activateOnce(eager));
        lazyRuns.push(activateOnce(lazy));
      }
    }
    const total = (runs: readonly Timing[]): number => median(runs.map((r) => r.totalMs));
    const activate = (runs: readonly Timing[]): number => median(runs.map((r) => r.activateMs));
    const kib = (file: string): number => statSync(file).size / 1024;
    return [
      compared(
        `activation: require + activate() of the production bundle (vscode stubbed), vs every library loaded up front, median of ${ROUNDS}`,
        total(lazyRuns),
        total(eagerRuns),
        'ms',
        ratioAtMost(
          0.5,
          'Activation runs in every window before any of the extension answers; loading undici, the image codecs, markdown-it and wavefile on first use must at least halve it, or the lazy bundles are not worth what they cost.',
        ),
        `of which activate() ${activate(lazyRuns).toFixed(2)} ms, against ${activate(eagerRuns).toFixed(2)} ms`,
      ),
      compared(
        'activation: start-up bytes, extension.js read at activation, vs the bundle with every library up front',
        kib(lazy),
        kib(eager),
        'KiB',
        ratioAtMost(
          0.25,
          "Start-up reads only what activation runs: a quarter leaves room for the extension's own code to grow, while undici (about half of the eager bundle) read at start-up again would cross it.",
        ),
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
