// How core code words what a user reads: `vscode.l10n` in the extension, a stand-in in unit tests. Core never
// imports 'vscode'; the front end passes its localiser in. Calls read `….l10n.t('…', …)`, so the localisation test
// finds and checks every message (test/unit/project/l10n.test.ts).
export interface Localiser {
  t(message: string, ...args: (string | number | boolean)[]): string;
}
