// docs/performance.md reports the benchmarks as they are: the run it was written from measured a commit after which no
// file under bench/ changed (a change to how a bench measures needs `npm run bench` again), and its descriptions give
// the values the benches use, not the names of their constants.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { measuredCommit } from './measuredCommit';

const root = path.resolve(__dirname, '..', '..', '..');
const page = readFileSync(path.join(root, 'docs', 'performance.md'), 'utf8');

describe('docs/performance.md is current', () => {
  it('was written from a run of a commit after which nothing under bench/ changed', (t) => {
    const verdict = measuredCommit(root, page);
    if (verdict.kind === 'unknown') t.skip(verdict.reason);
    else if (verdict.kind === 'stale') assert.fail(verdict.problem);
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
