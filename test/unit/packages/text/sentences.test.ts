import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitSentences, splitSpokenSentences } from '../../../../packages/text/sentences';

/** As Read Aloud cuts a long text: short pieces merged, none over 300 characters. */
const readAloud = (text: string): string[] => splitSpokenSentences(text, { minChars: 8, maxChars: 300 });

describe('splitSentences', () => {
  it('splits mixed Chinese and English, with or without a space after the end', () => {
    assert.deepEqual(splitSentences('我用VS Code写代码。It works well! 真的吗？The file is saved.保存好了。'), [
      '我用VS Code写代码。',
      'It works well!',
      '真的吗？',
      'The file is saved.',
      '保存好了。',
    ]);
  });

  it('keeps every kind of closing quote and bracket with the sentence it closes', () => {
    assert.deepEqual(
      splitSentences('他说“走吧。”于是「出发。」接着『到了。』然后（休息。）还有【注意。】最后《完。》He said "Stop." (Then left.) [Sic.] Done.'),
      [
        '他说“走吧。”',
        '于是「出发。」',
        '接着『到了。』',
        '然后（休息。）',
        '还有【注意。】',
        '最后《完。》',
        'He said "Stop."',
        '(Then left.)',
        '[Sic.]',
        'Done.',
      ],
    );
  });

  it('never ends a sentence inside a number, a dotted name or before a lower-case word', () => {
    assert.deepEqual(splitSentences('价格是3.5元。Set maas.baseUrl first, e.g. to a local address. Version 1.2.3 shipped.'), [
      '价格是3.5元。',
      'Set maas.baseUrl first, e.g. to a local address.',
      'Version 1.2.3 shipped.',
    ]);
  });

  it('ends a sentence at every line break and drops blank lines', () => {
    assert.deepEqual(splitSentences('第一行没有句号\r\nThe second line\n\n  \n第三行。'), ['第一行没有句号', 'The second line', '第三行。']);
    assert.deepEqual(splitSentences(' \n\n  '), []);
  });

  it('keeps semicolons and ellipses inside a sentence (they are pauses, not ends)', () => {
    assert.deepEqual(splitSentences('先关机；再拔电源。Open the app; the router shows up.'), ['先关机；再拔电源。', 'Open the app; the router shows up.']);
  });
});

describe('splitSpokenSentences', () => {
  it('splits Chinese text at 。！？ and at ；', () => {
    assert.deepEqual(readAloud('今天天气很好，我们去公园。你想一起去吗？当然想去！先吃午饭；然后出发。'), [
      '今天天气很好，我们去公园。',
      '你想一起去吗？当然想去！',
      '先吃午饭；然后出发。',
    ]);
    assert.deepEqual(splitSpokenSentences('先吃午饭；然后出发。他走了……她没说话。', { maxChars: 300 }), ['先吃午饭；', '然后出发。', '他走了……', '她没说话。']);
  });

  it('splits English text at . ! ? ; followed by a space, never inside a number', () => {
    assert.deepEqual(readAloud('Pi is about 3.14 in most tables. Version 1.2.3 shipped today! Is that right? Yes; it is.'), [
      'Pi is about 3.14 in most tables.',
      'Version 1.2.3 shipped today!',
      'Is that right?',
      'Yes; it is.',
    ]);
  });

  it('splits at newlines and keeps closing quotes with their sentence, also after a pause', () => {
    assert.deepEqual(readAloud('他说：“我们明天出发。”然后他离开了房间去工作\nThe second line of the text'), [
      '他说：“我们明天出发。”',
      '然后他离开了房间去工作',
      'The second line of the text',
    ]);
    assert.deepEqual(splitSpokenSentences('他说：“先等等；”然后走了。', { maxChars: 300 }), ['他说：“先等等；”', '然后走了。']);
  });

  it('merges very short pieces into a neighbour, with a space only after a word of a spaced script', () => {
    assert.deepEqual(readAloud('好。Yes. 这是一个比较长的句子。OK.'), ['好。Yes. 这是一个比较长的句子。OK.']);
    assert.deepEqual(readAloud('好的。谢谢。这是一个比较长的句子。'), ['好的。谢谢。这是一个比较长的句子。']);
    assert.deepEqual(readAloud('他说：“好。”\nThen he left the room.'), ['他说：“好。”Then he left the room.']);
  });

  it('keeps every sentence when nothing is to be merged', () => {
    assert.deepEqual(splitSpokenSentences('第一句话。Second sentence!\n第三句，最后一句？', { maxChars: 300 }), [
      '第一句话。',
      'Second sentence!',
      '第三句，最后一句？',
    ]);
  });

  it('cuts a sentence longer than the limit at a comma', () => {
    const long = `${'a'.repeat(40)}, ${'b'.repeat(40)}, ${'c'.repeat(40)}.`;
    const pieces = splitSpokenSentences(long, { maxChars: 60 });
    assert.deepEqual(pieces, [`${'a'.repeat(40)},`, `${'b'.repeat(40)},`, `${'c'.repeat(40)}.`]);
  });

  it('cuts a Chinese sentence at its last comma within the limit, and an unbroken one at the limit', () => {
    const clause = `${'汉'.repeat(20)}，`;
    assert.deepEqual(splitSpokenSentences(clause.repeat(5), { maxChars: 50 }), [clause.repeat(2), clause.repeat(2), clause]);
    assert.deepEqual(splitSpokenSentences('字'.repeat(120), { maxChars: 50 }), ['字'.repeat(50), '字'.repeat(50), '字'.repeat(20)]);
  });

  it('counts and cuts by code point, never splitting a surrogate pair', () => {
    const pieces = splitSpokenSentences('😀'.repeat(70), { maxChars: 50 });
    assert.deepEqual(pieces, ['😀'.repeat(50), '😀'.repeat(20)]);
  });

  it('returns nothing for blank text', () => {
    assert.deepEqual(readAloud(' \n\n  '), []);
  });
});
