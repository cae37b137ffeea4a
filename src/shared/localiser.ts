// How code outside the VS Code API words what a user reads: `vscode.l10n` in the extension host, `@vscode/l10n` in
// the chat webview (configured with the host's bundle), a stand-in in unit tests. Calls read `….l10n.t('…', …)`, so
// the localisation test finds and checks every message, the webview's included (test/unit/project/l10n.test.ts).
export interface Localiser {
  t(message: string, ...args: (string | number | boolean)[]): string;
}
