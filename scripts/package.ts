// `npm run package`: a production build (minified, no source maps), then the .vsix through @vscode/vsce.
// Prints the path of the package, its size and its file list. Every packaging checks that the .vsix holds only
// what runs (the allow-list below, no source maps, no sources, no node_modules) and fails otherwise.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { quietStep } from '../test/harness/tools';

/**
 * What the package may hold, under `extension/`: bundles (the lazily loaded libraries in dist/lazy/) and their
 * licence notes, the WebP decoder, media, manifest.
 */
const ALLOWED = [
  /^package\.json$/,
  /^package\.nls(\.[a-z-]+)?\.json$/,
  /^l10n\/bundle\.l10n\.[a-z-]+\.json$/,
  /^dist\/(extension|webview)\.js$/,
  /^dist\/(extension|webview)\.js\.LEGAL\.txt$/,
  /^dist\/lazy\/[\w-]+\.js(\.LEGAL\.txt)?$/,
  /^dist\/lazy\/webp\.wasm$/,
  /^dist\/codicons\/codicon\.(css|ttf)$/,
  /^media\/[\w./-]+\.(css|svg|png|md)$/,
  /^(readme\.md|changelog\.md|LICENSE\.txt)$/,
];
const REQUIRED = [
  'package.json',
  'dist/extension.js',
  'dist/webview.js',
  ...['undici', 'markdown-it', 'wavefile', 'imageCodecs'].map((name) => `dist/lazy/${name}.js`),
  'dist/lazy/webp.wasm',
  'dist/codicons/codicon.css',
  'dist/codicons/codicon.ttf',
  'l10n/bundle.l10n.zh-cn.json',
  'package.nls.zh-cn.json',
];

/** The files under `extension/` in a .vsix that are not allowed, and the required ones that are missing. */
export function packageProblems(entries: readonly string[]): string[] {
  const files = entries.filter((e) => e.startsWith('extension/') && !e.endsWith('/')).map((e) => e.slice('extension/'.length));
  const stray = files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)) || file.endsWith('.map'));
  const missing = REQUIRED.filter((file) => !files.includes(file));
  return [...stray.map((file) => `not allowed in the package: ${file}`), ...missing.map((file) => `missing from the package: ${file}`)];
}

/**
 * Builds and packages the extension; returns the .vsix's path. With `log`, the build's and vsce's output go to that
 * file and the console gets one progress line (the demo); without, both print as they run (npm run package).
 */
export function packageExtension(options: { readonly log?: string } = {}): string {
  const root = path.resolve(__dirname, '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
    name: string;
    repository: { url: string };
  };
  const { version, name } = manifest;
  // Relative links and images in the README resolve against the repository, as on the marketplace page.
  const repository = manifest.repository.url.replace(/\.git$/, '');
  const out = path.join(root, `${name}-${version}.vsix`);
  const build = [path.join(root, 'esbuild.mjs'), '--production'];
  // --no-dependencies: the bundles already contain what they import, node_modules stays out of the package.
  const vsce = [
    require.resolve('@vscode/vsce/vsce'),
    'package',
    '--no-dependencies',
    '--out',
    out,
    '--baseContentUrl',
    `${repository}/blob/main/`,
    '--baseImagesUrl',
    `${repository}/raw/main/`,
  ];
  if (options.log === undefined) {
    execFileSync(process.execPath, build, { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, vsce, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    quietStep('building the extension', process.execPath, build, { cwd: root, log: options.log });
    quietStep('packaging the extension (.vsix)', process.execPath, vsce, { cwd: root, log: options.log });
  }
  const entries = execFileSync('unzip', ['-Z1', out], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '');
  const problems = packageProblems(entries);
  if (problems.length > 0) throw new Error(`The .vsix holds what it should not:\n${problems.join('\n')}`);
  return out;
}

if (require.main === module) {
  const file = packageExtension();
  const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
  process.stdout.write(`\n${path.basename(file)}: ${(statSync(file).size / 1024).toFixed(1)} KiB\n${listing}`);
}
