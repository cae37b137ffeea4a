// Splits text into plain runs and citation marks (the marks' one pattern: shared/citationMarks.ts).
import { citationMarkPattern, citedNumber } from '../shared/citationMarks';

export type CitationPiece = string | { readonly number: number; readonly mark: string };

/** Text (already outside code) as plain strings and marks, in order; no empty strings. */
export function splitCitations(text: string): CitationPiece[] {
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(citationMarkPattern())) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ number: citedNumber(match), mark: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
