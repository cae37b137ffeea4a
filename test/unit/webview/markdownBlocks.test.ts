// The segment parser: where top-level Markdown blocks and reference definitions begin and end, as markdown-it decides.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMarkdown } from '../../../src/webview/markdownBlocks';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';

const md = createMarkdownEngine();
const kinds = (src: string): string[] => parseMarkdown(md, src).segments.map((segment) => segment.kind);
const texts = (src: string): string[] => {
  const parsed = parseMarkdown(md, src);
  return parsed.segments.map((segment) => parsed.lines.slice(segment.startLine, segment.endLine).join('\n'));
};

describe('parseMarkdown', () => {
  it('splits headings, paragraphs and lists into top-level segments', () => {
    assert.deepEqual(kinds('# Title\n\nA paragraph\nstill it.\n\n- a\n- b\n'), ['heading_open', 'paragraph_open', 'bullet_list_open']);
    assert.deepEqual(texts('# Title\n\nA paragraph\nstill it.'), ['# Title', 'A paragraph\nstill it.']);
  });

  it('keeps an open fence as one open segment, whatever it contains', () => {
    const parsed = parseMarkdown(md, 'Intro\n\n```js\nconst a = 1;\n\n# not a heading\n- not a list');
    assert.deepEqual(
      parsed.segments.map((segment) => segment.kind),
      ['paragraph_open', 'fence'],
    );
    assert.equal(parsed.segments[1]?.closedFence, false);
    assert.deepEqual(texts('Intro\n\n```js\nconst a = 1;\n\n# not a heading\n- not a list')[1], '```js\nconst a = 1;\n\n# not a heading\n- not a list');
  });

  it('marks a fence closed once its closing marker arrives (also ~~~ and longer markers)', () => {
    assert.equal(parseMarkdown(md, '```\ncode\n```').segments[0]?.closedFence, true);
    assert.equal(parseMarkdown(md, '~~~~py\ncode\n~~~\n').segments[0]?.closedFence, false);
    assert.equal(parseMarkdown(md, '~~~~py\ncode\n~~~~~\n').segments[0]?.closedFence, true);
  });

  it('keeps a loose list with blank lines and continuation paragraphs as one segment', () => {
    assert.deepEqual(kinds('1. one\n\n   more of one\n\n2. two\n\nAfter.'), ['ordered_list_open', 'paragraph_open']);
    // A trailing blank line does not end a list: the next item may still come, so the list is the last segment.
    assert.deepEqual(kinds('- a\n\n'), ['bullet_list_open']);
  });

  it('treats a table, and a paragraph with a lazy continuation, as single segments', () => {
    assert.deepEqual(kinds('| a | b |\n|---|---|\n| 1 | 2 |\n\nnext'), ['table_open', 'paragraph_open']);
    assert.deepEqual(kinds('> quote\nlazy line\n\nafter'), ['blockquote_open', 'paragraph_open']);
  });

  it('gives each top-level reference definition a segment of its own, though it renders nothing', () => {
    const src = 'See [x][r].\n\n[r]: https://example.com\n[s]: https://example.com/s\n  "title"\n> [q]: https://example.com/q\n';
    const parsed = parseMarkdown(md, src);
    assert.deepEqual(
      parsed.segments.map((segment) => [segment.kind, segment.startLine, segment.endLine]),
      [
        ['paragraph_open', 0, 1],
        ['definition', 2, 3],
        ['definition', 3, 5],
        ['blockquote_open', 5, 6],
      ],
    );
    assert.deepEqual(Object.keys(parsed.env.references), ['R', 'S', 'Q']);
    assert.deepEqual(
      parsed.definitions.map((span) => span.topLevel),
      [true, true, false],
    );
  });

  it('parses with inherited references, which win over the text’s own (the first definition of a label counts)', () => {
    const parsed = parseMarkdown(md, '[r] and [s]\n\n[r]: https://example.com/late\n[s]: https://example.com/s', {
      R: { href: 'https://example.com/early', title: '' },
    });
    assert.deepEqual(Object.keys(parsed.env.references), ['S']);
    assert.match(
      md.renderer.render([...parsed.tokens], md.options, parsed.env),
      /href="https:\/\/example.com\/early"[^>]*>r<span class="md-link-host"> \(example.com\)<\/span><\/a> and <a href="https:\/\/example.com\/s"[^>]*>s</,
    );
  });
});
