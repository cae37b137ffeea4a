// Citation marks in the webview: every format becomes a chip, and the webview's pattern agrees with core's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findCitationMarks } from '../../../src/core/knowledge/citationMarks';
import { splitCitations } from '../../../src/webview/citationChips';

describe('splitting text into citation chips', () => {
  it('finds each mark format with its number, keeping the text between', () => {
    assert.deepEqual(splitCitations('A^[1]^ b[^2^] c[3] d【4】 e【5†source】.'), [
      'A',
      { number: 1, mark: '^[1]^' },
      ' b',
      { number: 2, mark: '[^2^]' },
      ' c',
      { number: 3, mark: '[3]' },
      ' d',
      { number: 4, mark: '【4】' },
      ' e',
      { number: 5, mark: '【5†source】' },
      '.',
    ]);
  });

  it('leaves links, reference definitions, partial marks and plain brackets as text', () => {
    for (const text of ['see [1](https://x)', '[1]: https://x', 'half ^[1', 'array[i]', '【x】', 'no marks']) {
      assert.deepEqual(splitCitations(text), [text], text);
    }
  });

  it('agrees with the core finder on the same samples', () => {
    const samples = ['x^[12]^y', '[^3^][4]', '结论【1】和【2†doc.pdf】。', 'a [7] b [8](u) c'];
    for (const sample of samples) {
      const marks = splitCitations(sample).flatMap((p) => (typeof p === 'string' ? [] : [p.number]));
      assert.deepEqual(
        marks,
        findCitationMarks(sample).map((m) => m.number),
        sample,
      );
    }
  });
});
