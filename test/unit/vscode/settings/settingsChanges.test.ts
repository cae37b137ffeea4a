// Which settings a re-read changed, and which invalid values are reported: once when a setting becomes invalid, again
// only when it takes another invalid value or breaks again after being fixed, never because another setting changed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedKeys, ProblemMemory } from '../../../../src/vscode/settings/settingsChanges';
import { parseSettings, settingNames } from '../../../../src/vscode/settings/settingsSchema';

const names = Object.values(settingNames);

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
    const read = (raw: Record<string, unknown>): string[] => memory.fresh(names, parseSettings(raw).problems).map((p) => `${p.setting}=${p.value}`);
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

  it('forgets only the settings it read: a problem of another group is kept', () => {
    const memory = new ProblemMemory();
    const problem = { setting: 'maas.speech.volume', kind: 'range' as const, value: '900' };
    assert.equal(memory.fresh(['maas.speech.volume'], [problem]).length, 1);
    // A read of the chat settings (which do not include the speech volume) does not forget it.
    assert.equal(memory.fresh(names, []).length, 0);
    assert.equal(memory.fresh(['maas.speech.volume'], [problem]).length, 0);
  });
});
