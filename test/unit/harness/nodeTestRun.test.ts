// The per-test time limit npm test gives node:test follows the layer: every e2e file (run alone, as `e2e-<file>`)
// gets the e2e limit. Before, the limit was chosen by the run's name, and no e2e run was named plain `e2e`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { failedTests, nodeTestArguments } from '../../harness/nodeTestRun';

const timeout = (args: readonly string[]): string | undefined => args.find((a) => a.startsWith('--timeout='));

describe('node:test arguments of a layer', () => {
  it('give an e2e file 900 s per test, the unit and browser layers 300 s', () => {
    assert.equal(timeout(nodeTestArguments('e2e', ['test/e2e/features.e2e.ts'], '/tmp/e2e-features.tap')), '--timeout=900000');
    assert.equal(timeout(nodeTestArguments('unit', ['a.test.ts'], '/tmp/unit.tap')), '--timeout=300000');
    assert.equal(timeout(nodeTestArguments('browser', ['a.browser.ts'], '/tmp/browser.tap')), '--timeout=300000');
  });

  it('run the files through nodeTestFiles.ts, with the TAP file counted, the files last', () => {
    const args = nodeTestArguments('e2e', ['x.e2e.ts'], '/tmp/x.tap');
    assert.deepEqual(args.slice(0, 2), ['--import', 'tsx']);
    assert.equal(path.basename(args[2] ?? ''), 'nodeTestFiles.ts');
    assert.ok(args.includes('--tap=/tmp/x.tap'));
    assert.equal(args.at(-1), 'x.e2e.ts');
  });

  it('run the files in the order given (node --test would sort them), reporting in spec form and in TAP', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-test-order-'));
    try {
      const order = path.join(dir, 'order.txt');
      for (const name of ['a', 'b', 'c'])
        writeFileSync(
          path.join(dir, `${name}.test.mjs`),
          `import { test } from 'node:test';\nimport { appendFileSync } from 'node:fs';\ntest('${name}', () => appendFileSync(${JSON.stringify(order)}, '${name}'));\n`,
        );
      const files = ['c', 'a', 'b'].map((name) => path.join(dir, `${name}.test.mjs`));
      const tap = path.join(dir, 'run.tap');
      const result = spawnSync(process.execPath, nodeTestArguments('unit', files, tap), { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(readFileSync(order, 'utf8'), 'cab');
      assert.match(result.stdout, /✔ c/);
      assert.match(readFileSync(tap, 'utf8'), /^# pass 3$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exit zero when the only test that fails is a todo, as node --test does', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-test-order-'));
    try {
      const file = path.join(dir, 'todo.test.mjs');
      writeFileSync(
        file,
        `import { test } from 'node:test';\ntest('passes', () => {});\ntest('not yet', { todo: 'waits for an address' }, () => { throw new Error('no'); });\n`,
      );
      const result = spawnSync(process.execPath, nodeTestArguments('unit', [file], path.join(dir, 'run.tap')), { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stdout);
      assert.match(readFileSync(path.join(dir, 'run.tap'), 'utf8'), /^# todo 1$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exit non-zero when a test fails', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-test-order-'));
    try {
      const file = path.join(dir, 'fails.test.mjs');
      writeFileSync(file, `import { test } from 'node:test';\ntest('fails', () => { throw new Error('no'); });\n`);
      const result = spawnSync(process.execPath, nodeTestArguments('unit', [file], path.join(dir, 'run.tap')), { encoding: 'utf8' });
      assert.notEqual(result.status, 0);
      assert.match(readFileSync(path.join(dir, 'run.tap'), 'utf8'), /^# fail 1$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('name what failed, each with the first line of its error: a failed test and a failed before hook, not a suite of failed tests, a todo or a passing test', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-test-failed-'));
    try {
      const file = path.join(dir, 'mixed.test.mjs');
      writeFileSync(
        file,
        [
          `import { before, describe, it, test } from 'node:test';`,
          `describe('set up first', () => { before(() => { throw new Error("the offer didn't show"); }); it('then lists', () => {}); });`,
          `describe('a suite', () => { it('fails # here', () => { throw new Error('first line\\nsecond line'); }); it('passes', () => {}); });`,
          `test('not yet', { todo: 'later' }, () => { throw new Error('todo'); });`,
          `test('plain', () => { throw new Error('wrong'); });`,
        ].join('\n'),
      );
      const tap = path.join(dir, 'run.tap');
      spawnSync(process.execPath, nodeTestArguments('unit', [file], tap), { encoding: 'utf8' });
      assert.deepEqual(failedTests(readFileSync(tap, 'utf8')), ["set up first: the offer didn't show", 'fails # here: first line', 'plain: wrong']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
