// `npx tsx scripts/themeVariables.ts`: records what a real VS Code gives the chat webview for its theme, so the
// browser tests' fake host can give the same (colour contrast is checked against it). It opens the chat view in
// code-server with the packaged extension, once per default theme, and writes to test/fixtures/themes/<theme>.json
// every custom property the workbench set on the webview's <html> (`--vscode-*` and the few others), the body's
// theme class and VS Code's default webview stylesheet (`_defaultStyles`, a CSS layer under the view's own).
// Run it again when the pinned code-server changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../test/harness/browser';
import { startCodeServer } from '../test/harness/codeServer';
import { CODE_SERVER_VERSION, ensureTools, repoRoot } from '../test/harness/tools';
import { newRunDir } from '../test/harness/runDirs';
import { openWorkbenchChat } from '../test/e2e/chatView';
import { packageExtension } from './package';

/** The webview's <html> element, as far as this script reads it. */
interface WebviewRoot {
  readonly style: { readonly length: number; item(index: number): string; getPropertyValue(name: string): string };
  readonly ownerDocument: { readonly body: { readonly className: string }; getElementById(id: string): { readonly textContent: string | null } | null };
}

const themes = { 'light-modern': 'Default Light Modern', 'dark-modern': 'Default Dark Modern' } as const;

async function capture(vsix: string, file: keyof typeof themes): Promise<void> {
  const server = await startCodeServer({
    tools: ensureTools(),
    runDir: newRunDir('themes'),
    folder: path.join(repoRoot, 'demo', 'workspace'),
    vsix,
    settings: { 'workbench.colorTheme': themes[file] },
  });
  const browser = await launchBrowser();
  try {
    const { view } = await openWorkbenchChat(browser, server.url);
    // Typed by shape: this project's Node scripts compile without the DOM library.
    const { variables, bodyClass, defaultStyles } = await view.locator('html').evaluate((html: WebviewRoot) => {
      const found: Record<string, string> = {};
      for (let i = 0; i < html.style.length; i += 1) {
        const name = html.style.item(i);
        // --chat-font-size is the view's own (from its setting), not the theme's.
        if (name.startsWith('--') && name !== '--chat-font-size') found[name] = html.style.getPropertyValue(name).trim();
      }
      const styles = html.ownerDocument.getElementById('_defaultStyles')?.textContent ?? '';
      return { variables: found, bodyClass: html.ownerDocument.body.className, defaultStyles: styles };
    });
    if (defaultStyles === '') throw new Error('The webview has no _defaultStyles element: did the webview host change?');
    const sorted = Object.fromEntries(Object.entries(variables).sort(([a], [b]) => a.localeCompare(b)));
    const out = path.join(repoRoot, 'test', 'fixtures', 'themes', `${file}.json`);
    mkdirSync(path.dirname(out), { recursive: true });
    const body = { theme: themes[file], codeServer: CODE_SERVER_VERSION, bodyClass, variables: sorted, defaultStyles };
    writeFileSync(out, `${JSON.stringify(body, null, 2)}\n`);
    process.stdout.write(`wrote ${path.relative(repoRoot, out)} (${Object.keys(sorted).length} variables)\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const vsix = packageExtension();
  for (const file of Object.keys(themes) as (keyof typeof themes)[]) await capture(vsix, file);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
