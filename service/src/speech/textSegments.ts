// How text is cut before synthesis: into sentences (each gets its own timestamp entry) and each sentence into runs
// of one script, so Chinese is spoken by a Mandarin voice and Latin words by an English one ("你好 VS Code").

/** Sentence ends: CJK and ASCII terminators; a newline also ends a sentence. An ASCII '.' ends one only before a space. */
const TERMINATORS = new Set(['。', '！', '？', '；', '!', '?', ';', '…']);

const CLOSERS = /["'”’」』）)]/;

/**
 * Longest piece handed to espeak-ng at once. A "sentence" longer than this (text without terminators) is cut at a
 * comma or space, so one piece of audio (held in memory and resampled in one go) stays a few seconds long.
 */
export const MAX_SENTENCE_CHARS = 300;
const SOFT_BREAKS = /[，,、：:\s]/;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let current = '';
  const push = (): void => {
    for (const piece of cutLongSentence([...current.trim()])) sentences.push(piece);
    current = '';
  };
  const chars = [...text];
  // A run of terminators ("?!", "。。。") and a closing quote stay with the sentence they end.
  let ended = false;
  chars.forEach((char, i) => {
    if (char === '\n' || char === '\r') {
      push();
      ended = false;
      return;
    }
    if (ended && !TERMINATORS.has(char) && !CLOSERS.test(char)) {
      push();
      ended = false;
    }
    current += char;
    const next = chars[i + 1];
    if (TERMINATORS.has(char) || (char === '.' && (next === undefined || /\s/.test(next)))) ended = true;
  });
  push();
  return sentences;
}

function cutLongSentence(chars: string[]): string[] {
  const pieces: string[] = [];
  let rest = chars;
  while (rest.length > MAX_SENTENCE_CHARS) {
    let cut = MAX_SENTENCE_CHARS;
    for (let i = MAX_SENTENCE_CHARS - 1; i >= MAX_SENTENCE_CHARS / 2; i--) {
      if (SOFT_BREAKS.test(rest[i] ?? '')) {
        cut = i + 1;
        break;
      }
    }
    pieces.push(rest.slice(0, cut).join('').trim());
    rest = rest.slice(cut);
  }
  pieces.push(rest.join('').trim());
  return pieces.filter((piece) => piece !== '');
}

export type ScriptLanguage = 'zh' | 'en';

export interface ScriptRun {
  readonly language: ScriptLanguage;
  readonly text: string;
}

const CHINESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * Splits a sentence into runs of Chinese or Latin letters. Characters of neither script (digits, spaces,
 * punctuation) join the run before them, or the first run when they lead; text with no letters at all is one run in
 * the speaker's primary language.
 */
export function splitScriptRuns(sentence: string, primary: ScriptLanguage): ScriptRun[] {
  const runs: { language: ScriptLanguage | undefined; text: string }[] = [];
  for (const char of sentence) {
    const language: ScriptLanguage | undefined = CHINESE.test(char) ? 'zh' : LATIN.test(char) ? 'en' : undefined;
    const last = runs[runs.length - 1];
    if (last === undefined) {
      runs.push({ language, text: char });
    } else if (language === undefined || last.language === language) {
      last.text += char;
    } else if (last.language === undefined) {
      last.language = language;
      last.text += char;
    } else {
      runs.push({ language, text: char });
    }
  }
  return runs.filter((run) => run.text.trim() !== '').map((run) => ({ language: run.language ?? primary, text: run.text.trim() }));
}
