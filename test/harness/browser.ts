// Headless Debian Chromium driven by playwright-core, with the flags this closed network needs.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { scenarioEnvironment } from './scenarioEnvironment';
import { CHROMIUM_PATH } from './tools';

/** `args`: more Chromium switches, such as `--host-resolver-rules` for a host name that must reach loopback. */
export async function launchBrowser(options: { autoplay?: boolean; args?: readonly string[] } = {}): Promise<Browser> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'maas-chromium-'));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    env: { ...scenarioEnvironment(), HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // code-server opens an external address (MaaS: Open Console, vscode.env.openExternal) with window.open once the
      // extension host has answered; on a busy machine that can come after the click's user activation has expired,
      // and Chromium would block it as a pop-up, which desktop VS Code, opening the system browser, never does.
      '--disable-popup-blocking',
      ...(options.autoplay === true ? ['--autoplay-policy=no-user-gesture-required'] : []),
      ...(options.args ?? []),
    ],
  });
}
