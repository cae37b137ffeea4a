// activate()'s guard: each feature registers in its own step, so one that throws while starting (a missing API in
// an older VS Code, a corrupt state) is logged and shown once, and the others still work.
import type { Logger } from '../logger';

/** Shows the user that a feature could not start (the message is showStartFailure, featureNames.ts). */
export type ShowFailure = (feature: string, reason: string) => void;

export class FeatureSteps {
  private readonly failed: string[] = [];

  constructor(
    private readonly logger: Pick<Logger, 'error' | 'redact'>,
    private readonly show: ShowFailure,
  ) {}

  /** Runs a feature's set-up; its failure is logged and reported, and undefined is returned in place of the feature. */
  run<T>(feature: string, step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      this.fail(feature, error);
      return undefined;
    }
  }

  /**
   * Starts set-up that activate() does not await, at once; its failure, whether it throws before its promise
   * exists or the promise rejects, is logged and reported. Resolves once the step has ended, never rejects.
   */
  runInBackground(feature: string, step: () => Promise<unknown>): Promise<void> {
    // The executor runs synchronously, and a throw inside it rejects the promise instead of escaping.
    return new Promise<unknown>((resolve) => resolve(step())).then(
      () => undefined,
      (error: unknown) => this.fail(feature, error),
    );
  }

  /** The features that failed to start, by name (for the test hook and diagnostics). */
  get failures(): readonly string[] {
    return this.failed;
  }

  private fail(feature: string, error: unknown): void {
    this.failed.push(feature);
    this.logger.error(`The feature "${feature}" could not start`, error);
    this.show(feature, this.logger.redact(error instanceof Error ? error.message : String(error)));
  }
}
