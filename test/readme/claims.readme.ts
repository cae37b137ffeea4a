// What the README says that can be checked without running it: the two commands at its top, its length, every link
// of it and of the documents it leads to, its images, and its commands table, key bindings, settings, Settings-editor
// filter and VS Code version against the manifest. (Its shell commands are run by commands.readme.ts; the settings
// table of docs/settings.md is checked against the manifest by test/unit/project/settingsPage.test.ts.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { headingAnchors, isExternal, markdownLinks } from './markdownLinks';
import { readme, readmeCommands, repositoryRoot } from './readmeCommands';

interface Manifest {
  readonly name: string;
  readonly publisher: string;
  readonly engines: { readonly vscode: string };
  readonly contributes: {
    readonly commands: readonly { readonly command: string; readonly title: string }[];
    readonly keybindings: readonly { readonly command: string; readonly key: string; readonly mac?: string }[];
    readonly configuration: readonly { readonly properties: Readonly<Record<string, unknown>> }[];
  };
}

const read = (file: string): string => readFileSync(path.join(repositoryRoot, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as Manifest;
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
const english = (reference: string): string => nls[reference.replace(/^%|%$/g, '')] ?? reference;

/** The README's section under the `## title` heading, up to the next `## ` heading. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  assert.notEqual(start, -1, `the README has a section "## ${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** The Markdown files the README leads to, itself included: README, CONTRIBUTING, docs/, service/README. */
function documents(): string[] {
  const docs = readdirSync(path.join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', 'service/README.md', ...docs];
}

describe("the README's claims", () => {
  it('opens with the two commands, before any section, each with its sentence after the block', () => {
    const text = readme();
    const firstSection = text.indexOf('\n## ');
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(text);
    assert.ok(firstBlock && firstBlock.index < firstSection, 'a shell block before the first section');
    assert.deepEqual(readmeCommands(firstBlock[0]), ['npm install && npm run demo', 'npm install && npm test']);
    const after = text.slice(firstBlock.index + firstBlock[0].length, firstSection);
    assert.match(after, /`npm run demo` [^]*?\.\s/, 'a sentence on the demo');
    assert.match(after, /`npm test` [^]*?\.\s/, 'a sentence on the tests');
  });

  it('is a user’s README: at most 260 lines', () => {
    const lines = readme().split('\n').length;
    assert.ok(lines <= 260, `README.md has ${lines} lines`);
  });

  it('links only to files and headings that exist, in the README and every document it leads to', () => {
    const broken: string[] = [];
    for (const file of documents()) {
      for (const link of markdownLinks(read(file))) {
        if (isExternal(link.target)) continue;
        const [target = '', anchor] = link.target.split('#');
        const resolved = target === '' ? file : path.normalize(path.join(path.dirname(file), decodeURI(target)));
        if (!existsSync(path.join(repositoryRoot, resolved))) broken.push(`${file}:${link.line}: ${link.target} (no such file)`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(read(resolved)).has(anchor))
          broken.push(`${file}:${link.line}: ${link.target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('shows images that exist as PNG files under docs/images/, each with a description', () => {
    const images = markdownLinks(readme()).filter((link) => link.kind === 'image');
    assert.ok(images.length >= 4, 'screenshots');
    for (const { target } of images) {
      assert.match(target, /^docs\/images\/[\w-]+\.png$/, `${target}: in docs/images/, which the package carries`);
      const bytes = readFileSync(path.join(repositoryRoot, target));
      assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${target} is a PNG`);
    }
    assert.doesNotMatch(readme(), /!\[\]\(/, 'every image has a description');
  });

  it('lists every command in its commands table, by its Command Palette title, and no other', () => {
    const rows = section(readme(), 'Commands')
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Command '))
      .map((line) => line.split('|')[1]?.trim() ?? '');
    const listed = rows.flatMap((cell) => cell.split(' / ').map((title) => title.trim()));
    const titles = manifest.contributes.commands.map((command) => english(command.title));
    assert.deepEqual([...listed].sort(), [...titles].sort());
  });

  it('gives each key binding as the manifest declares it, its macOS key too, in the row of its command', () => {
    const rows = section(readme(), 'Commands').split('\n');
    const titlesOf = (row: string): string[] => (row.split('|')[1] ?? '').split(' / ').map((title) => title.trim());
    for (const binding of manifest.contributes.keybindings) {
      const title = english(manifest.contributes.commands.find((command) => command.command === binding.command)?.title ?? binding.command);
      const row = rows.find((line) => line.startsWith('| ') && titlesOf(line).includes(title)) ?? '';
      for (const declared of [binding.key, binding.mac ?? binding.key]) {
        const key = declared.replace(/\b\w/g, (letter) => letter.toUpperCase());
        assert.ok(row.includes(`\`${key}\``), `${title}: \`${key}\` in ${JSON.stringify(row)}`);
      }
    }
  });

  it('names only settings the manifest declares, and the Settings editor filter that lists them', () => {
    const declared = manifest.contributes.configuration.flatMap((section) => Object.keys(section.properties));
    const named = [...new Set([...readme().matchAll(/`(maas\.[\w.]+?)(?:\.\*)?`/g)].map((match) => match[1] ?? ''))];
    const unknown = named.filter((name) => !declared.includes(name) && !declared.some((setting) => setting.startsWith(`${name}.`)));
    assert.deepEqual(unknown, [], 'settings the README names that the manifest does not declare');
    assert.ok(readme().includes(`\`@ext:${manifest.publisher}.${manifest.name}\``), 'the filter names this extension');
  });

  it('states the VS Code version the manifest requires', () => {
    const version = /^\^(\d+\.\d+)\.\d+$/.exec(manifest.engines.vscode)?.[1];
    assert.ok(version, manifest.engines.vscode);
    assert.match(section(readme(), 'Install'), new RegExp(`VS Code ${version.replace('.', '\\.')} or later`));
  });
});
