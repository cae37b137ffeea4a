// The code a benchmark run measures, as docs/performance.md names it: the commit checked out when the run starts, and
// whether the working tree then differed from it (docs/performance.md itself aside: a full run writes it). Taken at the
// start because the run takes minutes, during which a commit, a checkout or an edit would otherwise be credited with
// figures measured before it.
import { spawnSync } from 'node:child_process';

/** `commit <12 hex digits>`, with `with uncommitted changes` when the tree differs; `unknown` outside a Git checkout. */
export function measuredCode(root: string): string {
  const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown (not a Git checkout)';
  const commit = head.stdout.trim();
  const changed = spawnSync('git', ['status', '--porcelain', '--', '.', ':!docs/performance.md'], { cwd: root, encoding: 'utf8' });
  const dirty = changed.status === 0 && changed.stdout.trim() !== '';
  return dirty ? `commit ${commit} with uncommitted changes` : `commit ${commit}`;
}
