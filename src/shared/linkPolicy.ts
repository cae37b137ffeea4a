// Which links from model output the chat opens: one rule for every surface. The webview makes a link clickable only
// when it passes, and shows any other link as its text (never a link that does nothing when clicked); the host checks
// every link the webview asks it to open against the same rule, because the webview renders untrusted text; and the
// Markdown handed to VS Code's own chat is rewritten by it (src/core/markdown/chatMarkdownLinks.ts).
//
// Opened: http and https (the web; VS Code asks before leaving for a site the user has not trusted), and mailto: an
// answer that names an e-mail address links it (markdown-it's linkify does, as VS Code's own Markdown preview and chat
// do), and opening it only starts a draft in the user's mail program, which sends nothing by itself. Nothing else:
// javascript:, data:, file:, vscode:, command: and the rest could run code, show local files or drive VS Code and its
// extensions from a link the model wrote. An http(s) link with a user name or password (`https://bank.com@evil.io`)
// hides where it really goes, so it is refused too.
//
// A mailto link keeps only `subject`, `body` and `cc`: `attach=` would ask the mail program to attach a local file,
// `bcc` would copy the mail to someone the user does not see, `to=` would add recipients beside the visible ones, and
// no other header is the model's to set. VS Code's openExternal percent-decodes a link's query before handing it on,
// so `%26` arrives as `&`: parameters are split on the decoded text, as the mail program will see them.

/** The URL schemes the chat opens, as `URL.protocol` spells them. */
const openableSchemes: readonly string[] = ['http:', 'https:', 'mailto:'];

/** The header fields a mailto link keeps (RFC 6068 names them case-insensitively). */
const mailtoFields: readonly string[] = ['subject', 'body', 'cc'];

/** The longest link the host takes from the webview (protocolSchemas.ts): a longer one is shown as text. */
export const maxLinkLength = 4096;

function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The mailto link with its recipients and only the kept fields, each once (the first); undefined if unreadable. */
function cleanMailto(url: URL): URL | undefined {
  const recipients = decodedOrUndefined(url.pathname);
  const query = decodedOrUndefined(url.search.slice(1));
  if (recipients === undefined || query === undefined) return undefined;
  const kept = new Map<string, string>();
  for (const field of query.split('&')) {
    const equals = field.indexOf('=');
    const name = (equals === -1 ? field : field.slice(0, equals)).trim().toLowerCase();
    if (mailtoFields.includes(name) && !kept.has(name)) kept.set(name, equals === -1 ? '' : field.slice(equals + 1));
  }
  const fields = [...kept].map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%40/g, '@')}`);
  const path = recipients
    .split(',')
    .map((address) => encodeURIComponent(address.trim()).replace(/%40/g, '@'))
    .join(',');
  return new URL(`mailto:${path}${fields.length === 0 ? '' : `?${fields.join('&')}`}`);
}

/**
 * The link, parsed, when the chat may open it; undefined when it may not (not a URL, another scheme, too long…).
 * A mailto link comes back cleaned: its recipients and the kept fields only.
 */
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
  if (url.protocol === 'mailto:') return cleanMailto(url);
  if (url.username !== '' || url.password !== '') return undefined;
  return url;
}

export function isOpenableLink(href: string): boolean {
  return openableLink(href) !== undefined;
}

/**
 * The address to put in a rendered link and to open: an http(s) link as written, a mailto link cleaned.
 * Undefined when the chat does not open it.
 */
export function openableHref(href: string): string | undefined {
  const url = openableLink(href);
  if (url === undefined) return undefined;
  return url.protocol === 'mailto:' ? url.href : href;
}

/** Where an openable link goes, as a reader checks it: the host (with its port) of a web link, the recipients of a mail. */
export function linkDestination(url: URL): string {
  if (url.protocol !== 'mailto:') return url.host;
  return (decodedOrUndefined(url.pathname) ?? url.pathname)
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '')
    .join(', ');
}

/** The host a label names when it reads as a web address (`https://x.org/a`, `www.x.org`, `x.org/docs`). */
function labelHost(label: string): string | undefined {
  if (/\s/.test(label) || label === '') return undefined;
  for (const candidate of [label, `https://${label}`]) {
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.hostname.includes('.')) return url.host;
    } catch {
      // not an address this way; the next reading may be
    }
  }
  return undefined;
}

/**
 * Whether a link's text already shows where it goes: a web link whose text is an address on the same host, or a mail
 * link whose text is its recipients. Otherwise the chat shows the destination beside the text. A text with letters
 * outside ASCII never counts (`pаypal.com` with a Cyrillic а is another host): the host is shown as it is encoded.
 */
export function labelShowsDestination(label: string, url: URL): boolean {
  const text = label.trim();
  if (url.protocol === 'mailto:') {
    const written = text
      .replace(/^mailto:/i, '')
      .split(/\s*,\s*/)
      .join(', ')
      .toLowerCase();
    return written !== '' && written === linkDestination(url).toLowerCase();
  }
  return /^[\x21-\x7e]+$/.test(text) && labelHost(text) === url.host;
}
