// A container's proxy inside a real extension host: the window is made a DevPod container the way DevPod makes one
// (DEVPOD=true in the extension host's environment, under a remote authority that is not a container kind), and the
// container's environment names a proxy (HTTP_PROXY). The key still reaches the user's address through it, the user's
// http.proxyAuthorization never does, and a warning names the proxy once per proxy host. The address names the
// service by a name only the proxies resolve (this computer's own addresses never go through a proxy). The test starts
// and stops its proxies itself, on 127.0.0.1, and puts the environment back as it found it.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { ForwardProxy, PROXIED_SERVICE_HOST, proxiedAddress } from '../harness/forwardProxy';
import { restoreSettings, setHttpSetting, setSetting } from '../harness/hostSettings';
import { waitFor } from '../harness/waitFor';
import { freshPrompter, signIn } from './featureHelpers';
import { askChat, finished, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

const ENVIRONMENT = ['DEVPOD', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'] as const;
const AUTHORIZATION = `Basic ${Buffer.from('me:my-own-proxy-password').toString('base64')}`;

describe("a container's proxy", () => {
  const saved = Object.fromEntries(ENVIRONMENT.map((name) => [name, process.env[name]]));
  let first: ForwardProxy;
  let second: ForwardProxy;
  let firstUrl = '';
  let secondUrl = '';
  let prompter: ScriptedPrompter;

  before(async () => {
    first = new ForwardProxy({ hosts: { [PROXIED_SERVICE_HOST]: '127.0.0.1' } });
    second = new ForwardProxy({ hosts: { [PROXIED_SERVICE_HOST]: '127.0.0.1' } });
    firstUrl = await first.listen();
    // The same kind of proxy under another host name: a notice is remembered per proxy host.
    secondUrl = (await second.listen()).replace('127.0.0.1', 'localhost');
    await signIn();
  });

  after(async () => {
    for (const name of ENVIRONMENT) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    const h = await hook();
    await h.approvals.revokeAll();
    h.setPrompter(undefined);
    await restoreSettings();
    await Promise.all([first.close(), second.close()]);
  });

  /** The warnings that name a container's proxy. */
  const notices = (): string[] => prompter.messages.filter((m) => m.level === 'warning' && /In this container/.test(m.text)).map((m) => m.text);

  it("in a DevPod container, HTTP_PROXY carries the key without the user's Proxy-Authorization, and is named once per proxy host", async () => {
    prompter = await freshPrompter();
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    for (const name of ENVIRONMENT) delete process.env[name];
    process.env.DEVPOD = 'true';
    process.env.HTTP_PROXY = firstUrl;
    await setHttpSetting('proxyAuthorization', AUTHORIZATION);
    // The settings are read again under the container's environment (and the client rebuilt, reading HTTP_PROXY):
    // the address, the user-level value of a container, is asked about first.
    prompter.script(vscode.l10n.t('Allow'));
    const address = proxiedAddress(service.altBaseUrl);
    await setSetting('baseUrl', address);
    await waitFor(() => vscode.workspace.getConfiguration('maas').get('baseUrl') === address, { what: 'the address to apply', timeoutMs: 5000 });

    const answered = await finished(h, await askChat(h, 'Through the container’s proxy?'));
    assert.equal(answered.status, 'done', JSON.stringify(answered.error));
    assert.equal(prompter.modals.length, 1, `the container's address was asked about: ${JSON.stringify(prompter.modals)}`);
    const serviceHost = new URL(address).host;
    assert.ok(
      first.seen.some((line) => line.includes(serviceHost)),
      `the request went through HTTP_PROXY: ${JSON.stringify(first.seen)}`,
    );
    assert.deepEqual(
      first.authorizations.filter((value) => value !== undefined),
      [],
      "the user's http.proxyAuthorization never reached the environment's proxy",
    );
    await waitFor(() => notices().length === 1, { what: 'the warning naming the proxy', timeoutMs: 5000 });
    const [notice] = notices();
    assert.match(
      notice ?? '',
      new RegExp(`to ${serviceHost.replace(/\./g, '\\.')} through the proxy ${firstUrl.replace(/\./g, '\\.')}, which the container's environment names`),
    );
    assert.match(notice ?? '', /certificate authority[^]*Shown once for this proxy/);

    await finished(h, await askChat(h, 'And again?'));
    assert.equal(notices().length, 1, 'not repeated for the same proxy host');

    // Another proxy host is news.
    process.env.HTTP_PROXY = secondUrl;
    await setHttpSetting('noProxy', ['no-such-host.invalid']); // a network change builds a new client, which reads HTTP_PROXY again
    const again = await finished(h, await askChat(h, 'Through the other proxy?'));
    assert.equal(again.status, 'done', JSON.stringify(again.error));
    assert.ok(second.seen.length > 0, JSON.stringify(second.seen));
    await waitFor(() => notices().length === 2, { what: 'the warning naming the second proxy', timeoutMs: 5000 });
    assert.match(notices()[1] ?? '', /through the proxy http:\/\/localhost:\d+/);
  });
});
