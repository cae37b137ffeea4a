// Two bundles (docs/style.md): the extension for Node/CommonJS with `vscode` external, and the webview for the
// browser. `--production` minifies and emits no source maps; `--watch` rebuilds on change.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/** The repository's root, where this file is. */
const root = path.dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--outdir <dir>`: somewhere else than dist/ (the activation benchmark builds its own copy).
const outIndex = process.argv.indexOf('--outdir');
const out = outIndex === -1 ? 'dist' : process.argv[outIndex + 1];

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

// `import()` becomes `require()`: a real dynamic import of a CommonJS bundle would see only its `default` export
// (Node cannot detect the names esbuild re-exports), and VS Code loads extensions as CommonJS anyway.
const node = { ...common, platform: 'node', format: 'cjs', target: 'node20.18', external: ['vscode'], supported: { 'dynamic-import': false } };

// Libraries loaded on first use (`await import(…)` in the source) get bundles of their own in dist/lazy/, so that
// starting the extension neither parses nor runs them: undici (the first request), markdown-it (the first text read
// aloud), wavefile (the first WAV segments joined), the completion engine. A static import of one of them would put it back in
// extension.js; only dynamic imports are redirected.
const lazy = [
  { name: 'undici', specifier: 'undici', contents: "export * from 'undici';" },
  { name: 'markdown-it', specifier: 'markdown-it', contents: "export { default } from 'markdown-it';" },
  { name: 'wavefile', specifier: 'wavefile', contents: "export * from 'wavefile';" },
  // The inline-completion engine (off until the user turns completions on): a source file of this repository, found by
  // the file an import resolves to, whichever folder imports it.
  { name: 'completions', file: 'src/core/completions/completionRuntime', contents: "export * from './src/core/completions/completionRuntime';" },
];
// The image worker's program (src/core/images/imageDecoder.ts starts it on the first image): the image codecs run
// there only, off the extension host's thread.
const imageWorker = { ...node, entryPoints: ['src/core/images/imageDecodeWorker.ts'], outfile: `${out}/lazy/imageDecodeWorker.js` };

/** @type {import('esbuild').Plugin} */
const loadLazily = {
  name: 'load-lazily',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      // A relative import names a file of this repository: compared by its path from the root, without an extension.
      const file = args.path.startsWith('.')
        ? path
            .relative(root, path.resolve(args.resolveDir, args.path))
            .replace(/\.[cm]?[jt]s$/, '')
            .split(path.sep)
            .join('/')
        : undefined;
      const library = lazy.find((l) => (l.specifier !== undefined && l.specifier === args.path) || (file !== undefined && l.file === file));
      return library === undefined ? undefined : { path: `./lazy/${library.name}.js`, external: true };
    });
  },
};

const builds = [
  { ...node, entryPoints: ['src/extension.ts'], outfile: `${out}/extension.js`, plugins: [loadLazily] },
  ...lazy.map((library) => ({
    ...node,
    stdin: { contents: library.contents, resolveDir: '.', loader: 'js' },
    outfile: `${out}/lazy/${library.name}.js`,
  })),
  imageWorker,
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: `${out}/webview.js`,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    tsconfig: 'tsconfig.webview.json',
  },
];

rmSync(out, { recursive: true, force: true });
// @cwasm/webp reads its WebAssembly from the directory of the code that loads it: the image worker's dist/lazy/.
mkdirSync(`${out}/lazy`, { recursive: true });
copyFileSync('node_modules/@cwasm/webp/webp.wasm', `${out}/lazy/webp.wasm`);
// The chat view's icons: VS Code's own icon font (@vscode/codicons, CC BY 4.0), its stylesheet beside it.
mkdirSync(`${out}/codicons`, { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${file}`, `${out}/codicons/${file}`);
if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
