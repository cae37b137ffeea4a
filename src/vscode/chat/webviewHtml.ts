// The chat webview's HTML as a pure function (docs/style.md rule 11): a strict CSP with a fresh nonce per render,
// one script, the view's stylesheet and the icon font's, nothing inline; the UI language's strings bundle rides in a
// meta element, for the webview's @vscode/l10n. Free of the VS Code API so unit tests check the CSP directly.
export interface WebviewHtmlInput {
  /** `webview.cspSource`: the origin the webview's local resources are served from. */
  readonly cspSource: string;
  /** A fresh random nonce (base64 or hex), different on every render. */
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The codicon stylesheet (VS Code's icon font), loaded before the view's own. */
  readonly iconStyleUri: string;
  /** BCP 47 language tag of the UI, e.g. `en` or `zh-cn`. */
  readonly lang: string;
  readonly title: string;
  /** The UI language's strings bundle as JSON (`vscode.l10n.bundle`); absent in English. */
  readonly l10nBundle?: string;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} blob:`,
    `media-src ${cspSource} blob:`,
    `font-src ${cspSource}`,
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
  ].join('; ');
}

export function renderWebviewHtml(input: WebviewHtmlInput): string {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(input.nonce)) throw new Error('The webview nonce must be at least 16 base64 or hex characters.');
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(input.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(input.iconStyleUri)}">
<link rel="stylesheet" href="${escapeAttribute(input.styleUri)}">
<title>${escapeText(input.title)}</title>
${input.l10nBundle === undefined ? '' : `<meta name="l10n-bundle" content="${escapeAttribute(input.l10nBundle)}">\n`}</head>
<body>
<main id="app" aria-busy="true"></main>
<script nonce="${escapeAttribute(input.nonce)}" src="${escapeAttribute(input.scriptUri)}"></script>
</body>
</html>
`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
