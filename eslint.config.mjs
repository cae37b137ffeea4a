// Lint rules, chiefly the layering of ../shared/style.md: imports point inward, and a leak is a lint error.
//   src/shared  -> its own files only; protocolSchemas.ts (the zod schemas) also zod
//   src/core    -> shared, node, libraries; never 'vscode'
//   src/vscode  -> everything but webview
//   src/webview -> shared (but not its zod schemas) and browser libraries; never 'vscode', 'node:*' or core
import tseslint from 'typescript-eslint';
import globals from 'globals';

const vscodeBan = { name: 'vscode', message: 'Only src/vscode and src/extension.ts may import the VS Code API (style.md rule 1).' };
const nodeBuiltins = ['assert', 'buffer', 'child_process', 'crypto', 'events', 'fs', 'fs/promises', 'http', 'https', 'net', 'os', 'path', 'stream', 'url', 'util', 'worker_threads', 'zlib'];

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
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value=/^zod/] > ImportSpecifier[imported.name='z']",
        message: "Use `import * as z from 'zod'`: the named `z` import defeats tree shaking (about 360 kB more per bundle).",
      }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ ...vscodeBan, allowTypeImports: false }],
        patterns: [
          { group: ['**/vscode/**', '**/webview/**'], message: 'src/core must not import the vscode or webview layers.' },
        ],
      }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/protocolSchemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ ...vscodeBan, allowTypeImports: false }],
        patterns: [
          // Only a sibling file (`./name`); the gitignore-style `group` cannot express `./`. No zod: the webview
          // imports these files whole, and zod stays in the host (protocolSchemas.ts).
          { regex: '^(?!\\./[\\w.-]+$)', message: 'src/shared imports only its own files; zod schemas belong in protocolSchemas.ts.' },
          { group: ['**/core/**', '**/vscode/**', '**/webview/**', 'node:*'], message: 'src/shared imports only its own files.' },
        ],
      }],
    },
  },
  {
    files: ['src/shared/protocolSchemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ ...vscodeBan, allowTypeImports: false }],
        patterns: [
          { regex: '^(?!zod$|\\./[\\w.-]+$)', message: 'src/shared imports nothing but zod and itself.' },
          { group: ['**/core/**', '**/vscode/**', '**/webview/**', 'node:*'], message: 'src/shared imports nothing but zod and itself.' },
        ],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts', 'test/browser/**/*.page.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ ...vscodeBan, allowTypeImports: false }, ...nodeBuiltins.map((name) => ({ name, message: 'The webview runs in a browser: no Node modules.' }))],
        patterns: [
          { group: ['node:*'], message: 'The webview runs in a browser: no Node modules.' },
          { group: ['**/core/**', '**/vscode/**', '**/extension'], message: 'The webview may import only src/shared (types) and browser libraries.' },
          { group: ['**/shared/protocolSchemas', 'zod', 'zod/*'], message: 'The webview never loads zod: the host validates its messages (src/shared/protocolSchemas.ts).' },
        ],
      }],
    },
  },
  {
    files: ['src/vscode/**/*.ts', 'src/extension.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['**/webview/**'], message: 'The host never imports the webview program; they talk through src/shared/protocol.ts.' }],
      }],
    },
  },
);
