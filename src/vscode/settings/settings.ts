// Reads and writes the `maas.*` settings through their declaration (settingsDeclaration.ts): the only code that asks
// VS Code for them. A change says which keys changed (each consumer reacts only to the settings it reads), and an
// invalid value is reported once, when the setting takes it, not on every change.
import * as vscode from 'vscode';
import type { ChatSettings } from '../../core/session/chatSettings';
import type { AddressSetting } from '../../core/credentials/addressCheck';
import type { Logger } from '../logger';
import { resolveAddressSettings } from './addressSettings';
import { modelFamilyNames } from '../../shared/modelFamilies';
import { chosenByWorkspace, valueToUse, type InspectedSetting } from './settingLevels';
import {
  parseSettings,
  SETTINGS_SECTION,
  settingKeys,
  settingNames,
  settingsDeclaration,
  type SettingDeclaration,
  type SettingInput,
  type SettingKey,
  type Settings,
  type SettingsProblem,
} from './settingsDeclaration';
import { changedKeys, ProblemMemory } from './settingsChanges';

/** A change of the settings: the values now, and the keys whose parsed value (or address origin) changed. */
export interface SettingsChange {
  readonly settings: Settings;
  readonly changed: ReadonlySet<SettingKey>;
  /** Whether any of these keys changed. */
  affects(...keys: readonly SettingKey[]): boolean;
}

/** Writes a setting at `target` (`undefined` removes it there); the reader's change follows. */
export async function writeSetting<K extends SettingKey>(key: K, value: SettingInput<K> | undefined, target: vscode.ConfigurationTarget): Promise<void> {
  await vscode.workspace.getConfiguration().update(settingNames[key], value, target);
}

/** A setting's values in the user's, the workspace's and the folder's settings, as written (not parsed). */
export function inspectSetting(key: SettingKey): InspectedSetting | undefined {
  return vscode.workspace.getConfiguration().inspect(settingNames[key]);
}

/** A setting's value in effect as written (not parsed): for a toggle that flips exactly what VS Code holds. */
export function writtenSetting(key: SettingKey): unknown {
  return vscode.workspace.getConfiguration().get(settingNames[key]);
}

