// What activate() returns when the extension runs under a test runner (ExtensionMode.Test): a narrow handle for
// in-host tests to seed and read state without a public command argument. Undefined in normal use.
import type { ApiKeyStore } from './apiKeyStore';

export interface MaasTestHook {
  /** Milliseconds activate() took, measured inside the extension host. */
  readonly activationMs: number;
  readonly apiKey: {
    get(): Promise<string | undefined>;
    set(value: string): Promise<void>;
  };
}

export function createTestHook(keys: ApiKeyStore, activationMs: number): MaasTestHook {
  return {
    activationMs,
    apiKey: { get: () => keys.get(), set: (value) => keys.set(value) },
  };
}
