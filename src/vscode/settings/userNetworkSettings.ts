// VS Code's network settings as the service client uses them: the proxy (credentials in its address allowed), the
// Proxy-Authorization value, the hosts reached without the proxy, certificate verification and the system's roots.
// Only the user's own values count (on a remote machine, that machine's settings): a workspace's are ignored, since
// a repository that chose the proxy or turned verification off could read every key. In a container whose http.*
// settings are its machine settings (http.useLocalProxyConfiguration off: VS Code then reads them from the remote,
// where devcontainer.json writes), verification cannot be turned off: there `http.proxyStrictSSL: false` may be the
// repository's. Free of the VS Code API so the unit tests cover it.
import * as z from '../../shared/zod';
import type { NetworkOptions } from '../../core/http/networkOptions';
import type { InspectedSetting } from './settingLevels';

export const networkSettingNames = {
  proxy: 'http.proxy',
  proxyAuthorization: 'http.proxyAuthorization',
  noProxy: 'http.noProxy',
  proxyStrictSSL: 'http.proxyStrictSSL',
  systemCertificates: 'http.systemCertificates',
} as const;

/**
 * VS Code's switch between the local user's http.* settings (on, the default where the remote asks for it) and the
 * remote machine's (off) in a remote window.
 */
export const localProxyConfigurationName = 'http.useLocalProxyConfiguration';

/**
 * Who may have written the http.* values in use: the user, or (in a container with
 * http.useLocalProxyConfiguration off) the container's configuration.
 */
export type NetworkSettingsSource = 'user' | 'container';

/** The client's network options from the user-level values; a value of the wrong type counts as unset. */
export function userNetworkSettings(inspect: (name: string) => InspectedSetting | undefined, source: NetworkSettingsSource = 'user'): NetworkOptions {
  const user = <T>(name: string, schema: z.ZodMiniType<T>): T | undefined => {
    const parsed = schema.safeParse(inspect(name)?.globalValue);
    return parsed.success ? parsed.data : undefined;
  };
  const proxyUrl = user(networkSettingNames.proxy, z.string())?.trim();
  const proxyAuthorization = user(networkSettingNames.proxyAuthorization, z.string())?.trim();
  return {
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(proxyAuthorization ? { proxyAuthorization } : {}),
    noProxy: (user(networkSettingNames.noProxy, z.array(z.string())) ?? []).map((entry) => entry.trim()).filter((entry) => entry !== ''),
    strictSSL: source === 'container' || (user(networkSettingNames.proxyStrictSSL, z.boolean()) ?? true),
    systemCertificates: user(networkSettingNames.systemCertificates, z.boolean()) ?? true,
  };
}
