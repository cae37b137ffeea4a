// Serves the real chat webview (renderWebviewHtml + dist/webview.js + media/chat.css) on 127.0.0.1 with a fake
// host: a script carrying the page's nonce, placed before the bundle, that records what the webview posts and
// lets a test deliver host messages with window.postMessage. `/?theme=<name>` gives the page a VS Code theme as a
// real webview has it (vscodeTheme.ts); without, a few dark-theme variables stand in. `/?language=zh-cn` gives the page
// that language's bundle as the host does. Free of DOM types, so a bench of the host side (plain Node) can serve the
// page too; webviewHarness.ts drives it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { renderWebviewHtml } from '../../src/vscode/chat/webviewHtml';
import { freePort } from '../harness/freePort';
import { defaultStylesElement, isThemeName, themeScript } from './vscodeTheme';

const root = path.resolve(__dirname, '..', '..');

const fakeHost = `
// VS Code sets its theme as --vscode-* custom properties on <html>; a few stand in for a dark theme here.
[['--vscode-foreground', '#cccccc'], ['--vscode-focusBorder', '#007fd4'], ['--vscode-button-background', '#0e639c'],
 ['--vscode-button-foreground', '#ffffff'], ['--vscode-sideBar-background', '#252526'], ['--vscode-font-size', '13px'],
 ['--vscode-input-background', '#3c3c3c'], ['--vscode-input-foreground', '#cccccc']].forEach(function (pair) {
  document.documentElement.style.setProperty(pair[0], pair[1]);
});
window.__posted = [];
// Like VS Code, the webview state outlives a reload of the page (kept in this tab's sessionStorage).
window.__state = (function () {
  try { var saved = sessionStorage.getItem('fake-host-state'); return saved === null ? undefined : JSON.parse(saved); } catch (e) { return undefined; }
})();
window.acquireVsCodeApi = function () {
  return {
    postMessage: function (message) { window.__posted.push(JSON.parse(JSON.stringify(message))); },
    getState: function () { return window.__state; },
    setState: function (state) { window.__state = state; sessionStorage.setItem('fake-host-state', JSON.stringify(state)); },
  };
};
`;

export interface WebviewServer {
  readonly origin: string;
  /** Paths requested from the server, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface WebviewServerOptions {
  /** Extra scripts (path -> source) served with the page's nonce, before the bundle, after the fake host. */
  readonly extraScripts?: Readonly<Record<string, string>>;
  /** The bundle's source; by default the built dist/webview.js (run `node esbuild.mjs` first). */
  readonly bundle?: string;
}

export async function startWebviewServer(options: WebviewServerOptions = {}): Promise<WebviewServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const requests: string[] = [];
  const bundle = options.bundle ?? readFileSync(path.join(root, 'dist', 'webview.js'), 'utf8');
  const extraScripts = options.extraScripts ?? {};
  const css = readFileSync(path.join(root, 'media', 'chat.css'), 'utf8');
  const iconCss = readFileSync(path.join(root, 'dist', 'codicons', 'codicon.css'), 'utf8');
  const iconFont = readFileSync(path.join(root, 'dist', 'codicons', 'codicon.ttf'));
  const scripts: Record<string, string> = { '/fake-host.js': fakeHost, ...extraScripts };
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    const themeFile = /^\/theme\/([\w-]+)\.js$/.exec(url)?.[1] ?? null;
    const send = (type: string, body: string): void => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (url === '/' || url.startsWith('/?')) {
      const query = new URL(url, origin).searchParams;
      const theme = query.get('theme');
      const language = query.get('language');
      const nonce = randomBytes(16).toString('base64');
      const html = renderWebviewHtml({
        cspSource: origin,
        nonce,
        scriptUri: `${origin}/dist/webview.js`,
        styleUri: `${origin}/media/chat.css`,
        iconStyleUri: `${origin}/dist/codicons/codicon.css`,
        lang: language ?? 'en',
        title: 'MaaS Assistant',
        ...(language === 'zh-cn' ? { l10nBundle: readFileSync(path.join(root, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8') } : {}),
      });
      const pageScripts = [...Object.keys(scripts), ...(isThemeName(theme) ? [`/theme/${theme}.js`] : [])];
      const extra = pageScripts.map((src) => `<script nonce="${nonce}" src="${origin}${src}"></script>\n`).join('');
      const marker = '<script nonce=';
      const themed = isThemeName(theme) ? html.replace('<head>', `<head>\n${defaultStylesElement(theme)}`) : html;
      send('text/html; charset=utf-8', themed.replace(marker, `${extra}${marker}`));
    } else if (url === '/dist/webview.js') send('text/javascript', bundle);
    else if (url === '/media/chat.css') send('text/css', css);
    else if (url === '/dist/codicons/codicon.css') send('text/css', iconCss);
    else if (url.startsWith('/dist/codicons/codicon.ttf')) {
      response.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'no-store' });
      response.end(iconFont);
    } else if (scripts[url] !== undefined) send('text/javascript', scripts[url] ?? '');
    else if (isThemeName(themeFile)) send('text/javascript', themeScript(themeFile));
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
