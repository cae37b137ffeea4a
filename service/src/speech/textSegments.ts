// How text is cut before synthesis: into sentences (packages/text/sentences.ts; each gets its own timestamp entry, none
// is merged) of at most MAX_SENTENCE_CHARS, and each sentence into runs of one script, so Chinese is spoken by a
// Mandarin voice and Latin words by an English one ("你好 VS Code").

/**
 * Longest piece handed to espeak-ng at once. A "sentence" longer than this (text without terminators) is cut at a
 * comma or space, so one piece of audio (held in memory and resampled in one go) stays a few seconds long.
 */
export const MAX_SENTENCE_CHARS = 300;

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
