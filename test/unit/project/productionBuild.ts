// A production build of the extension (esbuild.mjs --production) into a temporary folder, made before a suite's
// tests and removed after them; the getter gives the folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export function productionBuild(prefix: string): () => string {
  let out = '';
  before(() => {
    out = mkdtempSync(path.join(tmpdir(), prefix));
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--outdir', out], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
  });
  after(() => rmSync(out, { recursive: true, force: true }));
  return () => out;
}
