// The settings only the user chooses: maas.knowledge.confirmToolUse is declared `application` (VS Code reads it from
// the user's settings alone), and the extension reads the user's level of such a setting itself, so a workspace's value
// counts nowhere, even on a host that handed it over as the value in effect.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { userScoped, valueToUse, type InspectedSetting } from '../../../../src/vscode/settings/settingLevels';
import { settingsDeclaration, type SettingDeclaration } from '../../../../src/vscode/settings/settingsDeclaration';

describe('the settings only the user chooses', () => {
  it("asking before the knowledge-base tool runs is the user's alone", () => {
    const declared: SettingDeclaration = settingsDeclaration.knowledgeToolConfirm;
    assert.equal(declared.scope, 'application');
    assert.ok(userScoped(declared.scope));
  });

  it("reads the user's value of such a setting, whatever the workspace or folder sets and the host reports", () => {
    const repositoryTurnsItOff: InspectedSetting = { globalValue: true, workspaceValue: false, workspaceFolderValue: false };
    assert.equal(
      valueToUse(
        'application',
        () => repositoryTurnsItOff,
        () => false,
      ),
      true,
    );
    assert.equal(
      valueToUse(
        'machine',
        () => ({ workspaceValue: false }),
        () => false,
      ),
      undefined,
      'no value of the user: the default',
    );
  });

  it('reads the value in effect of every other setting: a trusted workspace may set those', () => {
    for (const scope of [undefined, 'window', 'resource', 'machine-overridable', 'language-overridable']) {
      assert.equal(
        valueToUse(
          scope,
          () => ({ globalValue: 'mine' }),
          () => 'the workspace’s',
        ),
        'the workspace’s',
        String(scope),
      );
    }
  });
});
