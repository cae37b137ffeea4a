// Stable VS Code API only: code-server opens every proposed API to every extension, so a green test there proves
// nothing about desktop VS Code, which refuses proposals to an extension from the Marketplace. The manifest asks for
// no proposal and contributes only stable contribution points and stable fields of them, and the code compiles
// against the stable @types/vscode alone (manifest.test.ts pins its version to engines.vscode).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { KNOWLEDGE_TOOL_NAME } from '../../../src/vscode/contributionIds';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown> & {
  contributes: Record<string, unknown> & { languageModelTools: Record<string, unknown>[] };
  devDependencies: Record<string, string>;
};

/** Contribution points that are final in VS Code (each of them is in the stable API at or below engines.vscode). */
const STABLE_CONTRIBUTION_POINTS = [
  'chatParticipants',
  'languageModelChatProviders',
  'languageModelTools',
  'viewsContainers',
  'views',
  'commands',
  'configuration',
  'menus',
  'keybindings',
  'walkthroughs',
];

/** The fields of a language-model tool that are final (since VS Code 1.95). */
const STABLE_TOOL_FIELDS = [
  'name',
  'displayName',
  'modelDescription',
  'userDescription',
  'toolReferenceName',
  'canBeReferencedInPrompt',
  'icon',
  'inputSchema',
  'tags',
  'when',
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('stable VS Code API only', () => {
  it('asks for no proposed API', () => {
    assert.equal(manifest['enabledApiProposals'], undefined);
    assert.equal(manifest.devDependencies['@vscode/dts'], undefined, 'no tool that downloads proposed API typings');
  });

  it('contributes only stable contribution points (no tool sets, chat sessions or other proposed ones)', () => {
    const unknown = Object.keys(manifest.contributes).filter((point) => !STABLE_CONTRIBUTION_POINTS.includes(point));
    assert.deepEqual(unknown, [], 'a contribution point that is proposed (languageModelToolSets, chatSessions, …) or not yet listed as stable here');
  });

  it('declares the knowledge-base tool with stable fields only, no `when` clause hiding it, referable as #kb', () => {
    const [tool, ...others] = manifest.contributes.languageModelTools;
    assert.equal(others.length, 0);
    assert.ok(tool);
    assert.deepEqual(
      Object.keys(tool).filter((field) => !STABLE_TOOL_FIELDS.includes(field)),
      [],
    );
    assert.equal(tool['when'], undefined);
    assert.equal(tool['name'], KNOWLEDGE_TOOL_NAME);
    assert.match(KNOWLEDGE_TOOL_NAME, /^[\w-]{1,64}$/);
    assert.doesNotMatch(KNOWLEDGE_TOOL_NAME, /^(copilot_|vscode_)/);
    assert.equal(tool['toolReferenceName'], 'kb');
    assert.equal(tool['canBeReferencedInPrompt'], true);
  });

  it('compiles against no proposed typings (no vscode.proposed.*.d.ts in the sources)', () => {
    const proposed = ['src', 'test', 'scripts', 'bench']
      .flatMap((folder) => filesUnder(path.join(root, folder)))
      .filter((file) => /vscode\.proposed\..*\.d\.ts$/.test(file));
    assert.deepEqual(proposed, []);
  });
});
