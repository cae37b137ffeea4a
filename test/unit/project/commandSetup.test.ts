// Every command the README gives installs what it needs on a fresh machine before doing anything else: here the
// machine lacks the speech programs (a `dpkg-query` that finds nothing) and apt-get cannot install them, so each
// command must stop at once at its install step, naming the packages, instead of failing later, in the middle of
// its work. Only root installs: a command run by anyone else never calls sudo (even a password-less one), it prints
// the one apt-get command to run as root and stops.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');

describe('the README commands on a machine without the speech programs', () => {
  let bin = '';
  /** Written by the fake sudo when anything calls it (a folder everyone may write to: the test may run as another user). */
  let sudoCalled = '';
  before(() => {
    bin = mkdtempSync(path.join(tmpdir(), 'maas-fresh-bin-'));
    chmodSync(bin, 0o777);
    sudoCalled = path.join(bin, 'sudo-called');
    const script = (name: string, body: string): void => {
      writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(path.join(bin, name), 0o755);
    };
    script('dpkg-query', 'exit 1');
    script('apt-get', 'if [ "$1" = install ]; then echo "E: Unable to locate package (fake apt-get: $*)"; exit 100; fi; exit 0');
    // A password-less sudo, as some machines have: it must not be used.
    script('sudo', `echo "$*" >> '${sudoCalled}'; if [ "$1" = -n ]; then shift; fi; exec "$@"`);
  });
  after(() => rmSync(bin, { recursive: true, force: true }));

  for (const [command, script, args] of [
    ['npm run bench', 'scripts/bench.ts', []],
    ['npm run service', 'scripts/service.ts', ['--port', '0']],
    ['npm run demo', 'scripts/demo.ts', []],
    ['npm test', 'scripts/test.ts', ['unit']],
  ] as const) {
    it(`${command} stops at its install step, naming espeak-ng and lame`, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
      });
      assert.equal(run.signal, null, `${command} was still running after 60 s: it did not install first`);
      assert.notEqual(run.status, 0, `${command} went on without the speech programs`);
      assert.match(run.stderr, /espeak-ng, lame/, run.stderr);
    });
  }

  it('npm run service without root calls no sudo: it prints the apt-get command to run as root and stops', () => {
    // The command as a user without root rights sees it, whoever runs the tests (test/fixtures/asNonRoot.mjs).
    const run = spawnSync(process.execPath, ['--import', './test/fixtures/asNonRoot.mjs', '--import', 'tsx', 'scripts/service.ts', '--port', '0'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, HOME: tmpdir(), PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    assert.equal(run.signal, null, 'it stopped by itself');
    assert.notEqual(run.status, 0, run.stdout);
    assert.match(run.stderr, /Run this as root, then try again:\n\s*apt-get update && apt-get install -y espeak-ng lame\n/, run.stderr);
    assert.equal(existsSync(sudoCalled), false, 'sudo was not called');
  });
});
