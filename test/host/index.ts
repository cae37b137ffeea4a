// The in-host suite's entry point in the standard @vscode/test-electron layout: `run()` runs mocha over the
// *.test.js files beside it and settles when they are done. Counts go to $MAAS_HOST_TEST_RESULTS for the runner;
// $MAAS_HOST_GREP, when set, runs only the tests whose full title matches it; $MAAS_HOST_SUITE=trust runs trust.test.js
// alone, every other run all the others. $MAAS_TEST_SEED orders the files, and the tests within each describe block,
// so that no test relies on another running first (test/harness/testOrder.ts); without it they run in name order.
// The trust suite is one scenario whose steps follow a change a window cannot undo (the folder, once trusted, stays
// trusted), so its steps keep their written order. After each file the local service drops the faults and queued
// answers the file left (keeping its request log and its state), so that no file meets another's.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { orderer, parseSeed, SEED_VARIABLE, type Orderer } from '../harness/testOrder';
import { measureFirstActivation } from './firstActivation';
import { api } from './hostService';

/** Shuffles a suite's tests and its inner suites, then theirs (mocha runs a suite's tests before its inner suites). */
function shuffleSuite(suite: Mocha.Suite, order: Orderer): void {
  suite.tests = order(suite.tests, (test) => test.title);
  suite.suites = order(suite.suites, (inner) => inner.title);
  for (const inner of suite.suites) shuffleSuite(inner, order);
}

async function clearFaults(): Promise<void> {
  await api('/_local/reset?requests=keep', {});
}

export async function run(): Promise<void> {
  const grep = process.env.MAAS_HOST_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec', ...(grep === undefined || grep === '' ? {} : { grep }) });
  // The trust suite runs in a server of its own, with workspace trust on (test/harness/hostSuite.ts).
  const trustRun = process.env.MAAS_HOST_SUITE === 'trust';
  const seedText = process.env[SEED_VARIABLE];
  const order = trustRun || seedText === undefined || seedText === '' ? undefined : orderer(parseSeed(seedText, SEED_VARIABLE));
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.test.js') && (name === 'trust.test.js') === trustRun);
  for (const file of order ? order(files) : files.sort()) mocha.addFile(path.join(__dirname, file));
  console.log(order ? `  seed ${seedText ?? ''}: files and tests in shuffled order` : '  files and tests in the order written');
  await mocha.loadFilesAsync(); // loaded before the run, so that their tests can be ordered (mocha.run loads no more)
  if (order) shuffleSuite(mocha.suite, order);
  for (const suite of mocha.suite.suites) suite.afterAll('the local service drops the faults and queued answers left', clearFaults);
  if (!trustRun) await measureFirstActivation();
  return new Promise((resolve, reject) => {
    let passed = 0;
    const failures: string[] = [];
    const runner = mocha.run((failed) => {
      const resultsFile = process.env.MAAS_HOST_TEST_RESULTS;
      if (resultsFile !== undefined) writeFileSync(resultsFile, JSON.stringify({ passed, failed: failures.length, failures }));
      if (failed > 0) reject(new Error(`${failed} in-host test(s) failed`));
      else resolve();
    });
    runner.on('pass', () => (passed += 1));
    runner.on('fail', (test, error: unknown) => failures.push(`${test.fullTitle()}: ${error instanceof Error ? error.message : String(error)}`));
  });
}
