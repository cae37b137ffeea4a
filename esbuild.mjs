// Two bundles (style.md): the extension for Node/CommonJS with `vscode` external, and the webview for the
// browser. `--production` minifies and emits no source maps; `--watch` rebuilds on change.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  legalComments: production ? 'external' : 'inline',
  logLevel: 'info',
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20.18', external: ['vscode'] },
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'chrome120', tsconfig: 'tsconfig.webview.json' },
];

rmSync('dist', { recursive: true, force: true });
// @cwasm/webp reads its WebAssembly from the directory of the code that loads it: in the bundle, dist/.
mkdirSync('dist', { recursive: true });
copyFileSync('node_modules/@cwasm/webp/webp.wasm', 'dist/webp.wasm');
if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