export class SettingsReader implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SettingsChange>();
  private readonly subscriptions: vscode.Disposable[];
  private current: Settings;
  private currentAddresses: readonly AddressSetting[] = [];
  /** The workspace values ignored in Restricted Mode, as last logged (each is logged once, when it appears). */
  private ignoredLogged = '';
  /** What maas.baseUrl holds when it is not a usable address (then `settings.baseUrl` is ''). */
  private invalidBaseUrl: string | undefined;
  /** Whether the maas.chat.persona in use is the workspace's (the view says so). */
  private personaFromWorkspace = false;
  /** The invalid values reported so far: each is reported once. */
  private readonly problems = new ProblemMemory();
  /** Fires after a change of the `maas.*` settings (or of workspace trust) that changed at least one parsed value. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly logger: Logger) {
    this.current = this.read();
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS_SECTION)) this.reread();
      }),
      // Trusting the workspace brings its address settings into use (after the user's approval, per origin).
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.reread()),
    ];
  }

  /** The address settings in use and who chose each: where credentials may go (core/credentials/addressCheck.ts). */
  get addresses(): readonly AddressSetting[] {
    return this.currentAddresses;
  }

  get settings(): Settings {
    return this.current;
  }

  /** What the chat needs: the settings, and the invalid value of maas.baseUrl if it has one. */
  get chat(): ChatSettings {
    const chat = { ...this.current, personaFromWorkspace: this.personaFromWorkspace };
    return this.invalidBaseUrl === undefined ? chat : { ...chat, baseUrlProblem: this.invalidBaseUrl };
  }

  private reread(): void {
    const before = {
      settings: this.current,
      addresses: this.currentAddresses.map(addressKey),
      invalidBaseUrl: this.invalidBaseUrl,
      personaFromWorkspace: this.personaFromWorkspace,
    };
    this.current = this.read();
    const changed = new Set<SettingKey>(changedKeys(before.settings, this.current));
    // Who chose an address (the user, the workspace) decides where credentials may go: a change of it is a change.
    for (const address of this.currentAddresses) if (!before.addresses.includes(addressKey(address))) changed.add(address.key);
    if (before.invalidBaseUrl !== this.invalidBaseUrl) changed.add('baseUrl');
    if (before.personaFromWorkspace !== this.personaFromWorkspace) changed.add('persona');
    if (changed.size === 0) return;
    this.changed.fire({ settings: this.current, changed, affects: (...keys) => keys.some((key) => changed.has(key)) });
  }

  private read(): Settings {
    const config = vscode.workspace.getConfiguration();
    const resolved = resolveAddressSettings((name) => config.inspect(name), vscode.workspace.isTrusted, vscode.env.remoteName, process.env);
    this.currentAddresses = resolved.addresses;
    this.personaFromWorkspace = chosenByWorkspace(inspectSetting('persona'), vscode.workspace.isTrusted);
    this.logIgnored(resolved.addresses);
    const raw: Partial<Record<SettingKey, unknown>> = {
      ...Object.fromEntries(settingKeys.map((key) => [key, valueOf(settingsDeclaration[key], config)])),
      ...resolved.raw,
    };
    const { settings, problems } = parseSettings(raw);
    const written = raw['baseUrl'];
    this.invalidBaseUrl = problems.some((p) => p.setting === settingNames.baseUrl)
      ? typeof written === 'string'
        ? written
        : JSON.stringify(written)
      : undefined;
    this.report(problems);
    return settings;
  }

  private logIgnored(addresses: readonly AddressSetting[]): void {
    const ignored = addresses.filter((address) => address.ignoredWorkspaceValue !== undefined);
    const text = ignored.map((address) => `${address.name} = ${address.ignoredWorkspaceValue ?? ''}`).join(', ');
    if (text !== '' && text !== this.ignoredLogged) {
      this.logger.info(`Restricted Mode: the workspace's ${text} ignored; your own settings are used.`);
    }
    this.ignoredLogged = text;
  }

  /** Shows and logs each problem that is new (ProblemMemory: once per invalid value). */
  private report(problems: readonly SettingsProblem[]): void {
    for (const problem of this.problems.fresh(problems)) {
      const message = describeProblem(problem);
      this.logger.warn(message);
      void vscode.window.showWarningMessage(message);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}

/** A setting's value to parse: the user's own for a setting of a user's scope (settingLevels.ts), else the one in effect. */
function valueOf({ name, scope }: SettingDeclaration, config: vscode.WorkspaceConfiguration): unknown {
  return valueToUse(
    scope,
    () => config.inspect(name),
    () => config.get(name),
  );
}

/** An address setting as it bears on where credentials go: its value and who chose it. */
function addressKey({ key, value, from }: AddressSetting): string {
  return JSON.stringify([key, value, from]);
}

function describeProblem(problem: SettingsProblem): string {
  switch (problem.kind) {
    case 'url':
      return vscode.l10n.t(
        'The setting {0} is {1}, which is not an http:// or https:// URL without query or fragment; it is ignored until you fix it.',
        problem.setting,
        problem.value,
      );
    case 'modelCode':
      return vscode.l10n.t(
        'The setting {0} is {1}, which is not a model code (letters, digits, _ . : -); its default is used until you fix it.',
        problem.setting,
        problem.value,
      );
    case 'type':
      return vscode.l10n.t('The setting {0} has the wrong type ({1}); its default is used until you fix it.', problem.setting, problem.value);
    case 'range':
      return vscode.l10n.t('The setting {0} is {1}, which is outside its allowed range; its default is used until you fix it.', problem.setting, problem.value);
    case 'tooLong':
      return vscode.l10n.t('The setting {0} is too long; its default is used until you fix it.', problem.setting);
    case 'modelList':
      return vscode.l10n.t(
        'The setting {0} must list model codes, or objects with a "code" and a "family" ({1}); it is ignored until you fix it.',
        problem.setting,
        modelFamilyNames().join(', '),
      );
    case 'choice':
      return vscode.l10n.t(
        'The setting {0} is {1}, which is not one of its allowed values; its default is used until you fix it.',
        problem.setting,
        problem.value,
      );
    case 'knowledgeBases':
      return vscode.l10n.t(
        'The setting {0} must list knowledge bases as objects with a positive integer "id" and a "name"; it is ignored until you fix it.',
        problem.setting,
      );
  }
}
