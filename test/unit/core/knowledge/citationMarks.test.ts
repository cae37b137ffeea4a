import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CitationMarkStream, findCitationMarks, PlainCitationStream, removeCitationMarks } from '../../../../src/core/knowledge/citationMarks';

const numbers = (text: string): number[] => findCitationMarks(text).map((m) => m.number);

describe('citation marks', () => {
  it('finds each format of docs/wire.md with its number and position', () => {
    for (const [text, mark, n] of [
      ['Keys are secret.^[1]^ Done', '^[1]^', 1],
      ['Keys are secret.[^2^] Done', '[^2^]', 2],
      ['Keys are secret.[3] Done', '[3]', 3],
      ['密钥保存在安全存储中【4】。', '【4】', 4],
      ['密钥保存在安全存储中【5†source】。', '【5†source】', 5],
    ] as const) {
      const [found] = findCitationMarks(text);
      assert.ok(found, text);
      assert.equal(found.number, n);
      assert.equal(found.text, mark);
      assert.equal(text.slice(found.start, found.end), mark);
    }
  });

  it('finds adjacent marks separately', () => {
    assert.deepEqual(numbers('Answer^[1]^^[2]^【3】[4]'), [1, 2, 3, 4]);
  });

  it('leaves marks inside inline code and fenced code alone', () => {
    const text = 'Use `arr[1]` here^[1]^.\n\n```ts\nconst x = a[2];\n```\nAfter [3]';
    assert.deepEqual(numbers(text), [1, 3]);
    assert.equal(removeCitationMarks(text), 'Use `arr[1]` here.\n\n```ts\nconst x = a[2];\n```\nAfter ');
  });

  it('does not take Markdown links or reference definitions for marks', () => {
    assert.deepEqual(numbers('See [1](https://example.com) and\n[2]: https://example.com'), []);
  });

  it('removes marks of every format for reading aloud', () => {
    assert.equal(removeCitationMarks('A^[1]^ b[^2^] c[3] d【4】 e【5†doc】.'), 'A b c d e.');
  });

  it('finds a mark split across streamed chunks exactly once, at its offset in the whole text', () => {
    const text = 'First point^[1]^, second【2†src】 and `code[9]` then [3]';
    for (let cut = 0; cut <= text.length; cut++) {
      for (let cut2 = cut; cut2 <= text.length; cut2 += 7) {
        const stream = new CitationMarkStream();
        const found = [...stream.push(text.slice(0, cut)), ...stream.push(text.slice(cut, cut2)), ...stream.push(text.slice(cut2)), ...stream.end()];
        assert.deepEqual(found, findCitationMarks(text), `cut at ${cut}/${cut2}`);
      }
    }
  });

  it('holds back a tail that may still become a mark until it is complete', () => {
    const stream = new CitationMarkStream();
    assert.deepEqual(stream.push('Answer^['), []);
    assert.deepEqual(stream.push('1]'), []);
    assert.deepEqual(
      stream.push('^ more').map((m) => m.text),
      ['^[1]^'],
    );
  });
});

describe('PlainCitationStream', () => {
  it('writes marks as [n], never cutting one that arrives in pieces, and leaves code alone', () => {
    const plain = new PlainCitationStream();
    const pieces = ['Keys stay in secret storage.^', '[', '1', ']^', ' Run Set API Key.【2†guide】 `a[1]b`', ' done^['];
    const shown = pieces.map((piece) => plain.push(piece));
    shown.push(plain.end());
    assert.equal(shown.join(''), 'Keys stay in secret storage. [1] Run Set API Key. [2] `a[1]b` done^[');
    assert.equal(shown[1], '', 'a mark that has only begun is held back');
  });
});

describe('CitationMarkStream, the closing caret', () => {
  it('reports a ^[n]^ mark on the piece that closes it, not one piece later', () => {
    const stream = new CitationMarkStream();
    assert.deepEqual(stream.push('Stored in secret storage.^[1'), []);
    assert.deepEqual(
      stream.push(']^').map((mark) => mark.text),
      ['^[1]^'],
    );
    assert.equal(stream.finalLength, 'Stored in secret storage.^[1]^'.length);
  });
});
