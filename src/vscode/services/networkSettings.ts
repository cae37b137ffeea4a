// The network settings the service client is built from, read from VS Code: a plain object, equal for equal
// settings, and the test of whether a configuration change touches them; and who may have written them.
import * as vscode from 'vscode';
import type { NetworkOptions } from '../../core/http/networkOptions';
import { isContainerWindow } from '../settings/containerWindow';
import { localProxyConfigurationName, networkSettingNames, userNetworkSettings, type NetworkSettingsSource } from '../settings/userNetworkSettings';

/**
 * Who may have written the http.* values this window reads: in a container with http.useLocalProxyConfiguration off,
 * VS Code reads them from the container's machine settings, which devcontainer.json writes; else they are the user's.
 */
export function networkSettingsSource(): NetworkSettingsSource {
  const remoteValues = vscode.workspace.getConfiguration('http').get<unknown>(localProxyConfigurationName.slice('http.'.length)) === false;
  return remoteValues && isContainerWindow(vscode.env.remoteName, process.env) ? 'container' : 'user';
}

/** The user's own http.proxy, http.proxyAuthorization, http.noProxy, http.proxyStrictSSL and http.systemCertificates. */
export function readNetworkSettings(): NetworkOptions {
  // Every network setting is under `http.`: that section is read, and each name looked up within it.
  const http = vscode.workspace.getConfiguration('http');
  return userNetworkSettings((name) => http.inspect(name.slice('http.'.length)), networkSettingsSource());
}

export function affectsNetworkSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return [...Object.values(networkSettingNames), localProxyConfigurationName].some((name) => event.affectsConfiguration(name));
}
