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
};

// Other documents use the questions' other words (charge, update), so that across the base they are common.
const others = [
  { title: 'Phones', text: 'Charge a phone overnight; a phone charge lasts a day. Phones take updates when they charge.' },
  { title: 'Laptops', text: 'Laptops charge over USB-C. Install laptop updates before travelling.' },
  { title: '手机', text: '手机充电一般需要两个小时。手机的蓝牙可以连接音箱。' },
];

const seed = {
  ...BASE_SEED,
  knowledgeBases: [{ id: 9, name: 'products', documents: [documents.scooter, documents.router, documents.speaker, ...others] }],
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

  it('a question that names only the product still quotes its first sentences', async () => {
    const line = await quoted('Tell me about the Zephyr Scooter.');
    assert.match(line, /The Zephyr Scooter is a folding electric scooter/);
  });
});
