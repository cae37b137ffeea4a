// The automatic offer to set up VS Code's chat, considered again when a key is set: a consideration that fails
// (VS Code refusing to list its commands) is logged as a warning, never left as an unhandled rejection.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
// First: the fake vscode module the modules below bind to.
import { floorApi as api } from '../floorVscode';
import { NativeChatSetupOffer, type NativeChatSetupDependencies } from '../../../../src/vscode/languageModels/nativeChatSetup';
import { parseSettings } from '../../../../src/vscode/settings/settingsDeclaration';

const commands = api.commands as Record<string, unknown>;
const realCommands = { ...commands };

// The warnings the offer logs, and a wait for the next one: the tests wait for the logger to be called, not for the
// event loop to turn.
class Warnings {
  readonly texts: string[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  add(text: string): void {
    this.texts.push(text);
    const waiting: { count: number; resolve: () => void }[] = [];
    for (const waiter of this.waiters) {
      if (this.texts.length >= waiter.count) waiter.resolve();
      else waiting.push(waiter);
    }
    this.waiters = waiting;
  }

  /** Resolves once `count` warnings in all have been logged. */
  until(count: number): Promise<void> {
    if (this.texts.length >= count) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push({ count, resolve }));
  }
}

function offerWith(warnings: Warnings): { offer: NativeChatSetupOffer; keyChanged: () => void } {
  let listener: (() => void) | undefined;
  const deps = {
    settings: { settings: parseSettings({}).settings, onDidChange: () => ({ dispose: () => undefined }) },
    credentials: { hasApiKey: () => Promise.resolve(true) },
    prompter: { showInformationMessage: () => Promise.resolve(undefined), showWarningMessage: () => Promise.resolve(undefined) },
    memento: { get: () => undefined, update: () => Promise.resolve(), keys: () => [] },
    logger: { info: () => undefined, warn: (text: string) => warnings.add(text), error: () => undefined, redact: (text: string) => text },
  } as unknown as NativeChatSetupDependencies;
  const offer = new NativeChatSetupOffer(deps, (next) => {
    listener = next;
    return { dispose: () => (listener = undefined) };
  });
  return { offer, keyChanged: () => listener?.() };
}

describe("the offer to set up VS Code's chat, on a key change", () => {
  afterEach(() => {
    for (const key of Object.keys(commands)) delete commands[key];
    Object.assign(commands, realCommands);
  });

  it('logs a consideration that fails as a warning, and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    commands.getCommands = (): Promise<string[]> => Promise.reject(new Error('the command registry is gone'));
    const warnings = new Warnings();
    const { offer, keyChanged } = offerWith(warnings);
    try {
      keyChanged();
      await warnings.until(1);
      assert.deepEqual(warnings.texts, ["VS Code's chat set-up could not be considered: the command registry is gone"]);
      // A rejection nobody handles is reported after the microtasks of the turn that dropped it: wait for that report's
      // turn by scheduling a macrotask behind it, then look.
      await new Promise<void>((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      offer.dispose();
    }
  });

  it('a later key change considers the offer again after a failed one', async () => {
    let lists = 0;
    commands.getCommands = (): Promise<string[]> => {
      lists += 1;
      return Promise.reject(new Error(`refusal ${lists}`));
    };
    const warnings = new Warnings();
    const { offer, keyChanged } = offerWith(warnings);
    try {
      keyChanged();
      await offer.consider().catch(() => undefined);
      await warnings.until(1);
      keyChanged();
      await offer.consider().catch(() => undefined);
      await warnings.until(2);
      assert.equal(lists, 4, 'each key change and each consideration lists the commands');
      assert.deepEqual(warnings.texts, [
        "VS Code's chat set-up could not be considered: refusal 1",
        "VS Code's chat set-up could not be considered: refusal 3",
      ]);
    } finally {
      offer.dispose();
    }
  });
});
