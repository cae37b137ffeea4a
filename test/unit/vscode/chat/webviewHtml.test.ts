import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentSecurityPolicy, renderWebviewHtml } from '../../../../src/vscode/chat/webviewHtml';

const input = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'Zm9vYmFyYmF6cXV4MTIzNDU2',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/chat.css',
  iconStyleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicons/codicon.css',
  lang: 'zh-cn',
  title: 'MaaS <Assistant>',
};

describe('renderWebviewHtml', () => {
  const html = renderWebviewHtml(input);
  // The attribute is HTML-escaped; the browser reads it decoded.
  const csp = (/http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&#39;/g, "'");

  it('sets a strict CSP: nothing by default, scripts only with the nonce, no inline style', () => {
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('script-src'), [`'nonce-${input.nonce}'`]);
    assert.deepEqual(directives.get('style-src'), [input.cspSource]);
    assert.deepEqual(directives.get('connect-src'), ["'none'"]);
    assert.deepEqual(directives.get('img-src'), [input.cspSource, 'blob:'], 'images only from the extension and blob: URLs; no data: or remote images');
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.equal(csp, contentSecurityPolicy(input.cspSource, input.nonce));
  });

  it('loads exactly one script, with the nonce, and has no inline script or style', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]?.[1] ?? '', new RegExp(`nonce="${input.nonce}"`));
    assert.equal(scripts[0]?.[2], '', 'the script element must have no inline code');
    assert.doesNotMatch(html, /<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('escapes what it interpolates', () => {
    assert.match(html, /<title>MaaS &lt;Assistant&gt;<\/title>/);
    assert.match(html, /<html lang="zh-cn">/);
  });

  it("gives the page the UI language's bundle in a meta element, escaped, and none in English", () => {
    const bundle = JSON.stringify({ Send: '发送', 'Delete "{0}"?': '删除“{0}”？</meta><script>' });
    const translated = renderWebviewHtml({ ...input, l10nBundle: bundle });
    const content = /<meta name="l10n-bundle" content="([^"]*)">/.exec(translated)?.[1];
    assert.ok(content !== undefined, 'no bundle in the page');
    const decoded = content
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.equal(decoded, bundle);
    assert.equal([...translated.matchAll(/<script\b/g)].length, 1, 'the bundle adds no script');
    assert.doesNotMatch(html, /l10n-bundle/);
  });

  it('refuses a weak nonce', () => {
    assert.throws(() => renderWebviewHtml({ ...input, nonce: 'abc' }), /nonce/);
    assert.throws(() => renderWebviewHtml({ ...input, nonce: '"><script>alert(1)</script>' }), /nonce/);
  });
});
