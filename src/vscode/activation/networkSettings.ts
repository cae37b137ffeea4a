// The network settings the service client is built from, read from VS Code: a plain object, equal for equal
// settings, and the test of whether a configuration change touches them.
import * as vscode from 'vscode';
import type { NetworkOptions } from '../../core/http/networkOptions';
import { networkSettingNames, userNetworkSettings } from '../settings/userNetworkSettings';

/** The user's own http.proxy, http.proxyAuthorization, http.noProxy, http.proxyStrictSSL and http.systemCertificates. */
export function readNetworkSettings(): NetworkOptions {
  // Every network setting is under `http.`: that section is read, and each name looked up within it.
  const http = vscode.workspace.getConfiguration('http');
  return userNetworkSettings((name) => http.inspect(name.slice('http.'.length)));
}

export function affectsNetworkSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return Object.values(networkSettingNames).some((name) => event.affectsConfiguration(name));
}
