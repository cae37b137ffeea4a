// The .vsix holds only what runs: every `npm run package` (and the e2e layer's packaging) checks its entries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageProblems } from '../../../scripts/package';

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
  'extension/dist/lazy/imageCodecs.js',
  'extension/dist/lazy/webp.wasm',
  'extension/dist/codicons/codicon.css',
  'extension/dist/codicons/codicon.ttf',
  'extension/media/chat.css',
  'extension/media/walkthrough/setKey.nls.zh-cn.md',
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
});
