// Which labels a block may cite, and which settled blocks a late or changed reference definition renders again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';
import { citedLabels, ReferenceBook } from '../../../src/webview/markdownReferences';

const md = createMarkdownEngine();

describe('citedLabels', () => {
  it('finds every label a reference link or image may use, normalised as markdown-it matches them', () => {
    const source = 'See [Text][Label  One], [collapsed][], [shortcut], ![alt][img] and [nested [inner]] and [esc\\]aped].';
    assert.deepEqual(citedLabels(md, source).sort(), ['ALT', 'COLLAPSED', 'ESC\\]APED', 'IMG', 'INNER', 'LABEL ONE', 'SHORTCUT', 'TEXT'].sort());
  });

  it('covers every label markdown-it resolves in a text (it may name more, never fewer)', () => {
    const text =
      'A [x][a], [b][], [c], ![d][e] and [f\ng].\n\n[a]: https://e.co/a\n[b]: https://e.co/b\n[c]: https://e.co/c\n[e]: https://e.co/e\n[f g]: https://e.co/f';
    const env: { references?: Record<string, unknown> } = {};
    md.parse(text, env);
    const cited = new Set(citedLabels(md, text.split('\n\n')[0] ?? ''));
    for (const label of Object.keys(env.references ?? {})) assert.ok(cited.has(label), label);
  });
});

describe('ReferenceBook', () => {
  it('names the labels whose definition appeared, changed or went away, and the settled blocks citing them', () => {
    const book = new ReferenceBook(md);
    book.cite(0, 'See [a].');
    book.cite(1, 'Nothing cited.');
    book.cite(2, 'See [b] and [a].');
    assert.deepEqual([...book.changed({}, [])], []);
    // A definition still streaming: its address grows, then it settles.
    assert.deepEqual([...book.changed({ A: { href: 'https://e.co/', title: '' } }, [])], ['A']);
    assert.deepEqual([...book.changed({ A: { href: 'https://e.co/a', title: '' } }, [])], ['A']);
    assert.deepEqual(book.settle({ A: { href: 'https://e.co/a', title: '' } }), ['A']);
    assert.deepEqual([...book.changed({}, ['A'])], [], 'settling the same definition changes nothing');
    assert.deepEqual([...book.changed({ B: { href: 'https://e.co/b', title: '' } }, [])], ['B']);
    assert.deepEqual([...book.changed({}, [])], ['B'], 'an open definition that stops being one');
    assert.deepEqual(book.citingAny(new Set(['A'])), [0, 2]);
    assert.deepEqual(book.citingAny(new Set(['B', 'C'])), [2]);
  });

  it('keeps the first definition of a label, as markdown-it does', () => {
    const book = new ReferenceBook(md);
    assert.deepEqual(book.settle({ A: { href: 'https://e.co/first', title: '' } }), ['A']);
    assert.deepEqual(book.settle({ A: { href: 'https://e.co/second', title: '' }, B: { href: 'https://e.co/b', title: '' } }), ['B']);
    assert.deepEqual(book.settled.A, { href: 'https://e.co/first', title: '' });
  });
});
