// The in-host suite's entry point in the standard @vscode/test-electron layout: `run()` runs mocha over the
// *.test.js files beside it and settles when they are done. Counts go to $MAAS_HOST_TEST_RESULTS for the runner;
// $MAAS_HOST_GREP, when set, runs only the tests whose full title matches it; $MAAS_HOST_SUITE=trust runs trust.test.js
// alone, every other run all the others.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const grep = process.env.MAAS_HOST_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec', ...(grep === undefined || grep === '' ? {} : { grep }) });
  // The trust suite runs in a server of its own, with workspace trust on (test/harness/hostSuite.ts).
  const trustRun = process.env.MAAS_HOST_SUITE === 'trust';
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js') && (name === 'trust.test.js') === trustRun)
    .sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
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
