// `npm test`: every test layer, in order, then one line `N passed, N failed` summing them all.
//   lint  ESLint (layering included), Prettier's check and the TypeScript projects: one check
//   unit  node:test on plain Node: test/unit, test/integration (against the local service), service/test
//   browser  test/browser: the webview bundle in Chromium with a fake host (Playwright)
//   host  the mocha suite of test/host inside a real code-server extension host
//   e2e   test/e2e scenarios: Playwright + Chromium against code-server with the packaged .vsix installed
//   readme  test/readme: every command of the README's shell blocks, run as a user runs it, in a quick form
// `npm test -- unit host` runs only the named layers. Test files run in an order shuffled by a seed, printed at the start
// of each layer and in the summary; `npm test -- --seed N` (or MAAS_TEST_SEED=N) replays it (test/harness/testOrder.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runHostSuite } from '../test/harness/hostSuite';
import { failedTests, nodeTestArguments, type NodeTestLayer } from '../test/harness/nodeTestRun';
import { SEED_VARIABLE, seedFrom, seedLine, shuffled } from '../test/harness/testOrder';
import { ensureSpeechPrograms, ensureTools } from '../test/harness/tools';
import { packageExtension } from './package';

interface Tally {
  passed: number;
  failed: number;
  /** What failed, each as `name: first line of its error`, repeated with the summary. */
  failures: string[];
}

const root = path.resolve(__dirname, '..');
const layers = ['lint', 'unit', 'browser', 'host', 'e2e', 'readme'] as const;
type Layer = (typeof layers)[number];

function filesUnder(dir: string, suffix: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function banner(text: string): void {
  process.stdout.write(`\n=== ${text} ===\n`);
}

/**
 * Runs node:test over `files` of `layer` in the order `seed` gives, the spec report on stdout, and counts from a TAP
 * copy of the same run. node:test runs each file in a process of its own, so the order matters only where files
 * share something outside their process (a port, a folder, the machine's load); within a file, node:test (Node 20)
 * runs the tests in the order they are written.
 */
function nodeTests(layer: NodeTestLayer, name: string, files: string[], seed: number, extraEnv: NodeJS.ProcessEnv = {}): Tally {
  if (files.length === 0) return { passed: 0, failed: 0, failures: [] };
  mkdirSync(path.join(root, '.test-results'), { recursive: true });
  const tap = path.join(root, '.test-results', `${name}.tap`);
  const result = spawnSync(process.execPath, nodeTestArguments(layer, shuffled(files, seed), tap), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, [SEED_VARIABLE]: String(seed) },
  });
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (label: string): number => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? '0');
  const tally: Tally = { passed: count('pass'), failed: count('fail') + count('cancelled'), failures: failedTests(text) };
  if (result.status !== 0 && tally.failed === 0) {
    // a crash before any test reported
    tally.failed = 1;
    tally.failures.push(`exited with ${result.status ?? result.signal} before any test reported`);
  }
  return tally;
}

function lint(): Tally {
  const steps: [string, string[]][] = [
    ['eslint', ['node_modules/eslint/bin/eslint.js', '.']],
    ['prettier', ['node_modules/prettier/bin/prettier.cjs', '--check', '**/*.{ts,mjs,cjs}']],
    ['tsc', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']],
    ['tsc (webview)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.webview.json']],
    ['tsc (webview tests)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.webview-tests.json']],
  ];
  const failedSteps: string[] = [];
  for (const [label, args] of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    process.stdout.write(`${result.status === 0 ? '✔' : '✖'} ${label}\n`);
    if (result.status !== 0) failedSteps.push(label);
  }
  const passed = failedSteps.length === 0;
  return { passed: passed ? 1 : 0, failed: passed ? 0 : 1, failures: passed ? [] : [`${failedSteps.join(', ')} failed (its output is above)`] };
}

