// Conversations as a Chinese-speaking developer's year of daily chat has them, for the history search: the shape of
// historyFixture.ts (20 turns, answers of ~2.4 KB with code blocks), every third conversation in Chinese (answers of
// ~1,200 characters, English identifiers among them), and words drawn as real text draws them: common English words
// most often, a technical vocabulary of 40,000 identifiers and 8,000 Chinese words by a Zipf law, and a dozen topic
// words per conversation. What a search index holds grows with the number of distinct words (and Chinese character
// pairs), which the repeated sentences of historyFixture.ts do not have. Deterministic: the same index, the same text.
import type { Conversation, Turn } from '../../src/core/conversations/conversationModel';
import { seededRandom } from '../../test/harness/seededRandom';

const TURNS = 20;
const COMMON = (
  'the be to of and a in that have it for not on with as you do at this but by from they we say or an will my one all would there their what so ' +
  'up out if about who get which go me when make can like time no just know take people into year your good some could them see other than then ' +
  'now look only come its over think also back after use two how our work first well way even new want because any these give day most us is are ' +
  'was were been has had did does should must may might queue worker shutdown request response server client error retry timeout connection ' +
  'stream token model answer question file function value return type string number array object promise async await test build config setting'
).split(' ');
const SYLLABLES =
  'ka lo mi ter san dor vex pli qua zen rob tun gal fer nis hop bex cal dim ort sul wen yar jip mok rus tal vin xer zul bra cre dro fla gri plo sta tre vor'.split(
    ' ',
  );
const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';
const TECH_WORDS = 40_000;
const CHINESE_WORDS = 8_000;

/** A rank from 0 to n - 1, rank r about 1/(r + 1) as likely as the first (Zipf's law). */
const zipf = (next: () => number, n: number): number => Math.min(n - 1, Math.floor((n + 1) ** next()) - 1);
const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

/** The identifier of rank `rank`: two or three syllables. */
export function techWord(rank: number): string {
  const n = SYLLABLES.length;
  const third = rank >= n * n ? (SYLLABLES[Math.floor(rank / (n * n)) % n] ?? '') : '';
  return `${SYLLABLES[rank % n] ?? ''}${SYLLABLES[Math.floor(rank / n) % n] ?? ''}${third}`;
}

/** The Chinese word of rank `rank`: two characters, one in five three. */
export function chineseWord(rank: number): string {
  const n = HAN.length;
  const at = (k: number): string => HAN[k % n] ?? '';
  return seededRandom(rank + 7)() < 0.2 ? `${at(rank * 7919)}${at(rank * 104_729 + 13)}${at(rank * 31)}` : `${at(rank * 7919)}${at(rank * 104_729 + 13)}`;
}

function englishText(next: () => number, topic: readonly string[], length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    let part: string;
    if (next() < 0.15) {
      const name = `${pick(next, topic)}${techWord(zipf(next, TECH_WORDS)).replace(/^./, (c) => c.toUpperCase())}`;
      part = `\`\`\`ts\nexport function ${name}(input: readonly string[]): number {\n  return input.reduce((n, s) => n + s.length, 0);\n}\n\`\`\``;
    } else {
      const words = Array.from({ length: 30 + Math.floor(next() * 40) }, () => {
        const u = next();
        return u < 0.55 ? (COMMON[zipf(next, COMMON.length)] ?? '') : u < 0.75 ? pick(next, topic) : techWord(zipf(next, TECH_WORDS));
      });
      part = `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
    }
    parts.push(part);
    size += part.length;
  }
  return parts.join('\n\n');
}

function chineseText(next: () => number, topic: readonly string[], length: number): string {
  let text = '';
  while (text.length < length) {
    for (let i = 6 + Math.floor(next() * 10); i > 0; i--) {
      const u = next();
      text += u < 0.3 ? pick(next, topic) : u < 0.35 ? ` ${techWord(zipf(next, TECH_WORDS))} ` : chineseWord(zipf(next, CHINESE_WORDS));
    }
    text += next() < 0.7 ? '，' : '。\n\n';
  }
  return text;
}

/** Conversation `index`: in Chinese when `index % 3 === 1`; its title names its first two topic words. */
export function mixedConversationOf(index: number, now: number): Conversation {
  const next = seededRandom(index + 1);
  const chinese = index % 3 === 1;
  const topic = Array.from({ length: 12 }, () => (chinese ? chineseWord(zipf(next, CHINESE_WORDS)) : techWord(zipf(next, TECH_WORDS))));
  const turns: Turn[] = Array.from({ length: TURNS }, (_, t) => ({
    id: `turn-${index}-${t}`,
    kind: 'chat',
    question: chinese ? `${chineseText(next, topic, 40)}？` : `${englishText(next, topic, 80)}?`,
    images: [],
    context: [],
    answer: chinese ? chineseText(next, topic, 1_200) : englishText(next, topic, 2_400),
    reasoning: '',
    status: 'done',
    model: 'svc_llm',
    usage: { promptTokens: 120, completionTokens: 600, totalTokens: 720 },
    finishReason: 'stop',
    createdAt: now - (index * TURNS + t) * 60_000,
    completedAt: now - (index * TURNS + t) * 60_000 + 5_000,
  }));
  return {
    id: `conversation-${String(index).padStart(5, '0')}`,
    title: chinese ? `${topic[0] ?? ''}${topic[1] ?? ''}的问题` : `How does ${topic[0] ?? ''} ${topic[1] ?? ''} work?`,
    titleEdited: false,
    persona: '',
    model: 'svc_llm',
    params: {},
    turns,
    createdAt: now - index * 86_400_000,
    updatedAt: now - index * 60_000,
  };
}
