// Masks credentials in text that may reach a log, an error message or a screen: Authorization/Bearer values,
// appkey/token/key fields (JSON, query string, key=value), userinfo (all of it) and key parameters inside URLs, and the
// exact secret values the caller knows. A mask never shows more than the last 4 characters of a secret.

const MASK = '***';

/** Long secrets keep their last 4 characters so that two keys can be told apart; short ones reveal nothing. */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `${MASK}${value.slice(-4)}` : MASK;
}

// Names whose values are credentials wherever they appear (JSON field, query parameter, key=value).
const SECRET_NAMES = String.raw`(?:appkey|app_key|token|access_token|api[_-]?key|apikey|key|secret|password|sig|signature)`;

interface Rule {
  readonly pattern: RegExp;
  readonly replace: (match: string, ...groups: string[]) => string;
}

const RULES: readonly Rule[] = [
  // "Authorization": "Bearer abc" (JSON) and Authorization: Bearer abc (header lines); any scheme.
  {
    pattern: /("?authorization"?\s*[:=]\s*"?)(?:(bearer|basic|token)\s+)?([^"\s,}&]+)/gi,
    replace: (_m, head, scheme, value) => `${head}${scheme ? `${scheme} ` : ''}${maskSecret(value ?? '')}`,
  },
  // A bare "Bearer abc" anywhere else.
  { pattern: /\b(bearer\s+)([A-Za-z0-9._~+/=-]{4,})/gi, replace: (_m, head, value) => `${head}${maskSecret(value ?? '')}` },
  // JSON fields: "appkey": "abc"
  {
    pattern: new RegExp(String.raw`("${SECRET_NAMES}"\s*:\s*")((?:[^"\\]|\\.)*)(")`, 'gi'),
    replace: (_m, head, value, tail) => (value === '' ? `${head}${tail}` : `${head}${maskSecret(value ?? '')}${tail}`),
  },
  // Query parameters and key=value pairs: ?appkey=abc&token=def, token=def
  {
    pattern: new RegExp(String.raw`(^|[?&;,\s"'(])(${SECRET_NAMES})=([^&\s"',;)#]+)`, 'gi'),
    replace: (_m, lead, name, value) => `${lead}${name}=${maskSecret(value ?? '')}`,
  },
  // Userinfo inside URLs, whole: https://user:password@host, and https://sk-key@host (a key as the user name).
  { pattern: /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@?#]+@/gi, replace: (_m, scheme) => `${scheme}${MASK}@` },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Returns `text` with every credential masked. `secrets` are the actual values known to the caller (API key,
 * appkey, token); those of at least 4 characters are masked wherever they occur, even outside a named field.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Known values first, longest first, so that a secret containing another is masked whole.
  const known = [...new Set(secrets.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);
  for (const secret of known) {
    const variants = new Set([secret, encodeURIComponent(secret)]);
    for (const variant of variants) {
      out = out.replace(new RegExp(escapeRegExp(variant), 'g'), maskSecret(secret));
    }
  }
  for (const rule of RULES) {
    out = out.replace(rule.pattern, rule.replace as (substring: string, ...args: unknown[]) => string);
  }
  return out;
}
