// docs/performance.md reports the benchmarks as they are: the run it was written from measured a commit after which no
// file under bench/ changed (a change to how a bench measures needs `npm run bench` again), and its descriptions give
// the values the benches use, not the names of their constants.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const page = readFileSync(path.join(root, 'docs', 'performance.md'), 'utf8');

function git(...args: string[]): { readonly status: number | null; readonly out: string } {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { status: run.status, out: run.stdout.trim() };
}

describe('docs/performance.md is current', () => {
  it('was written from a run of a commit after which nothing under bench/ changed', (t) => {
    if (git('rev-parse', '--is-inside-work-tree').status !== 0) {
      t.skip('not a Git checkout: nothing to compare with');
      return;
    }
    const code = /^\| Code, when the run started \| (.*) \|$/m.exec(page)?.[1] ?? '';
    const commit = /^commit ([0-9a-f]{7,40})$/.exec(code)?.[1];
    assert.ok(commit, `the page names the commit it measured, without uncommitted changes: ${JSON.stringify(code)}; run \`npm run bench\` on a clean tree`);
    assert.equal(git('cat-file', '-e', `${commit}^{commit}`).status, 0, `commit ${commit} is not in this clone's history (a shallow clone needs the history)`);
    const changed = git('log', '--format=%h %s', `${commit}..HEAD`, '--', 'bench/').out;
    assert.equal(changed, '', `bench/ changed after commit ${commit}, which docs/performance.md reports; run \`npm run bench\`:\n${changed}`);
  });

  it("shows the benches' values, not the names of their constants", () => {
    const dir = path.join(root, 'bench');
    const names = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*[A-Z0-9]) =/gm)].map((match) => match[1] ?? ''),
      );
    assert.ok(names.includes('ROUNDS'), names.join(', '));
    // A name of three letters or fewer (`MB`) is also a unit the page writes.
    const shown = [...new Set(names)].filter((name) => name.length > 3 && new RegExp(`\\b${name}\\b`).test(page));
    assert.deepEqual(shown, [], 'constant names on the page');
  });
});
