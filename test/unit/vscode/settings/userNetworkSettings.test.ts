// VS Code's network settings as the client uses them: the user's own values only, a workspace's ignored, and a value
// of the wrong type treated as unset.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InspectedSetting } from '../../../../src/vscode/settings/settingLevels';
import { userNetworkSettings } from '../../../../src/vscode/settings/userNetworkSettings';

const inspector =
  (levels: Record<string, InspectedSetting>) =>
  (name: string): InspectedSetting | undefined =>
    levels[name];

describe("the user's network settings", () => {
  it('defaults: no proxy, no credentials, nothing bypassed, certificates verified against the system store too', () => {
    assert.deepEqual(userNetworkSettings(inspector({})), { noProxy: [], strictSSL: true, systemCertificates: true });
  });

  it("takes the user's values: the proxy with its credentials, the Proxy-Authorization value, the no-proxy list", () => {
    const settings = userNetworkSettings(
      inspector({
        'http.proxy': { globalValue: ' http://me:p%40ss@proxy.corp.test:8080 ' },
        'http.proxyAuthorization': { globalValue: 'Basic bWU6cEBzcw==' },
        'http.noProxy': { globalValue: ['localhost', ' ', '.corp.test '] },
        'http.proxyStrictSSL': { globalValue: false },
        'http.systemCertificates': { globalValue: false },
      }),
    );
    assert.deepEqual(settings, {
      proxyUrl: 'http://me:p%40ss@proxy.corp.test:8080',
      proxyAuthorization: 'Basic bWU6cEBzcw==',
      noProxy: ['localhost', '.corp.test'],
      strictSSL: false,
      systemCertificates: false,
    });
  });

  it("ignores every value a workspace or folder sets, whatever the user's are", () => {
    const workspace = {
      'http.proxy': { workspaceValue: 'http://attacker:1', workspaceFolderValue: 'http://attacker:2' },
      'http.proxyAuthorization': { workspaceValue: 'Basic eA==' },
      'http.noProxy': { workspaceValue: ['*'] },
      'http.proxyStrictSSL': { workspaceValue: false },
      'http.systemCertificates': { workspaceValue: false },
    };
    assert.deepEqual(userNetworkSettings(inspector(workspace)), { noProxy: [], strictSSL: true, systemCertificates: true });
  });

  it('a value of the wrong type counts as unset; a null or blank proxy authorization is none', () => {
    const settings = userNetworkSettings(
      inspector({
        'http.proxy': { globalValue: 8080 },
        'http.proxyAuthorization': { globalValue: null },
        'http.noProxy': { globalValue: 'localhost' },
        'http.proxyStrictSSL': { globalValue: 'false' },
      }),
    );
    assert.deepEqual(settings, { noProxy: [], strictSSL: true, systemCertificates: true });
    assert.equal(userNetworkSettings(inspector({ 'http.proxyAuthorization': { globalValue: '  ' } })).proxyAuthorization, undefined);
  });

  it('in a container whose http.* settings are its own (http.useLocalProxyConfiguration off), verification stays on', () => {
    const container = {
      'http.proxy': { globalValue: 'http://container-proxy:3128' },
      'http.proxyStrictSSL': { globalValue: false },
      'http.systemCertificates': { globalValue: false },
    };
    assert.deepEqual(userNetworkSettings(inspector(container), 'container'), {
      proxyUrl: 'http://container-proxy:3128',
      noProxy: [],
      strictSSL: true,
      systemCertificates: false,
    });
    assert.equal(userNetworkSettings(inspector(container), 'user').strictSSL, false, "the user's own choice elsewhere");
  });
});