async function runLayer(layer: Layer, seed: number): Promise<Tally> {
  switch (layer) {
    case 'lint':
      return lint();
    case 'unit':
      return nodeTests(
        'unit',
        'unit',
        [...filesUnder('test/unit', '.test.ts'), ...filesUnder('test/integration', '.test.ts'), ...filesUnder('service/test', '.test.ts')],
        seed,
      );
    case 'browser':
      return nodeTests('browser', 'browser', filesUnder('test/browser', '.browser.ts'), seed);
    case 'host': {
      const result = await runHostSuite(seed);
      for (const failure of result.failures) process.stdout.write(`✖ ${failure}\n`);
      return { passed: result.passed, failed: result.failed, failures: result.failures.map((failure) => failure.split('\n')[0] ?? '') };
    }
    case 'e2e': {
      const vsix = packageExtension();
      const tally: Tally = { passed: 0, failed: 0, failures: [] };
      // One scenario file at a time: each starts its own code-server and browser, and two cores are not enough for more.
      for (const file of shuffled(filesUnder('test/e2e', '.e2e.ts'), seed)) {
        const result = nodeTests('e2e', `e2e-${path.basename(file, '.e2e.ts')}`, [file], seed, { MAAS_E2E_VSIX: vsix });
        tally.passed += result.passed;
        tally.failed += result.failed;
        tally.failures.push(...result.failures.map((failure) => `${path.basename(file)}: ${failure}`));
      }
      return tally;
    }
    case 'readme':
      return nodeTests('readme', 'readme', filesUnder('test/readme', '.readme.ts'), seed);
  }
}

async function main(): Promise<void> {
  const { seed, rest: requested } = seedFrom(process.argv.slice(2), process.env);
  const unknown = requested.filter((name) => !(layers as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown test layer(s): ${unknown.join(', ')}. Layers: ${layers.join(', ')}.`);
  const selected = layers.filter((layer) => requested.length === 0 || requested.includes(layer));
  const started = Date.now();
  // What a fresh machine lacks: speech programs for the local service (unit, host and e2e run it), then the tools.
  if (selected.some((layer) => layer !== 'lint' && layer !== 'browser')) ensureSpeechPrograms();
  if (selected.some((layer) => layer !== 'lint' && layer !== 'unit')) ensureTools();
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed.');
  const total: Tally = { passed: 0, failed: 0, failures: [] };
  const summary: string[] = [];
  for (const layer of selected) {
    banner(`${layer}`);
    if (layer !== 'lint') process.stdout.write(`${seedLine(seed)}\n`);
    const layerStarted = Date.now();
    // A layer that cannot run (its package refused, a tool missing) counts as one failure, and the layers after it run.
    const tally = await runLayer(layer, seed).catch((error: unknown): Tally => {
      process.stdout.write(`✖ the ${layer} layer could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      return { passed: 0, failed: 1, failures: [`could not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`] };
    });
    total.passed += tally.passed;
    total.failed += tally.failed;
    total.failures.push(...tally.failures.map((failure) => `${layer}: ${failure}`));
    summary.push(
      `${layer.padEnd(7)} ${String(tally.passed).padStart(4)} passed, ${tally.failed} failed  (${((Date.now() - layerStarted) / 1000).toFixed(1)} s)`,
    );
  }
  banner('summary');
  process.stdout.write(`${summary.join('\n')}\ntotal time ${((Date.now() - started) / 1000).toFixed(1)} s\n${seedLine(seed)}\n\n`);
  // What failed, again here: the last lines of a long run are what a reader (or a CI page) sees first.
  if (total.failures.length > 0) process.stdout.write(`failed:\n${total.failures.map((failure) => `✖ ${failure.slice(0, 400)}`).join('\n')}\n\n`);
  process.stdout.write(`${total.passed} passed, ${total.failed} failed\n`);
  process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.stdout.write('0 passed, 1 failed\n');
  process.exitCode = 1;
});
