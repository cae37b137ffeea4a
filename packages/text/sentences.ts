// The sentences of a text, for the extension's Read Aloud, the local service's speech and its knowledge-base quotes.
// Intl.Segmenter finds them by Unicode's sentence rules (UAX #29): 。！？ and . ! ? end a sentence, closing quotes and
// brackets of every script (” 」 』 ） 】 》 ] …) stay with the sentence they close, and a dot inside "3.14",
// "maas.baseUrl" or before a lower-case word ("e.g. this") ends nothing. Every line break ends a sentence too. For
// speech, pauses that the rules do not treat as ends also cut the text: the semicolons ；; and the ellipsis …, so
// that each request stays short; very short pieces are merged into a neighbour and very long ones cut at a comma.

// Pinned, so the host's locale never changes the cut (Greek rules, say, treat ';' as a question mark). Built on first
// use: building one is costly, and start-up need not pay for it.
let segmenter: Intl.Segmenter | undefined;

/** A pause mark (with any further pause marks and closing quotes or brackets after it) ends a spoken piece. */
const PAUSE = /[；;…]+[\p{Pe}\p{Pf}"'」』]*/gu;
/** Where a piece over the length limit is cut: after the last of these within the limit. */
const SOFT_BREAK = /[，,、：:\s]/u;
/** Scripts written without spaces between sentences. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The sentences of `text`, trimmed, none empty; each line break ends one. */
export function splitSentences(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...segmenter.segment(text)]
    .flatMap((sentence) => sentence.segment.split(/\r\n|\r|\n/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

export interface SpokenSentenceOptions {
  /** The longest piece, in code points: a longer one is cut at its last comma, colon or space within the limit. */
  readonly maxChars: number;
  /** Pieces shorter than this (in code points) are merged with the next one (a lone "OK." is not worth a request). Default 0. */
  readonly minChars?: number;
}

/** The pieces of `text` to synthesise one by one: its sentences, cut at pauses too, merged when short, cut when long. */
export function splitSpokenSentences(text: string, options: SpokenSentenceOptions): string[] {
  const pieces = splitSentences(text).flatMap(atPauses);
  return mergeShort(pieces, options.minChars ?? 0).flatMap((piece) => cutLong(piece, options.maxChars));
}

function atPauses(sentence: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const pause of sentence.matchAll(PAUSE)) {
    const end = pause.index + pause[0].length;
    pieces.push(sentence.slice(start, end));
    start = end;
  }
  pieces.push(sentence.slice(start));
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

function length(text: string): number {
  return [...text].length;
}

/** Merged pieces need a space between them unless the left one's last word is CJK (its punctuation aside). */
export function joinPieces(left: string, right: string): string {
  const lastLetter = [...left.replace(/[\p{P}\s]+$/u, '')].at(-1) ?? '';
  return CJK.test(lastLetter) ? left + right : `${left} ${right}`;
}

function mergeShort(pieces: readonly string[], minChars: number): string[] {
  const merged: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    pending = pending === '' ? piece : joinPieces(pending, piece);
    if (length(pending) >= minChars) {
      merged.push(pending);
      pending = '';
    }
  }
  if (pending !== '') {
    const last = merged.pop();
    merged.push(last === undefined ? pending : joinPieces(last, pending));
  }
  return merged;
}

/** Cuts by code point (a surrogate pair is never split), after a soft break past a third of the limit when there is one. */
function cutLong(piece: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = [...piece];
  while (rest.length > maxChars) {
    let cut = maxChars;
    for (let i = maxChars - 1; i > maxChars / 3; i--) {
      if (SOFT_BREAK.test(rest[i] ?? '')) {
        cut = i + 1;
        break;
      }
    }
    parts.push(rest.slice(0, cut).join('').trim());
    rest = [...rest.slice(cut).join('').trimStart()];
  }
  const last = rest.join('').trim();
  if (last !== '') parts.push(last);
  return parts.filter((part) => part !== '');
}
