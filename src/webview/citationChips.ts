// Turns citation marks in a rendered (sanitised) answer into chips: a DOM pass over text nodes, skipping code and
// links. It runs on every rendered block, so a mark split across streamed deltas becomes a chip once the open
// block re-renders with the whole mark. Chips are built with DOM APIs only; model text never becomes markup.
import * as l10n from '@vscode/l10n';
import type { KnowledgeView } from '../shared/protocol';
import { citationMarkPattern, citedNumber } from '../shared/citationMarks';

type Reference = KnowledgeView['references'][number];

const skipped = 'code, pre, a, button';

export function decorateCitations(root: DocumentFragment | HTMLElement, references: readonly Reference[]): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node as Text;
    const parent = text.parentElement;
    if (parent === null || parent.closest(skipped) === null) texts.push(text);
  }
  for (const text of texts) {
    const pieces = splitCitations(text.data);
    if (pieces.every((piece) => typeof piece === 'string')) continue;
    text.replaceWith(...pieces.map((piece) => (typeof piece === 'string' ? piece : chip(piece.number, piece.mark, references))));
  }
}

function chip(number: number, mark: string, references: readonly Reference[]): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = 'citation-chip';
  node.dataset.testid = 'citation';
  node.dataset.citation = String(number);
  node.dataset.mark = mark;
  node.textContent = String(number);
  node.title = citationTitle(number, references);
  return node;
}

/** The hover text: the reference's title and the start of its text, or "Source n" when there is none. */
function citationTitle(number: number, references: readonly Reference[]): string {
  const reference = references.find((r) => r.index === number);
  const label = l10n.t('Source {0}', number);
  if (reference === undefined) return label;
  const parts = [reference.title, reference.text === undefined ? undefined : reference.text.slice(0, 300)].filter(
    (p): p is string => p !== undefined && p !== '',
  );
  return parts.length === 0 ? label : `${label}: ${parts.join(' — ')}`;
}

/** Refreshes the hover text of every chip under `root` (the references can arrive after the marks). */
export function retitleCitations(root: HTMLElement, references: readonly Reference[]): void {
  for (const node of root.querySelectorAll<HTMLElement>('.citation-chip')) node.title = citationTitle(Number(node.dataset.citation), references);
}

// Splits text into plain runs and citation marks (the marks' one pattern: shared/citationMarks.ts).
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
