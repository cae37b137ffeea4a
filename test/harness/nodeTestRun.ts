// How `npm test` runs a layer's files under node:test: in the order given, the reporters (spec on stdout, TAP to a
// file it counts) and the time a file's tests may take, which belongs to the layer, not to the name of the run (e2e
// files run one at a time as `e2e-<file>`, and a name-based limit once gave them the unit layer's).
import path from 'node:path';

export type NodeTestLayer = 'unit' | 'browser' | 'e2e' | 'readme';

/**
 * Per test, in milliseconds: an e2e test runs a whole scenario (the features file follows long-text tasks of up to 4
 * minutes); a README command may install and build first (the demo, the quick benchmarks).
 */
export const NODE_TEST_TIMEOUT_MS: Readonly<Record<NodeTestLayer, number>> = { unit: 300_000, browser: 300_000, e2e: 900_000, readme: 900_000 };

/**
 * The arguments after `node` for one run of `files` in `layer`, in the order given (test/harness/nodeTestFiles.ts:
 * `node --test` would sort them), its TAP copy written to `tap`.
 */
export function nodeTestArguments(layer: NodeTestLayer, files: readonly string[], tap: string): string[] {
  return ['--import', 'tsx', path.join(__dirname, 'nodeTestFiles.ts'), `--timeout=${NODE_TEST_TIMEOUT_MS[layer]}`, `--tap=${tap}`, ...files];
}

/**
 * The tests a node:test TAP report records as failed, each as `name: first line of its error`, in report order: a
 * test or a hook that failed (a suite whose `before` failed is listed, with the hook's error), not a suite that only
 * holds failed tests, nor a test cancelled with its suite, nor a todo or a skipped test. `npm test` prints them with
 * its summary, where a run's last lines name what failed.
 */
export function failedTests(tap: string): string[] {
  const lines = tap.split('\n');
  const failed: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const head = /^\s*not ok \d+ - (.*)$/.exec(lines[i] ?? '');
    if (!head) continue;
    const title = head[1] ?? '';
    if (/ # (TODO|SKIP)\b/.test(title)) continue;
    let failureType = '';
    let error = '';
    for (let j = i + 1; j < lines.length; j += 1) {
      const line = lines[j] ?? '';
      if (line.trim() === '...' || /^\s*(not )?ok \d+ - /.test(line)) break;
      const type = /^\s*failureType: '?([^']*)'?$/.exec(line);
      if (type) failureType = type[1] ?? '';
      const message = /^\s*error: (.*)$/.exec(line);
      if (message && error === '') {
        const inline = (message[1] ?? '').trim();
        error = inline === '|-' || inline === '|' ? (lines[j + 1] ?? '').trim() : yamlScalar(inline);
      }
    }
    if (failureType === 'subtestsFailed' || failureType === 'cancelledByParent') continue;
    const name = title.replace(/\\#/g, '#');
    failed.push(`${name}: ${error || failureType || 'failed'}`.slice(0, 400));
  }
  return failed;
}

/** A one-line YAML scalar as node:test's TAP reporter writes it: plain, 'single-quoted' or "double-quoted". */
function yamlScalar(text: string): string {
  if (/^'.*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(text)) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }
  return text;
}
