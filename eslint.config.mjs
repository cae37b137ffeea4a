// Lint rules, chiefly the layering of docs/style.md: imports point inward, and a leak is a lint error.
//   src/shared  -> its own files only; zod.ts imports zod's mini build, which the rest of src/ imports from there
//   src/core    -> shared, node, libraries; never 'vscode'
//   src/vscode  -> everything but webview
//   src/webview -> shared (but not its zod schemas) and browser libraries; never 'vscode', 'node:*' or core
//   service     -> its own files, packages/ and libraries; never the extension's src/ (it is an independent double)
//   packages    -> their own files, node and libraries: generic helpers both the extension and the service use
// and one more: the extension's settings are read and written only through their declaration (settings.ts).
import path from 'node:path';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const root = import.meta.dirname;

/** A relative import (static, dynamic or re-export) that resolves into one of `folders` of the repository. */
const noImportInto = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { folders: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } } }] },
  create(context) {
    const { folders, message } = context.options[0];
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source.value)).split(path.sep);
      if (folders.includes(target[0])) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
    };
  },
};

/**
 * A `getConfiguration()` call that reaches the extension's own settings: with no section, with `maas` or `maas.…`, or
 * with a section that is not a literal. Those are read and written through their declaration (settings.ts); VS Code's
 * other sections (`http`) are read where they are used.
 */
const settingsOutsideDeclaration = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      CallExpression: (node) => {
        const { callee } = node;
        const name = callee.type === 'MemberExpression' ? callee.property.name : callee.name;
        if (name !== 'getConfiguration') return;
        const section = node.arguments[0];
        const another = section?.type === 'Literal' && typeof section.value === 'string' && section.value !== 'maas' && !section.value.startsWith('maas.');
        if (!another)
          context.report({
            node,
            message:
              "The maas.* settings are read and written through their declaration: SettingsReader, writeSetting and inspectSetting (src/vscode/settings/settings.ts) take a setting's key.",
          });
      },
    };
  },
};

const vscodeBan = { name: 'vscode', message: 'Only src/vscode and src/extension.ts may import the VS Code API (docs/style.md rule 1).' };
const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'dist-test/**', '.vscode-test/**', '.test-results/**', '.demo/**', 'out/**', 'service/.data/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
      // `import { z } from 'zod'` defeats tree shaking and adds ~360 kB to each bundle; the namespace import does not.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^zod/] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'`: the named `z` import defeats tree shaking (about 360 kB more per bundle).",
        },
      ],
    },
  },
  {
    // The extension's zod is the mini build as src/shared/zod.ts sets it up (English messages, no compiled
    // validators): a module that imported zod itself would bring the classic build (about 96 KB) back into extension.js,
    // or build a schema before that set-up ran.
    files: ['src/**/*.ts'],
    ignores: ['src/shared/zod.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^zod/] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'`: the named `z` import defeats tree shaking (about 360 kB more per bundle).",
        },
        {
          selector: 'ImportDeclaration[source.value=/^zod/]',
          message: "Import zod from src/shared/zod (`import * as z from '…/shared/zod'`): the mini build, set up before any schema.",
        },
      ],
    },
  },
  {
    // Type-aware rules: a switch over a union names every member (or has a default), a promise is awaited or
    // explicitly voided, and an exported function says what it takes and returns.
    files: ['**/*.ts'],
    ignores: ['demo/workspace/**'],
    languageOptions: { parserOptions: { project: ['tsconfig.json', 'tsconfig.webview-tests.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // node:test's describe/it return promises that the runner itself follows.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/explicit-module-boundary-types': 'error',
    },
  },
  {
    // Plain CommonJS scripts (the activation benchmark's child process runs without a TypeScript loader).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, allowTypeImports: false }],
          patterns: [{ group: ['**/vscode/**', '**/webview/**'], message: 'src/core must not import the vscode or webview layers.' }],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/protocolSchemas.ts', 'src/shared/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, allowTypeImports: false }],
          patterns: [
            // Only a sibling file (`./name`); the gitignore-style `group` cannot express `./`. No zod: the webview
            // imports these files whole, and zod stays in the host (protocolSchemas.ts).
            { regex: '^(?!\\./[\\w.-]+$)', message: 'src/shared imports only its own files; zod schemas belong in protocolSchemas.ts.' },
            { group: ['**/core/**', '**/vscode/**', '**/webview/**', 'node:*'], message: 'src/shared imports only its own files.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/protocolSchemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, allowTypeImports: false }],
          patterns: [
            { regex: '^(?!\\./[\\w.-]+$)', message: 'src/shared imports nothing but its own files (zod through ./zod).' },
            { group: ['**/core/**', '**/vscode/**', '**/webview/**', 'node:*'], message: 'src/shared imports nothing but zod and itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, allowTypeImports: false }],
          patterns: [{ regex: '^(?!zod/mini$|zod/locales$)', message: "src/shared/zod.ts imports zod's mini build and its locales only." }],
        },
      ],
    },
  },
  {
    files: ['src/webview/**/*.ts', 'test/browser/**/*.page.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { ...vscodeBan, allowTypeImports: false },
            ...nodeBuiltins.map((name) => ({ name, message: 'The webview runs in a browser: no Node modules.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'The webview runs in a browser: no Node modules.' },
            { group: ['**/core/**', '**/vscode/**', '**/extension'], message: 'The webview may import only src/shared (types) and browser libraries.' },
            {
              group: ['**/shared/protocolSchemas', '**/shared/zod', 'zod', 'zod/*'],
              message: 'The webview never loads zod: the host validates its messages (src/shared/protocolSchemas.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/vscode/**/*.ts', 'src/extension.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/webview/**'], message: 'The host never imports the webview program; they talk through src/shared/protocol.ts.' }],
        },
      ],
    },
  },
  // The service and packages/ zones are about where a relative import lands, which a pattern on the import's text
  // cannot say (the service has a src/ of its own): the project's own rule resolves it.
  { plugins: { maas: { rules: { 'no-import-into': noImportInto, 'settings-through-declaration': settingsOutsideDeclaration } } } },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/vscode/settings/settings.ts'],
    rules: { 'maas/settings-through-declaration': 'error' },
  },
  {
    files: ['service/**/*.ts'],
    rules: {
      'maas/no-import-into': [
        'error',
        {
          folders: ['src'],
          message: 'The local service is an independent test double: it never imports the extension (src/); a generic helper goes into packages/.',
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'maas/no-import-into': [
        'error',
        { folders: ['src', 'service'], message: 'packages/ holds generic helpers: they import neither the extension nor the service.' },
      ],
    },
  },
);
