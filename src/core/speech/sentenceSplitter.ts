// Cuts text into sentences for pipelined synthesis: at 。！？；!?; and newlines, and at a `.` followed by a space
// (never inside a number like 3.14), keeping closing quotes and brackets with their sentence. Very short pieces
// are merged into a neighbour (a lone "OK." is not worth a request), and long ones are cut at a comma or space
// so each stays under the real-time synthesis limit.

export interface SplitOptions {
  /** Pieces shorter than this (in characters, after trimming) are merged with the next one. Default 8. */
  readonly minChars?: number;
  /** Pieces longer than this are cut at the last comma or space before it. Default 300. */
  readonly maxChars?: number;
}

const TERMINATORS = new Set(['。', '！', '？', '；', '!', '?', ';', '…']);
const CLOSERS = new Set(['"', "'", '”', '’', '」', '』', '）', ')', '】', ']', '》']);

function rawPieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '\n' || c === '\r') {
      pieces.push(current);
      current = '';
      continue;
    }
    current += c;
    const next = text[i + 1];
    const ends = TERMINATORS.has(c) || (c === '.' && (next === undefined || /\s/.test(next)));
    if (!ends) continue;
    while (text[i + 1] !== undefined && (CLOSERS.has(text[i + 1] ?? '') || TERMINATORS.has(text[i + 1] ?? ''))) {
      i += 1;
      current += text[i];
    }
    pieces.push(current);
    current = '';
  }
  pieces.push(current);
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

function cutLong(piece: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = piece;
  while ([...rest].length > maxChars) {
    const head = rest.slice(0, maxChars);
    const at = Math.max(head.lastIndexOf('，'), head.lastIndexOf(','), head.lastIndexOf('、'), head.lastIndexOf(' '));
    const cut = at > maxChars / 3 ? at + 1 : maxChars;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/u;

/** Merged pieces need a space between them unless the left one ends in CJK (written without spaces). */
function joiner(left: string): string {
  return CJK.test(left.slice(-1)) ? '' : ' ';
}

export function splitSentences(text: string, options: SplitOptions = {}): string[] {
  const minChars = options.minChars ?? 8;
  const maxChars = options.maxChars ?? 300;
  const merged: string[] = [];
  let pending = '';
  for (const piece of rawPieces(text)) {
    pending = pending === '' ? piece : pending + joiner(pending) + piece;
    if ([...pending].length >= minChars) {
      merged.push(pending);
      pending = '';
    }
  }
  if (pending !== '') {
    const last = merged.pop();
    merged.push(last === undefined ? pending : last + joiner(last) + pending);
  }
  return merged.flatMap((piece) => cutLong(piece, maxChars));
}
