// The completions feature as activate() builds it (registerCompletions), on the fake editor API, with a service
// (FakeBackend) the test feeds, a clock it moves, and settings and a key it changes: what a user's editor would do
// to the provider, and what reaches the service.
import type * as vscode from 'vscode';
import { world } from './editorVscode';
import { Emitter } from '../../../../src/core/emitter';
import type { SettingsChange } from '../../../../src/vscode/settings/settings';
import { parseSettings, type SettingKey, type Settings } from '../../../../src/vscode/settings/settingsDeclaration';
import { registerCompletions, type CompletionFeature } from '../../../../src/vscode/completions/completionFeature';
import { FakeBackend, ManualClock } from '../../core/completions/completionFakes';
import { cancellation, fakeDocument, Position } from '../../../harness/fakeEditor';

export const DEBOUNCE = 300;
const BASE: Partial<Record<SettingKey, unknown>> = { baseUrl: 'https://maas.example', completionsEnabled: true, completionsDebounceMs: DEBOUNCE };

export interface Fixture {
  readonly feature: CompletionFeature;
  readonly backend: FakeBackend;
  readonly clock: ManualClock;
  /** The status bar item of completions. */
  readonly item: { text: string; tooltip: string | undefined; command: string | undefined; visible: boolean };
  /** Changes settings as the user would (the feature hears of it). */
  set(raw: Partial<Record<SettingKey, unknown>>): void;
  setKey(present: boolean): void;
  /** VS Code asking the provider at `[line, character]` of a document of `text`; `cancel` ends the call. */
  provide(
    doc: { uri?: string; language?: string; text: string },
    at: readonly [number, number],
    context?: Partial<vscode.InlineCompletionContext>,
  ): { result: Promise<vscode.InlineCompletionItem[] | undefined>; cancel(): void };
  dispose(): void;
}

export function setUp(raw: Partial<Record<SettingKey, unknown>> = {}, keySet = true): Fixture {
  let settings: Settings = parseSettings({ ...BASE, ...raw }).settings;
  let hasKey = keySet;
  const changed = new Emitter<SettingsChange>();
  const credentialsChanged = new Emitter<'apiKey'>();
  const backend = new FakeBackend();
  const clock = new ManualClock();
  const logger = { redact: (text: string) => text, info: () => undefined, warn: () => undefined, error: () => undefined, rememberSecret: () => undefined };
  const services = {
    settings: {
      get settings() {
        return settings;
      },
      get chat() {
        return { ...settings, personaFromWorkspace: false };
      },
      onDidChange: changed.event,
    },
    credentials: { hasApiKey: () => Promise.resolve(hasKey), onDidChange: credentialsChanged.event },
    clients: { get: () => backend },
    logger,
  };
  const before = world.statusItems.length;
  const feature = registerCompletions(services as never, clock);
  const item = world.statusItems[before];
  if (item === undefined) throw new Error('the feature made no status bar item');
  return {
    feature,
    backend,
    clock,
    item,
    set: (next) => {
      const old = settings;
      settings = parseSettings({ ...BASE, ...raw, ...next }).settings;
      const keys = new Set((Object.keys(settings) as SettingKey[]).filter((key) => JSON.stringify(settings[key]) !== JSON.stringify(old[key])));
      changed.fire({ settings, changed: keys, affects: (...wanted) => wanted.some((key) => keys.has(key)) });
    },
    setKey: (present) => {
      hasKey = present;
      credentialsChanged.fire('apiKey');
    },
    provide: (doc, [line, character], context = {}) => {
      const { token, cancel } = cancellation();
      const document = fakeDocument(doc.uri ?? 'file:/projects/shop/src/cart.ts', doc.language ?? 'typescript', doc.text);
      const full: vscode.InlineCompletionContext = { triggerKind: 0, selectedCompletionInfo: undefined, ...context } as vscode.InlineCompletionContext;
      const position = new Position(line, character) as unknown as vscode.Position;
      return { result: Promise.resolve(feature.provider.provideInlineCompletionItems(document, position, full, token)), cancel };
    },
    dispose: () => feature.dispose(),
  };
}

/** The fake's InlineCompletionItem's insert text and range as `[line, character]` pairs. */
export function shown(items: vscode.InlineCompletionItem[] | undefined): { text: string; from: [number, number]; to: [number, number] } | undefined {
  const item = items?.[0];
  if (item === undefined || item.range === undefined) return undefined;
  const text = typeof item.insertText === 'string' ? item.insertText : item.insertText.value;
  return { text, from: [item.range.start.line, item.range.start.character], to: [item.range.end.line, item.range.end.character] };
}
