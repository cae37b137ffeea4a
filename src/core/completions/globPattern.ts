// Glob patterns as VS Code's settings write them (files.exclude): `*` and `?` within one path segment, `**` across
// segments, `[abc]` / `[!abc]` classes and `{a,b}` alternatives. Matching is case-insensitive: on the file systems of
// Windows and macOS `.ENV` is `.env`, and a deny-list errs on the side of not sending. A `[` or `{` without its
// closer is an ordinary character.

/** The pattern as an anchored, case-insensitive regular expression over a path written with `/`. */
export function globToRegExp(pattern: string): RegExp {
  return new RegExp(`^${translate(pattern)}$`, 'i');
}

function translate(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const char = glob[i] ?? '';
    if (char === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const slashAfter = glob[i + 2] === '/';
        if (atStart && slashAfter) {
          out += '(?:.*/)?';
          i += 3;
        } else if (atStart && i + 2 === glob.length && i > 0) {
          // `dir/**`: the folder itself and everything in it (the `/` before was already written).
          out = `${out.slice(0, -1)}(?:/.*)?`;
          i += 2;
        } else {
          out += '.*';
          i += 2;
        }
        continue;
      }
      out += '[^/]*';
      i++;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (char === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) {
        out += '\\[';
        i++;
        continue;
      }
      const body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, (c) => `\\${c}`);
      out += `[${negated ? '^/' : ''}${members}]`;
      i = close + 1;
    } else if (char === '{') {
      const close = closingBrace(glob, i);
      if (close < 0) {
        out += '\\{';
        i++;
        continue;
      }
      out += `(?:${splitAlternatives(glob.slice(i + 1, close))
        .map(translate)
        .join('|')})`;
      i = close + 1;
    } else {
      out += char.replace(/[.+^$()|\\\]}]/g, (c) => `\\${c}`);
      i++;
    }
  }
  return out;
}

function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `a,b{c,d},e` → `a`, `b{c,d}`, `e`: commas inside nested braces do not split. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
