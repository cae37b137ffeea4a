// The speakers offered by get_speakers and accepted as `voice`. Each maps to espeak-ng voices: one for Chinese runs
// and one for Latin runs of the same text, with the same variant so a mixed sentence keeps one timbre.
export interface Speaker {
  readonly id: string;
  readonly name: string;
  /** espeak-ng voice (with +variant) used for runs of Chinese characters. */
  readonly chineseVoice: string;
  /** espeak-ng voice (with +variant) used for runs of Latin letters. */
  readonly englishVoice: string;
  /** Which voice speaks text with neither script (digits, punctuation only). */
  readonly primary: 'zh' | 'en';
}

export const SPEAKERS: readonly Speaker[] = [
  { id: 'zh_female_xiaoyan', name: '晓燕（中文女声）', chineseVoice: 'cmn+f2', englishVoice: 'en-us+f2', primary: 'zh' },
  { id: 'zh_male_yunfeng', name: '云峰（中文男声）', chineseVoice: 'cmn+m3', englishVoice: 'en-us+m3', primary: 'zh' },
  { id: 'en_female_amy', name: 'Amy (English, female)', chineseVoice: 'cmn+f3', englishVoice: 'en-us+f3', primary: 'en' },
  { id: 'en_male_tom', name: 'Tom (English, male)', chineseVoice: 'cmn+m1', englishVoice: 'en-us+m1', primary: 'en' },
];

/** [choice] The spec does not say what an absent `voice` means; the first speaker is used. */
export const DEFAULT_SPEAKER_ID = 'zh_female_xiaoyan';

export function findSpeaker(id: string): Speaker | undefined {
  return SPEAKERS.find((speaker) => speaker.id === id);
}
