// The .vsix holds only what runs: every `npm run package` (and the e2e layer's packaging) checks its entries.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { packageProblems, readmeImages } from '../../../scripts/package';

const good = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/',
  'extension/package.json',
  'extension/package.nls.json',
  'extension/package.nls.zh-cn.json',
  'extension/l10n/bundle.l10n.zh-cn.json',
  'extension/dist/extension.js',
  'extension/dist/extension.js.LEGAL.txt',
  'extension/dist/webview.js',
  'extension/dist/lazy/undici.js',
  'extension/dist/lazy/undici.js.LEGAL.txt',
  'extension/dist/lazy/markdown-it.js',
  'extension/dist/lazy/wavefile.js',
  'extension/dist/lazy/imageDecodeWorker.js',
  'extension/dist/lazy/webp.wasm',
  'extension/dist/codicons/codicon.css',
  'extension/dist/codicons/codicon.ttf',
  'extension/media/chat.css',
  'extension/media/icon.png',
  'extension/docs/images/chat-light-en.png',
  'extension/media/walkthrough/connect.svg',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
];

describe('package contents', () => {
  it('accepts the runtime files', () => {
    assert.deepEqual(packageProblems(good), []);
  });

  it('refuses source maps, sources, tests, node_modules and the local service, and names each', () => {
    const stray = [
      'extension/dist/extension.js.map',
      'extension/src/extension.ts',
      'extension/test/unit/x.test.ts',
      'extension/node_modules/zod/index.js',
      'extension/service/src/main.ts',
      'extension/.env',
      'extension/docs/architecture.md',
      'extension/docs/images/notes.txt',
    ];
    assert.deepEqual(
      packageProblems([...good, ...stray]),
      stray.map((entry) => `not allowed in the package: ${entry.slice('extension/'.length)}`),
    );
  });

  it('notices a missing bundle, lazily loaded library or translation', () => {
    const problems = packageProblems(
      good.filter((entry) => !entry.endsWith('webp.wasm') && !entry.endsWith('undici.js') && !entry.endsWith('bundle.l10n.zh-cn.json')),
    );
    assert.deepEqual(problems, [
      'missing from the package: dist/lazy/undici.js',
      'missing from the package: dist/lazy/webp.wasm',
      'missing from the package: l10n/bundle.l10n.zh-cn.json',
    ]);
  });

  it('requires the icon, and each image the README shows', () => {
    assert.deepEqual(
      packageProblems(
        good.filter((entry) => !entry.endsWith('icon.png')),
        ['docs/images/chat-light-en.png', 'docs/images/flow-read-aloud.png'],
      ),
      ['missing from the package: media/icon.png', 'missing from the package: docs/images/flow-read-aloud.png'],
    );
  });

  it("reads the README's relative images: Markdown and <img>, each once, not addresses or anchors", () => {
    const markdown = [
      '| ![The chat, light](docs/images/chat-light-en.png) | ![The chat, dark](./docs/images/chat-dark-en.png "dark") |',
      '![again](docs/images/chat-light-en.png) ![remote](https://host.test/x.png) [a link](docs/client.md)',
      '<img src="media/icon.png" alt="icon"> <img alt="data" src="data:image/png;base64,AAAA">',
      '| `unclosed-image-brackets` (`![` × 20,000) | 17.3× |',
      'What the view does: [docs/webview.md](docs/webview.md#hostile-answers).',
    ].join('\n');
    assert.deepEqual(readmeImages(markdown), ['docs/images/chat-light-en.png', 'docs/images/chat-dark-en.png', 'media/icon.png']);
  });

  it(".vscodeignore lets in nothing the package check refuses (vsce's own list of the files it would pack)", () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const listed = execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '');
    // In the .vsix, vsce names these three files so.
    const inVsix: Record<string, string> = { 'README.md': 'readme.md', 'CHANGELOG.md': 'changelog.md', LICENSE: 'LICENSE.txt' };
    const entries = listed.map((file) => `extension/${inVsix[file] ?? file}`);
    assert.ok(entries.includes('extension/package.json'), listed.join('\n'));
    assert.deepEqual(
      packageProblems(entries).filter((problem) => !problem.startsWith('missing')),
      [],
    );
  });
});
