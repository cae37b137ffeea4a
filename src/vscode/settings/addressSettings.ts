// Which value of an address setting (maas.baseUrl, maas.altBaseUrl, maas.consoleUrl) is used, and who chose it.
// A workspace's or folder's value is used only in a trusted workspace; in Restricted Mode it is ignored and the user's
// own value is used (the manifest's restrictedConfigurations says the same to VS Code). In a dev container or a
// Codespace the user-level value (`globalValue`: in a remote window the local user settings merged with the remote
// machine's settings, the machine's winning) may come from the repository's devcontainer.json, which writes the
// container's machine settings, and VS Code's stable API does not say which of the two it came from: there it counts as
// the container's choice, asked about like a workspace's. Free of the VS Code API so the unit tests cover it.
import type { AddressSetting, AddressSettingKey } from '../../core/credentials/addressCheck';
import { parseAddress } from './settingKinds';
import { settingNames } from './settingsDeclaration';
import { workspaceLevelValue, type InspectedSetting } from './settingLevels';

const addressSettingKeys: readonly AddressSettingKey[] = ['baseUrl', 'altBaseUrl', 'consoleUrl'];

/**
 * The remote kinds (`vscode.env.remoteName`, the part of the remote authority before `+`) whose machine settings a
 * repository writes: a dev container opened from a folder (`dev-container`), a running container attached to (its
 * image's devcontainer metadata carries settings: `attached-container`, `k8s-container`), a GitHub Codespace
 * (`codespaces`). SSH, WSL and tunnels are machines the user configures: their settings stay the user's.
 */
const containerRemoteNames: readonly string[] = ['dev-container', 'attached-container', 'k8s-container', 'codespaces'];

export interface ResolvedAddresses {
  /** The raw value of each address setting to parse and use. */
  readonly raw: Readonly<Record<AddressSettingKey, unknown>>;
  readonly addresses: readonly AddressSetting[];
}

export function resolveAddressSettings(
  inspect: (name: string) => InspectedSetting | undefined,
  trusted: boolean,
  remoteName: string | undefined,
): ResolvedAddresses {
  const inContainer = remoteName !== undefined && containerRemoteNames.includes(remoteName);
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
