// Splits text into plain runs and citation marks, in every format docs/wire.md lists: `^[1]^`, `[^1^]`, `[1]`,
// `【1】`, `【1†source】`. The same pattern as src/core/knowledge/citationMarks.ts, repeated here because the
// webview may not import core (layering); the unit test runs both over the same samples.

export type CitationPiece = string | { readonly number: number; readonly mark: string };

// `[1]` followed by `(` or `:` is a Markdown link or reference definition, not a citation.
const MARK = /\^\[(\d{1,4})\]\^|\[\^(\d{1,4})\^\]|【(\d{1,4})(?:†[^】\n]{0,80})?】|(?<!\^)\[(\d{1,4})\](?![(:])/g;

/** Text (already outside code) as plain strings and marks, in order; no empty strings. */
export function splitCitations(text: string): CitationPiece[] {
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ number: Number(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '0'), mark: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
