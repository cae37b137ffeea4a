import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitSentences } from '../../../../src/core/speech/sentenceSplitter';

describe('splitSentences', () => {
  it('splits Chinese text at 。！？；', () => {
    assert.deepEqual(splitSentences('今天天气很好，我们去公园。你想一起去吗？当然想去！先吃午饭；然后出发。'), [
      '今天天气很好，我们去公园。',
      '你想一起去吗？当然想去！',
      '先吃午饭；然后出发。',
    ]);
  });

  it('splits English text at . ! ? ; followed by a space, never inside a number', () => {
    assert.deepEqual(splitSentences('Pi is about 3.14 in most tables. Version 1.2.3 shipped today! Is that right? Yes; it is.'), [
      'Pi is about 3.14 in most tables.',
      'Version 1.2.3 shipped today!',
      'Is that right?',
      'Yes; it is.',
    ]);
  });

  it('splits at newlines and keeps closing quotes with their sentence', () => {
    assert.deepEqual(splitSentences('他说：“我们明天出发。”然后他离开了房间去工作\nThe second line of the text'), [
      '他说：“我们明天出发。”',
      '然后他离开了房间去工作',
      'The second line of the text',
    ]);
  });

  it('merges very short pieces into a neighbour', () => {
    assert.deepEqual(splitSentences('好。Yes. 这是一个比较长的句子。OK.'), ['好。Yes. 这是一个比较长的句子。OK.']);
    assert.deepEqual(splitSentences('好的。谢谢。这是一个比较长的句子。'), ['好的。谢谢。这是一个比较长的句子。']);
  });

  it('cuts a sentence longer than the limit at a comma', () => {
    const long = `${'a'.repeat(40)}, ${'b'.repeat(40)}, ${'c'.repeat(40)}.`;
    const pieces = splitSentences(long, { maxChars: 60 });
    assert.ok(pieces.length >= 2);
    for (const piece of pieces) assert.ok(piece.length <= 60, piece);
    assert.equal(pieces.join(' ').replace(/\s+/g, ''), long.replace(/\s+/g, ''));
  });

  it('returns nothing for blank text', () => {
    assert.deepEqual(splitSentences(' \n\n  '), []);
  });
});
