// A deny-list setting read from every level: a repository's settings add entries and never take the user's away.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entriesOfEveryLevel } from '../../../../src/vscode/settings/settingLevels';

describe('entries of every level of a list setting', () => {
  it("keeps the user's entries when the workspace or the folder sets an empty list", () => {
    assert.deepEqual(entriesOfEveryLevel({ globalValue: ['secrets/**'], workspaceValue: [], workspaceFolderValue: [] }), ['secrets/**']);
  });

  it('adds the workspace and folder entries to the user, without repeating one', () => {
    assert.deepEqual(entriesOfEveryLevel({ globalValue: ['a/**'], workspaceValue: ['b/**', 'a/**'], workspaceFolderValue: ['c/**'] }), [
      'a/**',
      'b/**',
      'c/**',
    ]);
  });

  it('takes nothing from a level that is not a list of strings', () => {
    assert.deepEqual(entriesOfEveryLevel({ globalValue: 'a/**', workspaceValue: [1, 'b/**', null] }), ['b/**']);
    assert.deepEqual(entriesOfEveryLevel(undefined), []);
  });
});
