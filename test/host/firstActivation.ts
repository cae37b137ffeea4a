// The extension's first activation in the suite's extension host, measured by test/host/index.ts before any test runs:
// whichever test file comes first (the order is shuffled) would otherwise activate it as a side effect, and only the
// first activation shows whether something activated it eagerly and what loading the bundle costs.
// index.js and each test file are bundled apart, so the measurement is handed over through a global symbol.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';

export const EXTENSION_ID = 'maas-assistant.maas-assistant';

export interface FirstActivation {
  /** Whether the extension was already active when the suite started (before any test used it). */
  readonly activeBefore: boolean;
  /** Milliseconds of `activate()` as the suite awaited it: loading the bundle and running activate(). */
  readonly totalMs: number;
  /** What activate() returned: the test hook in test mode. */
  readonly hook: MaasTestHook | undefined;
}

const KEY = Symbol.for('maas-assistant.host-suite.first-activation');
type Holder = { [KEY]?: FirstActivation };

/** Activates the extension and keeps how it went; called once, by the suite's entry point. */
export async function measureFirstActivation(): Promise<void> {
  const extension = vscode.extensions.getExtension<MaasTestHook | undefined>(EXTENSION_ID);
  if (extension === undefined) return; // activation.test.ts reports the missing extension
  const activeBefore = extension.isActive;
  const started = performance.now();
  const hook = await extension.activate();
  (globalThis as Holder)[KEY] = { activeBefore, totalMs: performance.now() - started, hook };
}

/** The measurement index.ts made, or undefined when the suite ran without it. */
export function firstActivation(): FirstActivation | undefined {
  return (globalThis as Holder)[KEY];
}
