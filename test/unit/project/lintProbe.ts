// ESLint with the project's own config, run on a probe source as if it stood at `file`: how the lint tests prove that
// a rule refuses what it should (layering.test.ts, settingsThroughDeclaration.test.ts).
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

const root = path.resolve(__dirname, '..', '..', '..');
// The probes are not files of a TypeScript project, so the type-aware rules (and their parser setting) are off here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { project: false } },
      rules: {
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/explicit-module-boundary-types': 'off',
      },
    },
  ],
});

/** The messages of linting `code` placed at `file` (relative to the repository); a probe that does not parse throws. */
export async function lintProbe(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result?.messages.find((m) => m.fatal === true);
  if (fatal !== undefined) throw new Error(`${file} did not parse: ${fatal.message}`);
  return result?.messages ?? [];
}
