import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CommandId } from '../../../src/vscode/commandIds';

interface Manifest {
  engines: { vscode: string };
  main: string;
  activationEvents?: string[];
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, { type: string; default?: unknown; markdownDescription?: string; description?: string }> };
    views: Record<string, { id: string; type?: string }[]>;
  };
}

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

describe('package.json', () => {
  it('declares exactly the commands of the CommandId table, each in the MaaS category', () => {
    assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), Object.values(CommandId).sort());
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'MaaS', command.command);
  });

  it('activates after start-up whatever is on screen (a long-text task of an earlier window resumes), and on demand', () => {
    // Since VS Code 1.74 a contributed view and contributed commands are implicit activation events
    // (onView:maas.chatView, onCommand:maas.*). onStartupFinished adds one: a long-text synthesis task left pending by
    // a reload or a restart must be followed to its file even when nothing of the extension is shown (issue 19).
    // It comes after the workbench has started, and activation costs ~30 ms (the README's Activation section).
    assert.deepEqual(manifest.activationEvents, ['onStartupFinished']);
    assert.ok(Number(/\^1\.(\d+)/.exec(manifest.engines.vscode)?.[1]) >= 74, 'implicit activation events need VS Code 1.74');
  });

  it('contributes the chat webview view', () => {
    const views = Object.values(manifest.contributes.views).flat();
    assert.ok(views.some((v) => v.id === 'maas.chatView' && v.type === 'webview'));
  });

  it('describes every maas.* setting with a type and a localised description', () => {
    const properties = manifest.contributes.configuration.properties;
    for (const name of ['maas.baseUrl', 'maas.altBaseUrl', 'maas.models.chat', 'maas.models.vision']) {
      assert.ok(properties[name], `missing ${name}`);
    }
    for (const [name, property] of Object.entries(properties)) {
      assert.ok(name.startsWith('maas.'), name);
      assert.ok(property.type, `${name} has no type`);
      assert.match(property.markdownDescription ?? property.description ?? '', /^%.+%$/, `${name} description is not localised`);
    }
    assert.equal(properties['maas.models.chat']?.default, 'svc_llm');
    assert.equal(properties['maas.models.vision']?.default, 'svc_vl');
  });

  it('targets the lowest VS Code with the language-model provider API (which also runs the Node undici needs)', () => {
    assert.equal(manifest.engines.vscode, '^1.104.0');
    const typesVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/@types/vscode/package.json'), 'utf8')) as { version: string }).version;
    assert.ok(typesVersion.startsWith('1.104.'), `@types/vscode ${typesVersion} must match engines.vscode, or newer API could slip in`);
  });
});
