// Which of an extension's key bindings take a key from VS Code's defaults: the same key sequence, or one a prefix of
// the other (a chord's first key bound alone, or the other way round), on the same platform, with `when` clauses that
// can hold at the same time (whenClauses.ts). A manifest entry's key on a platform is its `mac`, `linux` or `win`
// key when it has one, else its `key`, as VS Code resolves it.
import type { DefaultKeybinding, KeyPlatform } from '../../harness/defaultKeybindings';
import { canHoldTogether, type FocusAreas } from './whenClauses';

/**
 * Widgets that hold the keyboard focus one at a time, by the context keys VS Code sets while each has it: a code
 * editor (`editorFocus`, `editorTextFocus`), the terminal (xterm.js, not a code editor), and the Keyboard Shortcuts
 * editor's search box (an input box). A key bound for the editor's text does not take one bound for the terminal.
 */
export const FOCUS_AREAS: FocusAreas = [['editorFocus', 'editorTextFocus'], ['terminalFocus'], ['inKeybindingsSearch']];

/** One entry of package.json's contributes.keybindings. */
export interface ManifestKeybinding {
  readonly command: string;
  readonly key?: string;
  readonly mac?: string;
  readonly linux?: string;
  readonly win?: string;
  readonly when?: string;
}

export interface Clash {
  readonly platform: KeyPlatform;
  readonly ours: { readonly command: string; readonly key: string; readonly when?: string };
  readonly theirs: DefaultKeybinding;
}

const MODIFIER_ORDER = ['ctrl', 'shift', 'alt', 'meta'] as const;
/** Names of the same modifier across platforms and spellings: the Command, Windows and Super keys are one key. */
const MODIFIER_NAMES: Readonly<Record<string, (typeof MODIFIER_ORDER)[number]>> = {
  ctrl: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
  cmd: 'meta',
  meta: 'meta',
  win: 'meta',
};

/** A key sequence in one spelling: `Cmd+Alt+R` and `alt+cmd+r` are both `alt+meta+r`; chords are space-separated. */
export function keySequence(text: string): string[] {
  return text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((chord) => {
      const parts = chord.split('+');
      const key = parts.pop() ?? '';
      const modifiers = new Set(
        parts.map((part) => {
          const name = MODIFIER_NAMES[part];
          if (name === undefined) throw new Error(`Unknown modifier "${part}" in the key "${text}"`);
          return name;
        }),
      );
      return [...MODIFIER_ORDER.filter((name) => modifiers.has(name)), key].join('+');
    });
}

/** The key a manifest entry binds on `platform`, or undefined when it binds none there. */
export function keyOn(binding: ManifestKeybinding, platform: KeyPlatform): string | undefined {
  return binding[platform] ?? binding.key;
}

function prefixRelated(a: readonly string[], b: readonly string[]): boolean {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.every((chord, index) => chord === longer[index]);
}

/** Every pair (ours, default) on `platform` where ours takes the default's key in a context both can be in. */
export function clashesOn(platform: KeyPlatform, ours: readonly ManifestKeybinding[], defaults: readonly DefaultKeybinding[]): Clash[] {
  const clashes: Clash[] = [];
  for (const binding of ours) {
    const key = keyOn(binding, platform);
    if (key === undefined) continue;
    const sequence = keySequence(key);
    for (const theirs of defaults) {
      if (prefixRelated(sequence, keySequence(theirs.key)) && canHoldTogether(binding.when, theirs.when, FOCUS_AREAS)) {
        clashes.push({ platform, ours: { command: binding.command, key, ...(binding.when === undefined ? {} : { when: binding.when }) }, theirs });
      }
    }
  }
  return clashes;
}

/** A clash in one line, for a test's failure message. */
export function describeClash(clash: Clash): string {
  const when = (text: string | undefined): string => (text === undefined ? 'always' : `when ${text}`);
  return `${clash.platform}: ${clash.ours.command} on ${clash.ours.key} (${when(clash.ours.when)}) takes ${clash.theirs.key} from ${clash.theirs.command} (${when(clash.theirs.when)})`;
}
