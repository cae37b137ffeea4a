// The install lock of the harness (test/harness/installLock.ts): of two processes asking for the same install at
// once, one installs and the other waits and then finds it done; a lock whose process died is taken over; an install
// cut off, or one that fails, is never taken for a finished one.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { installOnce, processAlive, withFileLock } from '../../harness/installLock';
import { waitFor } from '../../harness/waitFor';

const root = mkdtempSync(path.join(os.tmpdir(), 'maas-install-lock-'));
after(() => rmSync(root, { recursive: true, force: true }));
let cases = 0;
const caseDir = (): string => {
  const dir = path.join(root, `case-${(cases += 1)}`);
  mkdirSync(dir);
  return dir;
};

const child = path.join(__dirname, 'installLockProcess.ts');

function start(target: string, log: string, go: string): { process: ChildProcess; exited: Promise<number | null> } {
  const started = spawn(process.execPath, ['--import', 'tsx', child, target, log, go], { stdio: ['ignore', 'inherit', 'inherit'] });
  return { process: started, exited: new Promise((resolve) => started.on('exit', (code) => resolve(code))) };
}

const events = (log: string): string[] => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

/** A pid no process has any more: a process started and waited for. */
function deadPid(): number {
  const gone = spawnSync(process.execPath, ['-e', '']);
  assert.ok(gone.pid !== undefined && !processAlive(gone.pid));
  return gone.pid;
}

const done = (dir: string): boolean => existsSync(path.join(dir, 'done'));
const finish = (dir: string): void => {
  writeFileSync(path.join(dir, 'payload'), 'whole');
  writeFileSync(path.join(dir, 'done'), '');
};

describe('installOnce', () => {
  it('two processes at once: the first installs, the second waits for it and then finds the install done', async () => {
    const dir = caseDir();
    const [target, log, go] = [path.join(dir, 'tool'), path.join(dir, 'events.log'), path.join(dir, 'go')];
    const first = start(target, log, go);
    await waitFor(() => events(log).some((e) => e.startsWith('install-started')), { what: 'the first install to start', timeoutMs: 30_000 });
    const second = start(target, log, go);
    const firstPid = first.process.pid as number;
    await waitFor(() => events(log).includes(`waiting-for-${firstPid} ${second.process.pid}`), { what: 'the second to wait', timeoutMs: 30_000 });
    assert.equal(events(log).filter((e) => e.startsWith('install-started')).length, 1, 'one install runs');
    assert.ok(!existsSync(target), 'nothing in place while the install runs');
    writeFileSync(go, '');
    assert.deepEqual(await Promise.all([first.exited, second.exited]), [0, 0]);
    assert.deepEqual(events(log).sort(), [
      `found-installed ${second.process.pid}`,
      `install-finished ${firstPid}`,
      `install-started ${firstPid}`,
      `installed ${firstPid}`,
      `waiting-for-${firstPid} ${second.process.pid}`,
    ]);
    assert.equal(readFileSync(path.join(target, 'payload'), 'utf8'), String(firstPid));
    assert.deepEqual(readdirSync(dir).sort(), ['events.log', 'go', 'tool'], 'no lock and no temporary folder left');
  });

  it('takes over a lock whose process has died, without waiting', () => {
    const dir = caseDir();
    const target = path.join(dir, 'tool');
    writeFileSync(`${target}.lock`, `${deadPid()}\n`);
    const waited: number[] = [];
    assert.equal(installOnce(target, { done, install: finish, onWait: (pid) => waited.push(pid) }), true);
    assert.deepEqual(waited, []);
    assert.ok(done(target));
    assert.deepEqual(readdirSync(dir), ['tool']);
  });

  it("replaces an install that was cut off (in place without its end, or in a dead process's folder)", () => {
    const dir = caseDir();
    const target = path.join(dir, 'tool');
    mkdirSync(target);
    writeFileSync(path.join(target, 'half'), '');
    const abandoned = `${target}.installing-${deadPid()}`;
    mkdirSync(abandoned);
    assert.equal(installOnce(target, { done, install: finish }), true);
    assert.deepEqual(readdirSync(target).sort(), ['done', 'payload']);
    assert.deepEqual(readdirSync(dir), ['tool']);
  });

  it('a failed install leaves nothing in place, releases the lock, and the next attempt installs', () => {
    const dir = caseDir();
    const target = path.join(dir, 'tool');
    assert.throws(
      () =>
        installOnce(target, {
          done,
          install: () => {
            throw new Error('npm install failed');
          },
        }),
      /npm install failed/,
    );
    assert.throws(() => installOnce(target, { done, install: () => undefined }), /ended without what a finished install holds/);
    assert.deepEqual(readdirSync(dir), []);
    assert.equal(installOnce(target, { done, install: finish }), true);
    assert.equal(installOnce(target, { done, install: () => assert.fail('installed twice') }), false, 'done: nothing to do');
  });

  it('withFileLock lets one holder in at a time within a process too, and releases on a throw', () => {
    const dir = caseDir();
    const lock = path.join(dir, 'x.lock');
    assert.throws(() => withFileLock(lock, () => assert.fail('inside')), /inside/);
    assert.equal(existsSync(lock), false);
    assert.equal(
      withFileLock(lock, () => readFileSync(lock, 'utf8').trim()),
      String(process.pid),
    );
  });
});
