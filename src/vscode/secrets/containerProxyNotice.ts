// In a container, a proxy the user did not name may carry the credentials to the user's own address: HTTPS_PROXY or
// HTTP_PROXY from the container's environment, or http.proxy from the container's machine settings (read there while
// http.useLocalProxyConfiguration is off; devcontainer.json writes them). Whoever runs that proxy sees where the
// requests go and, if the container also trusts a certificate authority of theirs (an image can add one), reads the
// key and the questions. The request is not held up: a warning names the proxy once per proxy host, remembered in
// global state so that it is not repeated at every start, when a credential is first handed out for a request it
// carries.
import * as vscode from 'vscode';
import { proxyDisplay, proxyRoute, type NetworkOptions } from '../../core/http/networkOptions';
import { actionTitles } from '../../shared/chatWords';
import type { Prompter } from '../prompter';
import { isContainerWindow } from '../settings/containerWindow';
import type { NetworkSettingsSource } from '../settings/userNetworkSettings';
import { StateKey } from '../stateKeys';

/** The window a notice is decided for: its remote kind and environment, and who may have written its http.* values. */
export interface ProxyWindow {
  readonly remoteName: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly settingsSource: NetworkSettingsSource;
}

export class ContainerProxyNotice {
  constructor(
    private readonly memento: vscode.Memento,
    private readonly prompter: Prompter,
    private readonly window: () => ProxyWindow,
  ) {}

  /** Called as a credential is handed out for a request to `address` on a client built from `network`. */
  credentialSent(address: string, network: NetworkOptions): void {
    const { remoteName, env, settingsSource } = this.window();
    if (!isContainerWindow(remoteName, env)) return;
    let target: URL;
    try {
      target = new URL(address);
    } catch {
      return;
    }
    const route = proxyRoute(network, target, env);
    if (route === undefined || (route.from === 'setting' && settingsSource === 'user')) return;
    const proxy = proxyDisplay(route.proxy);
    if (proxy === '') return;
    const host = new URL(proxy).hostname;
    const noticed = this.memento.get<unknown>(StateKey.containerProxyNotices, []);
    const seen = Array.isArray(noticed) ? noticed.filter((entry): entry is string => typeof entry === 'string') : [];
    if (seen.includes(host)) return;
    // Recorded first, so that the requests of one burst warn once.
    void this.memento.update(StateKey.containerProxyNotices, [...seen, host]);
    void this.warn(target.host, proxy, route.from);
  }

  private async warn(service: string, proxy: string, from: 'setting' | 'environment'): Promise<void> {
    const named =
      from === 'environment'
        ? vscode.l10n.t(
            "In this container, your MaaS credentials go to {0} through the proxy {1}, which the container's environment names (HTTPS_PROXY or HTTP_PROXY), not your settings.",
            service,
            proxy,
          )
        : vscode.l10n.t(
            "In this container, your MaaS credentials go to {0} through the proxy {1}, which http.proxy names in the container's settings (VS Code reads them from the container while http.useLocalProxyConfiguration is off, and a repository's devcontainer.json can write them).",
            service,
            proxy,
          );
    const risk = vscode.l10n.t(
      'Whoever runs that proxy sees which service you use; if the container also trusts a certificate authority of theirs (an image can add one), they can read your key and your questions.',
    );
    const remedy =
      from === 'environment'
        ? vscode.l10n.t(
            "If you do not trust this container's set-up, name your own proxy in http.proxy, or list the service's host in http.noProxy. (Shown once for this proxy.)",
          )
        : vscode.l10n.t(
            "If you do not trust this container's set-up, turn http.useLocalProxyConfiguration on in its remote settings to use your own proxy settings. (Shown once for this proxy.)",
          );
    const open = actionTitles(vscode.l10n).openSettings;
    if ((await this.prompter.showWarningMessage(`${named} ${risk} ${remedy}`, open)) === open) {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
    }
  }
}
