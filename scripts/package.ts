// `npm run package`: a production build (minified, no source maps), then the .vsix through @vscode/vsce.
// Prints the path of the package, its size and its file list. Every packaging checks that the .vsix holds only
// what runs (the allow-list below, no source maps, no sources, no node_modules) and the images of its README, and
// fails otherwise, or when vsce warns.
// The README's images ship in the package. The project has no public repository address yet, and so no
// `repository` field (--allow-missing-repository): the README's relative links stay relative
// (--no-rewrite-relative-links) rather than pointing at an address nobody can reach. VS Code's details page shows
// README images from https addresses only (test/e2e/detailsPage.e2e.ts): once package.json names a public
// repository, vsce rewrites the links to it (GitHub and GitLab addresses are recognised) and the flags go.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { ensureDebianPackages, quietStep } from '../test/harness/tools';

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
  /^docs\/images\/[\w-]+\.png$/,
  /^(readme\.md|changelog\.md|LICENSE\.txt)$/,
];
const REQUIRED = [
  'package.json',
  'dist/extension.js',
  'dist/webview.js',
  ...['undici', 'markdown-it', 'wavefile', 'imageDecodeWorker'].map((name) => `dist/lazy/${name}.js`),
  'dist/lazy/webp.wasm',
  'dist/codicons/codicon.css',
  'dist/codicons/codicon.ttf',
  'l10n/bundle.l10n.zh-cn.json',
  'package.nls.zh-cn.json',
  'media/icon.png',
];

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * The images a README shows (Markdown images and `<img src>`), relative paths only, in order, each once. The README
 * is parsed by markdown-it, as the view parses answers, so `![` in a code span or a table cell is not an image.
 */
export function readmeImages(markdown: string): string[] {
  const sources: string[] = [];
  const visit = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'image') sources.push(token.attrGet('src') ?? '');
      if (token.type === 'html_inline' || token.type === 'html_block')
        sources.push(...[...token.content.matchAll(/<img[^>]+src=["']([^"']+)["']/g)].map((m) => m[1] ?? ''));
      if (token.children) visit(token.children);
    }
  };
  visit(new MarkdownIt({ html: true }).parse(markdown, {}));
  return [
    ...new Set(sources.filter((link) => link !== '' && !/^[a-z][\w+.-]*:/i.test(link) && !link.startsWith('#')).map((link) => link.replace(/^\.\//, ''))),
  ];
}

/**
 * The files under `extension/` in a .vsix that are not allowed, and the required ones that are missing: the runtime
 * files, and `images`, the README's (see readmeImages), which its details page shows from the package.
 */
export function packageProblems(entries: readonly string[], images: readonly string[] = []): string[] {
  const files = entries.filter((e) => e.startsWith('extension/') && !e.endsWith('/')).map((e) => e.slice('extension/'.length));
  const stray = files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)) || file.endsWith('.map'));
  const missing = [...REQUIRED, ...images].filter((file) => !files.includes(file));
  return [...stray.map((file) => `not allowed in the package: ${file}`), ...missing.map((file) => `missing from the package: ${file}`)];
}

/**
 * Builds and packages the extension; returns the .vsix's path. With `log`, the build's and vsce's output go to that
 * file and the console gets one progress line (the demo); without, both print as they run (npm run package).
 */
export function packageExtension(options: { readonly log?: string } = {}): string {
  const root = path.resolve(__dirname, '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; name: string; repository?: unknown };
  const { version, name } = manifest;
  const out = path.join(root, `${name}-${version}.vsix`);
  const build = [path.join(root, 'esbuild.mjs'), '--production'];
  // --no-dependencies: the bundles already contain what they import, node_modules stays out of the package.
  const vsce = [
    require.resolve('@vscode/vsce/vsce'),
    'package',
    '--no-dependencies',
    '--out',
    out,
    ...(manifest.repository === undefined ? ['--no-rewrite-relative-links', '--allow-missing-repository'] : []),
  ];
  if (options.log === undefined) execFileSync(process.execPath, build, { cwd: root, stdio: 'inherit' });
  else quietStep('building the extension', process.execPath, build, { cwd: root, log: options.log });
  runVsce(vsce, root, options.log);
  // unzip lists the package's entries (a Debian package a fresh machine may lack).
  ensureDebianPackages(['unzip'], 'listing the packaged .vsix');
  const entries = execFileSync('unzip', ['-Z1', out], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '');
  const problems = packageProblems(entries, readmeImages(readFileSync(path.join(root, 'README.md'), 'utf8')));
  if (problems.length > 0) throw new Error(`The .vsix holds what it should not:\n${problems.join('\n')}`);
  return out;
}

/** Runs vsce (printing its output, or appending it to `log`); fails when it fails or prints a warning. */
function runVsce(args: readonly string[], cwd: string, log: string | undefined): void {
  const started = Date.now();
  if (log !== undefined) process.stderr.write('[setup] packaging the extension (.vsix) … ');
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const output = `${result.stdout}${result.stderr}`;
  if (log === undefined) process.stdout.write(output);
  else {
    appendFileSync(log, `\n=== ${new Date().toISOString()} packaging the extension: vsce ${args.slice(1).join(' ')}\n${output}`);
    process.stderr.write(result.status === 0 ? `done in ${Math.round((Date.now() - started) / 1000)} s\n` : 'failed\n');
  }
  if (result.status !== 0) throw new Error(`vsce package failed (exit ${String(result.status ?? result.signal)}):\n${output}`);
  const warnings = output.split('\n').filter((line) => /\bWARNING\b/.test(line));
  if (warnings.length > 0) throw new Error(`vsce package warned; a package to publish has no warnings:\n${warnings.join('\n')}`);
}

if (require.main === module) {
  const file = packageExtension();
  const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
  process.stdout.write(`\n${path.basename(file)}: ${(statSync(file).size / 1024).toFixed(1)} KiB\n${listing}`);
}
