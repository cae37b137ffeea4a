// Which synthesis path a text takes. Real-time synthesis (spec 4.5) accepts at most REALTIME_MAX_CHARS characters
// (code points; the local service's `maxRealtimeChars`, service/README.md); past it the service answers 41300. So
// the user's long-text threshold is capped there: a longer text is read sentence by sentence, or saved through the
// long-text task, never sent whole to real-time synthesis.
import { splitSpokenSentences } from '../../../packages/text/sentences';

export const REALTIME_MAX_CHARS = 1000;

/** The longest piece read aloud as one synthesis: a sentence, cut at the limit when longer (a shorter wait for the first audio). */
export const SPOKEN_PIECE_MAX_CHARS = Math.min(300, REALTIME_MAX_CHARS);

export function characterCount(text: string): number {
  return [...text].length;
}

/** The threshold in effect: the setting, but never past the real-time limit. */
export function effectiveThreshold(longTextThreshold: number): number {
  return Math.min(longTextThreshold, REALTIME_MAX_CHARS);
}

/** True when the text is too long for one real-time synthesis under this threshold. */
export function isLongText(text: string, longTextThreshold: number): boolean {
  return characterCount(text) > effectiveThreshold(longTextThreshold);
}

/**
 * The pieces read aloud, each one real-time synthesis within the limit: the whole text, or its sentences (a piece
 * under 8 characters, a lone "OK.", is not worth a request of its own and goes with the next).
 */
export function speechPieces(text: string, longTextThreshold: number): string[] {
  if (!isLongText(text, longTextThreshold)) return [text];
  return splitSpokenSentences(text, { minChars: 8, maxChars: SPOKEN_PIECE_MAX_CHARS });
}
