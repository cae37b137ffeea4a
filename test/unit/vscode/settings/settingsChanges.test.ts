// Which settings a re-read changed, and which invalid values are reported: once when a setting becomes invalid, again
// only when it takes another invalid value or breaks again after being fixed, never because another setting changed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedKeys, ProblemMemory } from '../../../../src/vscode/settings/settingsChanges';
import { parseSettings } from '../../../../src/vscode/settings/settingsDeclaration';

describe('settings changes', () => {
  it('names exactly the keys whose value changed, lists and objects compared by value', () => {
    const before = parseSettings({ fontSize: 13, extraModels: ['a_model'] }).settings;
    const same = parseSettings({ fontSize: 13, extraModels: ['a_model'] }).settings;
    assert.deepEqual(changedKeys(before, same), []);
    const after = parseSettings({ fontSize: 14, extraModels: [{ code: 'a_model', vision: true }] }).settings;
    assert.deepEqual(changedKeys(before, after).sort(), ['extraModels', 'fontSize']);
  });

  it('reports an invalid value once, however many other settings change after it', () => {
    const memory = new ProblemMemory();
    const read = (raw: Record<string, unknown>): string[] => memory.fresh(parseSettings(raw).problems).map((p) => `${p.setting}=${p.value}`);
    assert.deepEqual(read({ fontSize: 99 }), ['maas.chat.fontSize=99']);
    assert.deepEqual(read({ fontSize: 99, persona: 'Be brief.' }), []);
    assert.deepEqual(read({ fontSize: 99, persona: 'Be terse.', historyMaxTurns: 5 }), []);
    // Another invalid value is news; a second broken setting is reported alone.
    assert.deepEqual(read({ fontSize: 100 }), ['maas.chat.fontSize=100']);
    assert.deepEqual(read({ fontSize: 100, historyMaxTurns: 0 }), ['maas.chat.history.maxTurns=0']);
    // Fixed, then broken again with the same value: reported again.
    assert.deepEqual(read({ historyMaxTurns: 0 }), []);
    assert.deepEqual(read({ fontSize: 100, historyMaxTurns: 0 }), ['maas.chat.fontSize=100']);
  });
});
