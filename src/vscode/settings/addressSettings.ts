// Which value of an address setting (maas.baseUrl, maas.altBaseUrl, maas.consoleUrl) is used, and who chose it.
// A workspace's or folder's value is used only in a trusted workspace; in Restricted Mode it is ignored and the user's
// own value is used (the manifest's restrictedConfigurations says the same to VS Code). In a container (a dev
// container, a Codespace, or DevPod, Coder or Gitpod behind SSH: containerWindow.ts) the user-level value
// (`globalValue`: in a remote window the local user settings merged with the remote machine's settings, the machine's
// winning) may come from the repository's devcontainer.json, which writes the container's machine settings, and VS
// Code's stable API does not say which of the two it came from: there it counts as the container's choice, asked
// about like a workspace's. Free of the VS Code API so the unit tests cover it.
import type { AddressSetting, AddressSettingKey } from '../../core/credentials/addressCheck';
import { isContainerWindow } from './containerWindow';
import { parseAddress } from './settingKinds';
import { settingNames } from './settingsDeclaration';
import { workspaceLevelValue, type InspectedSetting } from './settingLevels';

const addressSettingKeys: readonly AddressSettingKey[] = ['baseUrl', 'altBaseUrl', 'consoleUrl'];

export interface ResolvedAddresses {
  /** The raw value of each address setting to parse and use. */
  readonly raw: Readonly<Record<AddressSettingKey, unknown>>;
  readonly addresses: readonly AddressSetting[];
}

/**
 * The address settings in use and who chose each, in a window of this remote kind (`vscode.env.remoteName`) whose
 * extension host has this environment (which tells a container behind SSH: containerWindow.ts).
 */
export function resolveAddressSettings(
  inspect: (name: string) => InspectedSetting | undefined,
  trusted: boolean,
  remoteName: string | undefined,
  env: NodeJS.ProcessEnv,
): ResolvedAddresses {
  const inContainer = isContainerWindow(remoteName, env);
  const raw = {} as Record<AddressSettingKey, unknown>;
  const addresses = addressSettingKeys.map((key): AddressSetting => {
    const name = settingNames[key];
    const levels = inspect(name) ?? {};
    const workspace = workspaceLevelValue(levels);
    const fromWorkspace = trusted && workspace !== undefined;
    raw[key] = fromWorkspace ? workspace : levels.globalValue;
    const userLevel = levels.globalValue === undefined ? 'default' : inContainer ? 'container' : 'user';
    return {
      key,
      name,
      value: parseAddress(raw[key]),
      from: fromWorkspace ? 'workspace' : userLevel,
      userValue: inContainer ? '' : parseAddress(levels.globalValue),
      ...(!trusted && workspace !== undefined ? { ignoredWorkspaceValue: typeof workspace === 'string' ? workspace : JSON.stringify(workspace) } : {}),
    };
  });
  return { raw, addresses };
}
