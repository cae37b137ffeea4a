// The service's deterministic token rule (documented in service/README.md): one token per CJK character, per run of
// other letters/digits, per other non-space symbol; `<think>` and `</think>` are one token each, like a real
// model's special tokens. Streams send one token per chunk, with the whitespace before it.
const TOKEN = String.raw`<\/?think>|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}_])+|\S`;
const TOKEN_RE = new RegExp(TOKEN, 'gu');
const PIECE_RE = new RegExp(String.raw`\s*(?:${TOKEN})|\s+$`, 'gu');

export function countTokens(text: string): number {
  let count = 0;
  TOKEN_RE.lastIndex = 0;
  while (TOKEN_RE.exec(text) !== null) count++;
  return count;
}

/** Splits text into stream pieces, one token each (leading whitespace attached), whose concatenation is the text. */
export function splitIntoTokenPieces(text: string): string[] {
  const pieces = text.match(PIECE_RE) ?? [];
  const last = pieces.length - 1;
  // Trailing whitespace is its own match; fold it into the last token so every piece carries one token.
  if (last > 0 && (pieces[last] ?? '').trim() === '') {
    pieces[last - 1] = `${pieces[last - 1] ?? ''}${pieces[last] ?? ''}`;
    pieces.pop();
  }
  return pieces;
}
