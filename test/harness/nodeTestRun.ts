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
