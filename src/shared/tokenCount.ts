// A local token count, for VS Code's chat (provideTokenCount is called for every message and tool description) and
// for the chat view's context meter. The service publishes no tokenizer; the count follows the rule the local
// service documents for its usage figures (service/README.md, "Token rule"): one token per CJK character (Han,
// Hiragana, Katakana, Hangul), one per run of other letters, digits and underscores, one per other non-space symbol.
// It is one pass over the UTF-16 code units with no allocation: ASCII by a table, CJK by code point ranges, other
// characters by a Unicode property test. (The service counts `<think>` and `</think>` as one token each; this count
// gives them three, a difference of a few tokens per answer.)

/** Tokens an image counts for in a prompt (the local service's figure). */
export const IMAGE_TOKENS = 256;

const Kind = { Space: 0, Word: 1, Symbol: 2, Cjk: 3 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

const ASCII: Kind[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if (/\s/.test(ch)) return Kind.Space;
  return /[A-Za-z0-9_]/.test(ch) ? Kind.Word : Kind.Symbol;
});

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) || // CJK Unified Ideographs
    (code >= 0x3400 && code <= 0x4dbf) || // Extension A
    (code >= 0x3040 && code <= 0x30ff) || // Hiragana, Katakana
    (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) || // Compatibility ideographs
    (code >= 0x1100 && code <= 0x11ff) || // Hangul Jamo
    (code >= 0x3130 && code <= 0x318f) || // Hangul compatibility Jamo
    (code >= 0x31f0 && code <= 0x31ff) || // Katakana extensions
    (code >= 0xff66 && code <= 0xff9d) || // Half-width Katakana
    (code >= 0x20000 && code <= 0x3ffff) || // Extensions B and later (astral)
    code === 0x3005 ||
    code === 0x3007
  );
}

function kindOf(code: number, char: string): Kind {
  if (code < 128) return ASCII[code] ?? Kind.Symbol;
  if (isCjk(code)) return Kind.Cjk;
  if (SPACE.test(char)) return Kind.Space;
  return LETTER_OR_DIGIT.test(char) ? Kind.Word : Kind.Symbol;
}

/** The tokens of a text by the service's rule. */
export function countTokens(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    let char = '';
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      code = text.codePointAt(i) ?? code;
      char = String.fromCodePoint(code);
      i += 1;
    } else if (code >= 128) {
      char = text[i] ?? '';
    }
    const kind = kindOf(code, char);
    if (kind === Kind.Word) {
      if (!inWord) count += 1;
      inWord = true;
      continue;
    }
    inWord = false;
    if (kind !== Kind.Space) count += 1;
  }
  return count;
}
