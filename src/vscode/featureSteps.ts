// activate()'s guard: each feature registers in its own step, so one that throws while starting (a missing API in
// an older VS Code, a corrupt state) is logged and shown once, and the others still work.
import * as vscode from 'vscode';
import type { Logger } from './logger';

export class FeatureSteps {
  private readonly failed: string[] = [];

  constructor(private readonly logger: Logger) {}

  /** Runs a feature's set-up; its failure is logged and reported, and undefined is returned in place of the feature. */
  run<T>(feature: string, step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      this.fail(feature, error);
      return undefined;
    }
  }

  /** The same for set-up that finishes later (it is not awaited by activate()). */
  runLater(feature: string, step: () => Promise<unknown>): void {
    void step().catch((error: unknown) => this.fail(feature, error));
  }

  /** The features that failed to start, by name (for the test hook and diagnostics). */
  get failures(): readonly string[] {
    return this.failed;
  }

  private fail(feature: string, error: unknown): void {
    this.failed.push(feature);
    const reason = this.logger.redact(error instanceof Error ? error.message : String(error));
    this.logger.error(`The feature "${feature}" could not start`, error);
    void vscode.window.showErrorMessage(vscode.l10n.t('MaaS Assistant: {0} could not start ({1}). The other features work; see MaaS: Show Logs.', feature, reason));
  }
}
