// The per-test time limit npm test gives node:test follows the layer: every e2e file (run alone, as `e2e-<file>`)
// gets the e2e limit. Before, the limit was chosen by the run's name, and no e2e run was named plain `e2e`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodeTestArguments } from '../../harness/nodeTestRun';

const timeout = (args: readonly string[]): string | undefined => args.find((a) => a.startsWith('--test-timeout='));

describe('node:test arguments of a layer', () => {
  it('give an e2e file 900 s per test, the unit and browser layers 300 s', () => {
    assert.equal(timeout(nodeTestArguments('e2e', ['test/e2e/features.e2e.ts'], '/tmp/e2e-features.tap')), '--test-timeout=900000');
    assert.equal(timeout(nodeTestArguments('unit', ['a.test.ts'], '/tmp/unit.tap')), '--test-timeout=300000');
    assert.equal(timeout(nodeTestArguments('browser', ['a.browser.ts'], '/tmp/browser.tap')), '--test-timeout=300000');
  });

  it('report in spec form on stdout and in TAP to the file counted, then the files', () => {
    const args = nodeTestArguments('e2e', ['x.e2e.ts'], '/tmp/x.tap');
    assert.deepEqual(args.slice(0, 3), ['--import', 'tsx', '--test']);
    assert.ok(args.includes('--test-reporter-destination=/tmp/x.tap'));
    assert.equal(args.at(-1), 'x.e2e.ts');
  });
});
