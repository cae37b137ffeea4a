// VS Code 1.139's extension host reports every read of the global `navigator` as an error in the Extension Host log
// (`PendingMigrationError: navigator is now a global in nodejs`). zod's JIT probes it while the schemas are built,
// so the extension must neither load nor activate with a read of it. The production bundle is loaded in a fresh
// Node with a `navigator` that throws and records the read (test/fixtures/activation/navigatorTrap.cjs), then
// activated with the bench's stub of the vscode module, and the lazily loaded bundles are required too.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { productionBuild, repoRoot as root } from './productionBuild';

const trap = path.join(root, 'test', 'fixtures', 'activation', 'navigatorTrap.cjs');

describe('the global navigator', () => {
  const out = productionBuild('maas-navigator-');

  it('is never read while the extension loads and activates', () => {
    const child = path.join(root, 'bench', 'activation', 'child.cjs');
    const run = spawnSync(process.execPath, ['--require', trap, child, path.join(out(), 'extension.js'), root], { encoding: 'utf8' });
    assert.equal(run.status, 0, `exit ${String(run.status)}:\n${run.stderr}`);
    assert.match(run.stdout, /"activateMs"/, 'the extension activated');
  });

  it('is never read by the libraries loaded on first use', () => {
    const script = path.join(out(), 'require-lazy.cjs');
    const names = ['undici', 'markdown-it', 'wavefile'];
    writeFileSync(script, names.map((name) => `require(${JSON.stringify(path.join(out(), 'lazy', `${name}.js`))});`).join('\n'));
    const run = spawnSync(process.execPath, ['--require', trap, script], { encoding: 'utf8' });
    assert.equal(run.status, 0, `exit ${String(run.status)}:\n${run.stderr}`);
  });

  it('the trap itself catches a read (the test can fail)', () => {
    const run = spawnSync(process.execPath, ['--require', trap, '-e', 'try { navigator.userAgent } catch {}'], { encoding: 'utf8' });
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, /navigator was read 1 time/);
  });
});
