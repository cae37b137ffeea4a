// The manifest's key bindings against VS Code's own: none takes a default key (the workbench's or a built-in
// extension's) in a context both can be in, on macOS, Linux or Windows, as the code-server the tests run resolves them
// (test/harness/defaultKeybindings.ts reads them once per code-server version); and the keys users expect are there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { CommandId } from '../../../src/vscode/commandIds';
import { defaultKeybindings, KEY_PLATFORMS, type DefaultKeybindings } from '../../harness/defaultKeybindings';
import { clashesOn, describeClash, keyOn, keySequence, type ManifestKeybinding } from './keybindingClashes';
import { canHoldTogether } from './whenClauses';
import { FOCUS_AREAS } from './keybindingClashes';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { keybindings: ManifestKeybinding[] } };
const ours = manifest.contributes.keybindings;

describe('key bindings', () => {
  let defaults: DefaultKeybindings;

  before(async () => {
    defaults = await defaultKeybindings();
  });

  it("take no key from VS Code's defaults in a context both can be in, on any platform", () => {
    const clashes = KEY_PLATFORMS.flatMap((platform) => clashesOn(platform, ours, defaults[platform]));
    assert.deepEqual(clashes.map(describeClash), []);
  });

  it("see a clash where there is one: Cmd+Alt+R in the editor is the find widget's regex toggle on macOS", () => {
    const readAloudOnCmdAltR: ManifestKeybinding = { command: CommandId.readAloud, key: 'ctrl+alt+r', mac: 'cmd+alt+r', when: 'editorTextFocus' };
    const clashes = KEY_PLATFORMS.flatMap((platform) => clashesOn(platform, [readAloudOnCmdAltR], defaults[platform]));
    assert.ok(
      clashes.some((clash) => clash.platform === 'mac' && clash.theirs.command === 'toggleFindRegex'),
      clashes.map(describeClash).join('\n'),
    );
    // Ctrl+Alt+R runs a recent command in the terminal: the terminal and the editor's text never both have the focus.
    assert.deepEqual(
      clashes.filter((clash) => clash.platform !== 'mac'),
      [],
    );
  });

  it('give the chat view and adding the selection to the chat a key that is no AltGr character, and the Read Aloud key leaves the find widget alone', () => {
    const commands = ours.map((binding) => binding.command);
    assert.ok(commands.includes(CommandId.openChat), 'MaaS: Open Chat has a key');
    assert.ok(commands.includes(CommandId.addSelectionToChat), 'MaaS: Add Selection to Chat has a key');
    // Windows types AltGr characters with Ctrl+Alt (Ctrl+Alt+M is µ on a German layout, Ctrl+Alt+A ą on a Polish one):
    // a Ctrl+Alt key would take the character from those users' typing.
    for (const command of [CommandId.openChat, CommandId.addSelectionToChat]) {
      const binding = ours.find((entry) => entry.command === command);
      for (const platform of ['win', 'linux'] as const) {
        const [first = ''] = keySequence((binding && keyOn(binding, platform)) ?? '');
        assert.ok(!/^ctrl\+(shift\+)?alt\+/.test(first), `${command} on ${platform}: ${first} is an AltGr key on European layouts`);
      }
    }
    const readAloud = ours.find((binding) => binding.command === CommandId.readAloud);
    assert.notDeepEqual(keySequence(readAloud?.mac ?? readAloud?.key ?? ''), keySequence('cmd+alt+r'));
  });
});

describe('when clauses', () => {
  it('hold together unless logic or the focus excludes it', () => {
    assert.equal(canHoldTogether(undefined, 'editorFocus'), true, 'no clause is always');
    assert.equal(canHoldTogether('editorTextFocus', 'editorFocus', FOCUS_AREAS), true);
    assert.equal(canHoldTogether('editorTextFocus', '!editorTextFocus'), false);
    assert.equal(canHoldTogether('view == a', 'view == b'), false);
    assert.equal(canHoldTogether('view == a', 'view != b'), true);
    assert.equal(canHoldTogether('resourceLangId == markdown', '!resourceLangId'), false);
    assert.equal(canHoldTogether('editorTextFocus', 'terminalFocus && terminalHasBeenCreated || panelFocus', FOCUS_AREAS), true);
    assert.equal(canHoldTogether('editorTextFocus', 'terminalFocus && terminalHasBeenCreated || terminalFocus', FOCUS_AREAS), false);
    assert.equal(canHoldTogether('editorTextFocus', 'terminalFocus'), true, 'without the focus areas, only logic');
    assert.equal(canHoldTogether('editorTextFocus && !(a || b)', 'a'), false);
    assert.equal(canHoldTogether('resourceFilename =~ /^a\\/b$/ && x', '!x'), false);
    assert.equal(canHoldTogether('resourceExtname in ext.list', 'resourceExtname not in ext.list'), false);
  });

  it('say which clause they cannot read', () => {
    assert.throws(() => canHoldTogether('(a && b', 'c'), /Unbalanced parentheses|ends too early/);
    assert.throws(() => canHoldTogether('a not b', 'c'), /"not" without "in"/);
  });
});

describe('key sequences', () => {
  it('are one spelling whatever the order and names of the modifiers', () => {
    assert.deepEqual(keySequence('Cmd+Alt+R'), ['alt+meta+r']);
    assert.deepEqual(keySequence('alt+cmd+r'), keySequence('option+meta+r'));
    assert.deepEqual(keySequence('ctrl+k ctrl+c'), ['ctrl+k', 'ctrl+c']);
    assert.throws(() => keySequence('hyper+r'), /Unknown modifier "hyper"/);
  });
});
