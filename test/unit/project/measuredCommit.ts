// Whether docs/performance.md measured the bench/ that is checked in: the page names the commit its run measured, and
// no file under bench/ may have changed after it. A shallow clone (CI's default checkout) may lack that commit; then
// nothing can be compared and the check is skipped, where a full clone that lacks it fails.
import { spawnSync } from 'node:child_process';

export type MeasuredCommit =
  | { readonly kind: 'current' }
  /** Nothing to compare with: not a Git checkout, or a shallow clone without the commit. */
  | { readonly kind: 'unknown'; readonly reason: string }
  | { readonly kind: 'stale'; readonly problem: string };

function git(cwd: string, ...args: string[]): { readonly status: number | null; readonly out: string } {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { status: run.status, out: run.stdout.trim() };
}

/** What the checkout at `root` says of the run the page reports. */
export function measuredCommit(root: string, page: string): MeasuredCommit {
  if (git(root, 'rev-parse', '--is-inside-work-tree').status !== 0) return { kind: 'unknown', reason: 'not a Git checkout: nothing to compare with' };
  const code = /^\| Code, when the run started \| (.*) \|$/m.exec(page)?.[1] ?? '';
  const commit = /^commit ([0-9a-f]{7,40})$/.exec(code)?.[1];
  if (commit === undefined) {
    return {
      kind: 'stale',
      problem: `the page names the commit it measured, without uncommitted changes: ${JSON.stringify(code)}; run \`npm run bench\` on a clean tree`,
    };
  }
  if (git(root, 'cat-file', '-e', `${commit}^{commit}`).status !== 0) {
    if (git(root, 'rev-parse', '--is-shallow-repository').out === 'true') {
      return { kind: 'unknown', reason: `this shallow clone lacks commit ${commit}, which the page measured (\`git fetch --unshallow\` brings it)` };
    }
    return { kind: 'stale', problem: `commit ${commit}, which the page measured, is not in this clone's history` };
  }
  const changed = git(root, 'log', '--format=%h %s', `${commit}..HEAD`, '--', 'bench/').out;
  if (changed !== '')
    return { kind: 'stale', problem: `bench/ changed after commit ${commit}, which docs/performance.md reports; run \`npm run bench\`:\n${changed}` };
  return { kind: 'current' };
}
