// The check that docs/performance.md measured the current bench/, on small repositories made for each case: a full
// clone fails when bench/ changed after the measured commit or lacks it, a shallow clone without it skips.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { measuredCommit } from './measuredCommit';

// Git reads no configuration of this machine's user or system, so a signing or hook setting cannot change the history.
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid' };
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, env, encoding: 'utf8' }).trim();
const pageOf = (commit: string): string => `| What | Value |\n|---|---|\n| Code, when the run started | commit ${commit.slice(0, 12)} |\n`;

describe('measuredCommit', () => {
  let dir = '';
  let origin = '';
  const commits: Record<'bench' | 'benchChanged' | 'docs', string> = { bench: '', benchChanged: '', docs: '' };

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'maas-measured-'));
    origin = path.join(dir, 'origin');
    mkdirSync(path.join(origin, 'bench'), { recursive: true });
    git(origin, 'init', '--quiet');
    const commit = (file: string, text: string): string => {
      writeFileSync(path.join(origin, file), text);
      git(origin, 'add', '.');
      git(origin, 'commit', '--quiet', '-m', `change ${file}`);
      return git(origin, 'rev-parse', 'HEAD');
    };
    commits.bench = commit('bench/a.bench.ts', 'export const ROUNDS = 5;\n');
    commits.benchChanged = commit('bench/a.bench.ts', 'export const ROUNDS = 7;\n');
    commits.docs = commit('README.md', 'Docs.\n');
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  const clone = (name: string, ...options: string[]): string => {
    const target = path.join(dir, name);
    git(dir, 'clone', '--quiet', ...options, `file://${origin}`, target);
    return target;
  };

  it('holds when nothing under bench/ changed after the measured commit, whatever else did', () => {
    assert.deepEqual(measuredCommit(origin, pageOf(commits.benchChanged)), { kind: 'current' });
  });

  it('fails in a full clone when bench/ changed after the measured commit, naming the change', () => {
    const verdict = measuredCommit(clone('full'), pageOf(commits.bench));
    assert.equal(verdict.kind, 'stale');
    assert.match(verdict.kind === 'stale' ? verdict.problem : '', /bench\/ changed after commit .*\n[0-9a-f]+ change bench\/a\.bench\.ts/);
  });

  it('fails in a full clone that lacks the measured commit', () => {
    const verdict = measuredCommit(origin, pageOf('0123456789ab'));
    assert.equal(verdict.kind, 'stale');
    assert.match(verdict.kind === 'stale' ? verdict.problem : '', /not in this clone's history/);
  });

  it('skips in a shallow clone that lacks the measured commit, and checks one that has it', () => {
    const shallow = clone('shallow', '--depth', '1');
    assert.equal(git(shallow, 'rev-parse', '--is-shallow-repository'), 'true');
    const verdict = measuredCommit(shallow, pageOf(commits.bench));
    assert.equal(verdict.kind, 'unknown');
    assert.match(verdict.kind === 'unknown' ? verdict.reason : '', /shallow clone lacks commit/);
    assert.deepEqual(measuredCommit(shallow, pageOf(commits.docs)), { kind: 'current' });
  });

  it('fails when the page names no commit (a run of uncommitted changes)', () => {
    assert.equal(measuredCommit(origin, '| Code, when the run started | commit 0123456789ab with uncommitted changes |\n').kind, 'stale');
  });

  it('says a directory outside Git has nothing to compare with', () => {
    const outside = path.join(dir, 'plain');
    mkdirSync(outside);
    assert.equal(measuredCommit(outside, pageOf(commits.bench)).kind, 'unknown');
  });
});
