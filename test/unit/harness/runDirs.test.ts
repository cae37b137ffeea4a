// Run folders under .vscode-test/: a new run removes those whose owner has exited (and old ones with no owner
// recorded) and never one whose owner is alive.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { newRunDir, removeStaleRunDirs } from '../../harness/runDirs';

const parent = mkdtempSync(path.join(os.tmpdir(), 'maas-run-dirs-'));
after(() => rmSync(parent, { recursive: true, force: true }));

function runDir(name: string, owner?: number, ageMs = 0): void {
  const dir = path.join(parent, name);
  mkdirSync(dir);
  if (owner !== undefined) writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid: owner }));
  const when = new Date(Date.now() - ageMs);
  utimesSync(dir, when, when);
}

describe('run folders', () => {
  it('removes the folders of exited runs, keeps live ones, recent unowned ones and other folders', () => {
    const live = 1001;
    runDir('run-e2e-live-a', live);
    runDir('run-e2e-dead-b', 1002);
    runDir('run-host-old-c', undefined, 2 * 60 * 60 * 1000);
    runDir('run-host-new-d', undefined, 60 * 1000);
    mkdirSync(path.join(parent, 'code-server-4.0.0'));
    const removed = removeStaleRunDirs(parent, { isAlive: (pid) => pid === live }).map((dir) => path.basename(dir));
    assert.deepEqual(removed.sort(), ['run-e2e-dead-b', 'run-host-old-c']);
    assert.deepEqual(readdirSync(parent).sort(), ['code-server-4.0.0', 'run-e2e-live-a', 'run-host-new-d']);
  });

  it('a new run folder is owned by this process, so another run keeps it', () => {
    const dir = newRunDir('e2e-mine', parent);
    assert.match(path.basename(dir), /^run-e2e-mine-/);
    removeStaleRunDirs(parent);
    assert.ok(readdirSync(parent).includes(path.basename(dir)));
  });
});
