// Inline completions as a feature: the provider for files and untitled editors, the status bar item, and the engine
// (asking through ask(), with the completions' model, debounce and max_tokens from the settings) with the deny-list
// (the defaults and maas.completions.excludeFiles of every level: a workspace adds patterns, never drops the user's). The engine is a bundle of its own, loaded when completions are
// first on (completionRuntime.ts); settings changes reach it at once.
import type * as vscode from 'vscode';
import type { CompletionClock } from '../../core/completions/completionClock';
import type { CompletionEngine, CompletionOptions } from '../../core/completions/completionEngine';
import type { CompletionPrivacy } from '../../core/completions/completionPrivacy';
import type * as Runtime from '../../core/completions/completionRuntime';
import type { ExtensionServices } from '../activation/extensionServices';
import { entriesOfEveryLevel } from '../settings/settingLevels';
import { inspectSetting } from '../settings/settings';
import type { Settings } from '../settings/settingsDeclaration';
import { CompletionStatusItem } from './completionStatusItem';
import { MaasInlineCompletionProvider, registerInlineCompletions, type LoadedCompletions } from './inlineCompletionProvider';

/** A single-line completion asks for at most this many tokens (maas.completions.maxTokens bounds a block's). */
const LINE_MAX_TOKENS = 128;

export interface CompletionFeature extends vscode.Disposable {
  readonly status: CompletionStatusItem;
  readonly provider: MaasInlineCompletionProvider;
}

export function engineOptions(settings: Settings): Partial<CompletionOptions> {
  return {
    model: settings.completionsModel === '' ? settings.chatModel : settings.completionsModel,
    debounceMs: settings.completionsDebounceMs,
    maxTokens: { line: Math.min(LINE_MAX_TOKENS, settings.completionsMaxTokens), block: settings.completionsMaxTokens },
  };
}

/** `clock`: what the debounce and the pauses wait on (Node's timers unless given). */
export function registerCompletions(
  services: Pick<ExtensionServices, 'settings' | 'credentials' | 'clients' | 'logger'>,
  clock?: CompletionClock,
): CompletionFeature {
  const { settings, logger } = services;
  const status = new CompletionStatusItem(settings, services.credentials);
  let engine: CompletionEngine | undefined;
  let privacy: CompletionPrivacy | undefined;
  let loading: Promise<LoadedCompletions> | undefined;
  const load = (): Promise<LoadedCompletions> =>
    (loading ??= import('../../core/completions/completionRuntime.js').then((runtime: typeof Runtime) => {
      const loaded = new runtime.CompletionEngine({
        streamChat: runtime.askStreamChat(() => ({
          settings: settings.chat,
          backend: services.clients.get(),
          redact: (text) => logger.redact(text),
        })),
        options: engineOptions(settings.settings),
        ...(clock === undefined ? {} : { clock }),
      });
      engine = loaded;
      status.follow(loaded);
      const privacyNow = (): CompletionPrivacy =>
        (privacy ??= new runtime.CompletionPrivacy([
          ...settings.settings.completionsExcludeFiles,
          ...entriesOfEveryLevel(inspectSetting('completionsExcludeFiles')),
        ]));
      return { engine: loaded, privacy: privacyNow, readWindow: runtime.readCompletionWindow };
    }));
  const provider = new MaasInlineCompletionProvider({ settings, logger, load, ready: () => status.ready() });
  const subscriptions = [
    status,
    registerInlineCompletions(provider),
    settings.onDidChange((change) => {
      if (change.affects('completionsModel', 'chatModel', 'completionsDebounceMs', 'completionsMaxTokens')) engine?.configure(engineOptions(change.settings));
      if (change.affects('completionsExcludeFiles')) privacy = undefined;
    }),
  ];
  return {
    status,
    provider,
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
      engine?.dispose();
    },
  };
}
