// The block splitter: where top-level Markdown blocks begin and end, as markdown-it itself decides.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitMarkdownBlocks } from '../../../src/webview/markdownBlocks';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';

const md = createMarkdownEngine();
const kinds = (src: string): string[] => splitMarkdownBlocks(md, src).blocks.map((block) => block.kind);
const texts = (src: string): string[] => splitMarkdownBlocks(md, src).blocks.map((block) => block.text);

describe('splitMarkdownBlocks', () => {
  it('splits headings, paragraphs and lists into top-level blocks', () => {
    assert.deepEqual(kinds('# Title\n\nA paragraph\nstill it.\n\n- a\n- b\n'), ['heading_open', 'paragraph_open', 'bullet_list_open']);
    assert.deepEqual(texts('# Title\n\nA paragraph\nstill it.'), ['# Title', 'A paragraph\nstill it.']);
  });

  it('keeps an open fence as one open block, whatever it contains', () => {
    const split = splitMarkdownBlocks(md, 'Intro\n\n```js\nconst a = 1;\n\n# not a heading\n- not a list');
    assert.deepEqual(
      split.blocks.map((b) => b.kind),
      ['paragraph_open', 'fence'],
    );
    assert.equal(split.blocks[1]?.closedFence, false);
    assert.equal(split.blocks[1]?.text, '```js\nconst a = 1;\n\n# not a heading\n- not a list');
  });

  it('marks a fence closed once its closing marker arrives (also ~~~ and longer markers)', () => {
    assert.equal(splitMarkdownBlocks(md, '```\ncode\n```').blocks[0]?.closedFence, true);
    assert.equal(splitMarkdownBlocks(md, '~~~~py\ncode\n~~~\n').blocks[0]?.closedFence, false);
    assert.equal(splitMarkdownBlocks(md, '~~~~py\ncode\n~~~~~\n').blocks[0]?.closedFence, true);
  });

  it('keeps a loose list with blank lines and continuation paragraphs as one block', () => {
    assert.deepEqual(kinds('1. one\n\n   more of one\n\n2. two\n\nAfter.'), ['ordered_list_open', 'paragraph_open']);
    // A trailing blank line does not end a list: the next item may still come, so the list is the last block.
    assert.deepEqual(kinds('- a\n\n'), ['bullet_list_open']);
  });

  it('treats a table, and a paragraph with a lazy continuation, as single blocks', () => {
    assert.deepEqual(kinds('| a | b |\n|---|---|\n| 1 | 2 |\n\nnext'), ['table_open', 'paragraph_open']);
    assert.deepEqual(kinds('> quote\nlazy line\n\nafter'), ['blockquote_open', 'paragraph_open']);
  });

  it('reports reference definitions, which produce no block of their own', () => {
    const split = splitMarkdownBlocks(md, 'See [x][r].\n\n[r]: https://example.com\n');
    assert.deepEqual(
      split.blocks.map((b) => b.kind),
      ['paragraph_open'],
    );
    assert.deepEqual(Object.keys(split.references), ['R']);
  });
});
