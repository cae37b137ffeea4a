// Which value of an address setting is used and who chose it: the workspace's only in a trusted workspace; in a dev
// container or a Codespace the user-level value is the container's (its devcontainer.json writes the machine settings).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveAddressSettings } from '../../../../src/vscode/settings/addressSettings';
import { chosenByWorkspace, type InspectedSetting } from '../../../../src/vscode/settings/settingLevels';

const inspector =
  (levels: Record<string, InspectedSetting>) =>
  (name: string): InspectedSetting | undefined =>
    levels[name];

describe('address settings and who chose them', () => {
  const levels = {
    'maas.baseUrl': { globalValue: 'https://mine.example/', workspaceValue: 'http://127.0.0.1:9' },
    'maas.altBaseUrl': { workspaceValue: 'http://127.0.0.1:10' },
    'maas.consoleUrl': { globalValue: 'https://mine.example/console' },
  };

  it('in a trusted workspace the workspace value is used and marked as the workspace choice', () => {
    const { raw, addresses } = resolveAddressSettings(inspector(levels), true, undefined, {});
    assert.deepEqual(raw, { baseUrl: 'http://127.0.0.1:9', altBaseUrl: 'http://127.0.0.1:10', consoleUrl: 'https://mine.example/console' });
    assert.deepEqual(
      addresses.map((a) => [a.name, a.value, a.from, a.userValue, a.ignoredWorkspaceValue]),
      [
        ['maas.baseUrl', 'http://127.0.0.1:9', 'workspace', 'https://mine.example', undefined],
        ['maas.altBaseUrl', 'http://127.0.0.1:10', 'workspace', '', undefined],
        ['maas.consoleUrl', 'https://mine.example/console', 'user', 'https://mine.example/console', undefined],
      ],
    );
  });

  it("in Restricted Mode the workspace value is ignored (and reported), the user's used", () => {
    const { raw, addresses } = resolveAddressSettings(inspector(levels), false, undefined, {});
    assert.deepEqual(raw, { baseUrl: 'https://mine.example/', altBaseUrl: undefined, consoleUrl: 'https://mine.example/console' });
    assert.deepEqual(
      addresses.map((a) => [a.value, a.from, a.ignoredWorkspaceValue]),
      [
        ['https://mine.example', 'user', 'http://127.0.0.1:9'],
        ['', 'default', 'http://127.0.0.1:10'],
        ['https://mine.example/console', 'user', undefined],
      ],
    );
  });

  it("a folder's value counts as the workspace's; an invalid user value gives no user address", () => {
    const { addresses } = resolveAddressSettings(
      inspector({ 'maas.baseUrl': { globalValue: 'not a url', workspaceFolderValue: 'http://127.0.0.1:9' } }),
      true,
      undefined,
      {},
    );
    assert.equal(addresses[0]?.from, 'workspace');
    assert.equal(addresses[0]?.userValue, '');
  });

  // vscode.env.remoteName is the part of the remote authority before '+' (VS Code's getRemoteName): 'dev-container'
  // for Reopen in Container, 'attached-container' and 'k8s-container' for an attached one, 'codespaces' for a
  // Codespace; 'ssh-remote', 'wsl' and 'tunnel' for machines the user configures; code-server's own window names its
  // host and port.
  for (const remoteName of ['dev-container', 'attached-container', 'k8s-container', 'codespaces']) {
    it(`in a ${remoteName} window the user-level value counts as the container's, whatever the trust`, () => {
      const container = { 'maas.baseUrl': { globalValue: 'https://repo.example' }, 'maas.consoleUrl': { globalValue: 'https://repo.example/console' } };
      for (const trusted of [true, false]) {
        const { raw, addresses } = resolveAddressSettings(inspector(container), trusted, remoteName, {});
        assert.equal(raw.baseUrl, 'https://repo.example', 'the value is used');
        assert.deepEqual(
          addresses.map((a) => [a.name, a.value, a.from, a.userValue]),
          [
            ['maas.baseUrl', 'https://repo.example', 'container', ''],
            ['maas.altBaseUrl', '', 'default', ''],
            ['maas.consoleUrl', 'https://repo.example/console', 'container', ''],
          ],
        );
      }
      // A trusted folder's own value still wins over the container's, and is the workspace's.
      const folder = { 'maas.baseUrl': { globalValue: 'https://repo.example', workspaceValue: 'https://folder.example' } };
      assert.equal(resolveAddressSettings(inspector(folder), true, remoteName, {}).addresses[0]?.from, 'workspace');
    });
  }

  for (const remoteName of ['ssh-remote', 'wsl', 'tunnel', '127.0.0.1:8080']) {
    it(`in a ${remoteName} window the remote machine's value is the user's`, () => {
      const { addresses } = resolveAddressSettings(inspector({ 'maas.baseUrl': { globalValue: 'https://mine.example' } }), true, remoteName, {});
      assert.deepEqual([addresses[0]?.from, addresses[0]?.userValue], ['user', 'https://mine.example']);
    });
  }

  // DevPod, Coder and Gitpod open their containers over Remote-SSH (`ssh-remote+<workspace>.devpod`,
  // `ssh-remote+coder-vscode…`) or in the browser under their own host; DevPod writes devcontainer.json's settings as the
  // machine settings. What tells them apart from a machine the user configures is the environment they give the
  // container, which the extension host inherits.
  const marks: ReadonlyArray<readonly [string, NodeJS.ProcessEnv]> = [
    ['DevPod', { DEVPOD: 'true', REMOTE_CONTAINERS: 'true', DEVPOD_WORKSPACE_ID: 'repo' }],
    ['Coder', { CODER: 'true', CODER_WORKSPACE_NAME: 'repo' }],
    ['Gitpod', { GITPOD_WORKSPACE_ID: 'repo-abc123' }],
    ['a dev container behind SSH', { REMOTE_CONTAINERS: 'true' }],
  ];
  for (const [tool, env] of marks) {
    for (const remoteName of ['ssh-remote', 'workspace.example:443']) {
      it(`a ${tool} container (remote kind ${remoteName}) is a container: the user-level value counts as the container's`, () => {
        const { addresses } = resolveAddressSettings(inspector({ 'maas.baseUrl': { globalValue: 'https://repo.example' } }), true, remoteName, env);
        assert.deepEqual([addresses[0]?.from, addresses[0]?.userValue], ['container', '']);
      });
    }
  }

  it('the marks count only in a remote window, and only with their values', () => {
    const user = { 'maas.baseUrl': { globalValue: 'https://mine.example' } };
    assert.equal(resolveAddressSettings(inspector(user), true, undefined, { DEVPOD: 'true' }).addresses[0]?.from, 'user', 'a local window');
    for (const env of [{ DEVPOD: 'false' }, { CODER: '' }, { GITPOD_WORKSPACE_ID: '' }, { REMOTE_CONTAINERS: '1' }]) {
      assert.equal(resolveAddressSettings(inspector(user), true, 'ssh-remote', env).addresses[0]?.from, 'user', JSON.stringify(env));
    }
  });
});

describe('who chose a setting', () => {
  it("a folder's or the workspace file's value, in a trusted workspace only", () => {
    assert.equal(chosenByWorkspace({ globalValue: 'mine', workspaceValue: 'theirs' }, true), true);
    assert.equal(chosenByWorkspace({ workspaceFolderValue: '' }, true), true, 'an empty value set by the workspace is still its choice');
    assert.equal(chosenByWorkspace({ workspaceValue: 'theirs' }, false), false);
    assert.equal(chosenByWorkspace({ globalValue: 'mine' }, true), false);
    assert.equal(chosenByWorkspace(undefined, true), false);
  });
});
