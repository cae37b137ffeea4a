// Which value of an address setting (maas.baseUrl, maas.altBaseUrl, maas.consoleUrl) is used, and who chose it.
// A workspace's or folder's value is used only in a trusted workspace; in Restricted Mode it is ignored and the user's
// own value is used (the manifest's restrictedConfigurations says the same to VS Code). Free of the VS Code API so
// the unit tests cover it.
import type { AddressSetting, AddressSettingKey } from '../../core/credentials/addressCheck';
import { parseAddress } from './settingKinds';
import { settingNames } from './settingsDeclaration';

/** The levels of `WorkspaceConfiguration.inspect()` this rule reads. */
export interface InspectedSetting {
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
}

export const addressSettingKeys: readonly AddressSettingKey[] = ['baseUrl', 'altBaseUrl', 'consoleUrl'];

export interface ResolvedAddresses {
  /** The raw value of each address setting to parse and use. */
  readonly raw: Readonly<Record<AddressSettingKey, unknown>>;
  readonly addresses: readonly AddressSetting[];
}

export function resolveAddressSettings(inspect: (name: string) => InspectedSetting | undefined, trusted: boolean): ResolvedAddresses {
  const raw = {} as Record<AddressSettingKey, unknown>;
  const addresses = addressSettingKeys.map((key): AddressSetting => {
    const name = settingNames[key];
    const levels = inspect(name) ?? {};
    const workspace = levels.workspaceFolderValue ?? levels.workspaceValue;
    const fromWorkspace = trusted && workspace !== undefined;
    raw[key] = fromWorkspace ? workspace : levels.globalValue;
    return {
      key,
      name,
      value: parseAddress(raw[key]),
      from: fromWorkspace ? 'workspace' : levels.globalValue !== undefined ? 'user' : 'default',
      userValue: parseAddress(levels.globalValue),
      ...(!trusted && workspace !== undefined ? { ignoredWorkspaceValue: typeof workspace === 'string' ? workspace : JSON.stringify(workspace) } : {}),
    };
  });
  return { raw, addresses };
}
