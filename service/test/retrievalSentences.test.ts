// Which sentences of a hit the knowledge-base answer quotes: those that answer the question, told by term weights
// within the hit and across the knowledge base, not by how many words they share with it. Each document names its
// product in every sentence, so the product's name says nothing about which sentence answers; the answer sentence
// shares fewer words with the question than a wrong one, but rarer ones. A suite of products that share a name
// (Nimbus, 云帆) makes that name common across the base, and questions worded unlike the document (keep for saved,
// 存放 for 保存) still meet the sentence with the fact.
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
  notes: {
    title: 'Nimbus Notes',
    text: 'Nimbus Notes is the note-taking app of the Nimbus suite. Drafts are saved in a local folder until you sync them. Themes follow the colours of the system.',
  },
  notesChinese: {
    title: '云帆笔记',
    text: '云帆笔记是云帆办公套件中的笔记应用。草稿保存在本地文件夹，同步后才会上传。主题跟随系统的颜色。',
  },
  // The sentence that shares "archive" (压缩包 shares 包) and the one that says where the archives are.
  backup: {
    title: 'Harbor Backup',
    text: 'Harbor Backup copies your files every night. Each archive is encrypted with your password. The archives have one place: the Harbor folder on the external drive.',
  },
  backupChinese: {
    title: '港湾备份',
    text: '港湾备份每天夜里复制您的文件。每个压缩包都用您的密码加密。备份包统一放在一个位置：外接硬盘上的港湾文件夹。',
  },
};

// Other documents use the questions' other words (charge, update), so that across the base they are common.
const others = [
  { title: 'Phones', text: 'Charge a phone overnight; a phone charge lasts a day. Phones take updates when they charge.' },
  { title: 'Laptops', text: 'Laptops charge over USB-C. Install laptop updates before travelling.' },
  { title: '手机', text: '手机充电一般需要两个小时。手机的蓝牙可以连接音箱。' },
  { title: 'Nimbus Mail', text: 'Nimbus Mail is the mail app of the Nimbus suite. Nimbus Mail sorts messages into folders.' },
  { title: 'Nimbus Calendar', text: 'Nimbus Calendar is the calendar app of the Nimbus suite. Nimbus Calendar shares events with the team.' },
  { title: '云帆邮箱', text: '云帆邮箱是云帆办公套件中的邮件应用。云帆邮箱会把邮件分到文件夹里。' },
  { title: '云帆日历', text: '云帆日历是云帆办公套件中的日历应用。云帆日历可以和团队共享日程。' },
];

const seed = {
  ...BASE_SEED,
  knowledgeBases: [
    {
      id: 9,
      name: 'products',
      documents: [
        documents.scooter,
        documents.router,
        documents.speaker,
        documents.lamp,
        documents.lampEnglish,
        documents.notes,
        documents.notesChinese,
        documents.backup,
        documents.backupChinese,
        ...others,
      ],
    },
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

  // The name sentence shares three words with the question (Nimbus, Notes, app); the fact shares "draft" by
  // inflection and "keep" by a synonym ("saved"). Nimbus is in every sentence of the suite's documents.
  for (const question of ['Where does the Nimbus Notes app keep a draft?', 'Where are Nimbus Notes drafts stored?']) {
    it(`in English, worded unlike the document: the sentence with the fact, not the one with the name (${question})`, async () => {
      const line = await quoted(question);
      assert.match(line, /Drafts are saved in a local folder/);
      assert.doesNotMatch(line, /note-taking app/);
    });
  }

  // The name sentence shares 云帆笔记 and 应用; the fact says 保存 where the question says 存放 or 存.
  for (const question of ['云帆笔记的草稿存放在哪里？', '云帆笔记这个应用把草稿存在什么地方？']) {
    it(`in Chinese, worded unlike the document: the sentence with the fact, not the one with the name (${question})`, async () => {
      const line = await quoted(question);
      assert.match(line, /草稿保存在本地文件夹/);
      assert.doesNotMatch(line, /笔记应用/);
    });
  }

  for (const [question, place, other] of [
    ['Where are the Harbor Backup archives?', /The archives have one place/, /encrypted/],
    ['港湾备份的备份包在哪里？', /备份包统一放在一个位置/, /加密/],
  ] as const) {
    it(`"where" asks for a place: the sentence that says where, not another that shares a word (${question})`, async () => {
      const line = await quoted(question);
      assert.match(line, place);
      assert.doesNotMatch(line, other);
      assert.doesNotMatch(line, /copies your files|复制您的文件/);
    });
  }

  it('a question that names only the product still quotes its first sentences', async () => {
    const line = await quoted('Tell me about the Zephyr Scooter.');
    assert.match(line, /The Zephyr Scooter is a folding electric scooter/);
  });
});
