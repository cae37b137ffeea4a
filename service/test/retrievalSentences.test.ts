// Which sentences of a hit the knowledge-base answer quotes: those that answer the question, told by term weights
// within the hit, not by how many words they share with it. Each document names its product in every sentence,
// so the product's name says nothing about which sentence answers; the answer sentence shares fewer words with the
// question than a wrong one, but rarer ones (within the hit).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_SEED, chat, useService } from './serviceHarness';

const documents = {
  scooter: {
    title: 'Zephyr Scooter FAQ',
    text:
      'The Zephyr Scooter is a folding electric scooter. To reset the Zephyr Scooter, hold the Zephyr power button until the Zephyr ' +
      'lights blink. Charging takes four hours with the supplied adapter. The Zephyr Scooter weighs twelve kilograms.',
  },
  router: {
    title: 'Orbit Router',
    text:
      'The Orbit Router connects to the Orbit app; open the Orbit app and the Orbit Router shows up at once. Firmware updates ' +
      'install themselves at night. The Orbit Router has four network ports.',
  },
  speaker: { title: '星河音箱', text: '星河音箱的蓝牙名称是星河音箱，星河音箱开机后自动连接。星河音箱充电需要三个小时。星河音箱可以同时连接两台手机。' },
  // The sentence that names the lamp and charging shares the question's word 充电; the one with the time says 充满电
  // (a different word to a segmenter) and 小时 where the question says 时间.
  lamp: {
    title: '晨光台灯',
    text: '晨光台灯是一款护眼台灯，晨光台灯可以用USB线充电。晨光台灯充满电大约需要三个小时。晨光台灯有三档亮度可以调节。',
  },
  lampEnglish: {
    title: 'Lumo Lamp',
    text: 'The Lumo Lamp is a desk lamp that charges over a USB cable. A full charge of the Lumo Lamp takes about three hours. The Lumo Lamp has three brightness levels.',
  },
};

// Other documents use the questions' other words (charge, update), so that across the base they are common.
const others = [
  { title: 'Phones', text: 'Charge a phone overnight; a phone charge lasts a day. Phones take updates when they charge.' },
  { title: 'Laptops', text: 'Laptops charge over USB-C. Install laptop updates before travelling.' },
  { title: '手机', text: '手机充电一般需要两个小时。手机的蓝牙可以连接音箱。' },
];

const seed = {
  ...BASE_SEED,
  knowledgeBases: [
    { id: 9, name: 'products', documents: [documents.scooter, documents.router, documents.speaker, documents.lamp, documents.lampEnglish, ...others] },
  ],
};
const service = useService({ seed });

async function quoted(question: string): Promise<string> {
  const reply = await chat(service().baseUrl, {
    model: 'svc_llm',
    stream: false,
    messages: [{ role: 'user', content: question }],
    tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [9], chat_mode: 2 } }],
  });
  assert.equal(reply.status, 200, reply.text);
  const content = reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '';
  // The first answer line: the sentences quoted from the best hit.
  return content.split('\n').find((line) => line.startsWith('- ')) ?? content;
}

describe('the sentences a knowledge-base answer quotes', () => {
  it('the charge time, not the reset sentence that repeats the product name', async () => {
    const line = await quoted('How long does the Zephyr Scooter take to charge?');
    assert.match(line, /Charging takes four hours/);
    assert.doesNotMatch(line, /hold the Zephyr power button/);
  });

  it('the firmware sentence, not the one that names the router and its app three times', async () => {
    const line = await quoted('Does the Orbit Router install firmware updates by itself?');
    assert.match(line, /Firmware updates install themselves at night/);
    assert.doesNotMatch(line, /shows up at once/);
  });

  it('in Chinese: the charging time, not the sentence that repeats the speaker name', async () => {
    const line = await quoted('星河音箱充电要多久？');
    assert.match(line, /星河音箱充电需要三个小时/);
    assert.doesNotMatch(line, /蓝牙名称/);
  });

  for (const question of ['晨光台灯充电要多长时间？', '晨光台灯充满电需要多久？', '晨光台灯要充多久的电？']) {
    it(`in Chinese, about a lamp: the charge time, not only the sentence that names the lamp and charging (${question})`, async () => {
      const line = await quoted(question);
      assert.match(line, /晨光台灯充满电大约需要三个小时/);
      assert.doesNotMatch(line, /亮度/);
    });
  }

  it('in Chinese: a question in other words than the document (护眼灯, 调) still finds the lamp (护眼台灯, 调节)', async () => {
    const line = await quoted('护眼灯能调亮度吗？');
    assert.match(line, /晨光台灯有三档亮度可以调节/);
  });

  for (const question of ['How long does the Lumo Lamp take to charge?', 'How many hours does a full charge of the Lumo Lamp take?']) {
    it(`in English, about a lamp: the charge time (${question})`, async () => {
      const line = await quoted(question);
      assert.match(line, /A full charge of the Lumo Lamp takes about three hours/);
      assert.doesNotMatch(line, /brightness/);
    });
  }

  it('a question that names only the product still quotes its first sentences', async () => {
    const line = await quoted('Tell me about the Zephyr Scooter.');
    assert.match(line, /The Zephyr Scooter is a folding electric scooter/);
  });
});
