// Which links from model output the chat opens: one rule for both sides. The webview makes a link clickable only
// when it passes, and shows any other link as its text (never a link that does nothing when clicked); the host checks
// every link the webview asks it to open against the same rule, because the webview renders untrusted text.
//
// Opened: http and https (the web; VS Code asks before leaving for a site the user has not trusted), and mailto: an
// answer that names an e-mail address links it (markdown-it's linkify does, as VS Code's own Markdown preview and chat
// do), and opening it only starts a draft in the user's mail program, which sends nothing by itself. Nothing else:
// javascript:, data:, file:, vscode:, command: and the rest could run code, show local files or drive VS Code and its
// extensions from a link the model wrote. An http(s) link with a user name or password (`https://bank.com@evil.io`)
// hides where it really goes, so it is refused too.

/** The URL schemes the chat opens, as `URL.protocol` spells them. */
export const openableSchemes: readonly string[] = ['http:', 'https:', 'mailto:'];

/** The longest link the host takes from the webview (protocolSchemas.ts): a longer one is shown as text. */
export const maxLinkLength = 4096;

/** The link, parsed, when the chat may open it; undefined when it may not (not a URL, another scheme, too long…). */
export function openableLink(href: string): URL | undefined {
  if (href.length === 0 || href.length > maxLinkLength) return undefined;
  let url: URL;
  try {
    // The WHATWG parser both sides use: `JaVaScRiPt:`, a tab inside the scheme or a leading space cannot disguise it.
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (!openableSchemes.includes(url.protocol)) return undefined;
  if (url.protocol !== 'mailto:' && (url.username !== '' || url.password !== '')) return undefined;
  return url;
}

export function isOpenableLink(href: string): boolean {
  return openableLink(href) !== undefined;
}
