// VS Code's network settings as the service client uses them: the proxy (credentials in its address allowed), the
// Proxy-Authorization value, the hosts reached without the proxy, certificate verification and the system's roots.
// Only the user's own values count (on a remote machine, that machine's settings): a workspace's are ignored, since
// a repository that chose the proxy, turned verification off or dropped the system's roots could read every key.
// Free of the VS Code API so the unit tests cover it.
import * as z from 'zod';
import type { NetworkOptions } from '../../core/http/networkOptions';
import type { InspectedSetting } from './settingLevels';

export const networkSettingNames = {
  proxy: 'http.proxy',
  proxyAuthorization: 'http.proxyAuthorization',
  noProxy: 'http.noProxy',
  proxyStrictSSL: 'http.proxyStrictSSL',
  systemCertificates: 'http.systemCertificates',
} as const;

/** The client's network options from the user's values; a value of the wrong type counts as unset. */
export function userNetworkSettings(inspect: (name: string) => InspectedSetting | undefined): NetworkOptions {
  const user = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const parsed = schema.safeParse(inspect(name)?.globalValue);
    return parsed.success ? parsed.data : undefined;
  };
  const proxyUrl = user(networkSettingNames.proxy, z.string())?.trim();
  const proxyAuthorization = user(networkSettingNames.proxyAuthorization, z.string())?.trim();
  return {
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(proxyAuthorization ? { proxyAuthorization } : {}),
    noProxy: (user(networkSettingNames.noProxy, z.array(z.string())) ?? []).map((entry) => entry.trim()).filter((entry) => entry !== ''),
    strictSSL: user(networkSettingNames.proxyStrictSSL, z.boolean()) ?? true,
    systemCertificates: user(networkSettingNames.systemCertificates, z.boolean()) ?? true,
  };
}
