// Which value of an address setting is used and who chose it: the workspace's only in a trusted workspace.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveAddressSettings, type InspectedSetting } from '../../../../src/vscode/settings/addressSettings';

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
    const { raw, addresses } = resolveAddressSettings(inspector(levels), true);
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
    const { raw, addresses } = resolveAddressSettings(inspector(levels), false);
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
    const { addresses } = resolveAddressSettings(inspector({ 'maas.baseUrl': { globalValue: 'not a url', workspaceFolderValue: 'http://127.0.0.1:9' } }), true);
    assert.equal(addresses[0]?.from, 'workspace');
    assert.equal(addresses[0]?.userValue, '');
  });
});
