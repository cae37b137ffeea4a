// Incremental rendering equals one-shot rendering, whatever the chunking, and re-renders only the open block: for an
// open table or list, only its open rows or items; for a late reference definition, only the blocks citing it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IncrementalMarkdown, type MarkdownPatch } from '../../../src/webview/incrementalMarkdown';
import { parseMarkdown } from '../../../src/webview/markdownBlocks';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';
import { hostileShapes } from '../../fixtures/hostileMarkdown';
import { PatchModel } from './markdownPatchModel';

const md = createMarkdownEngine();

const document = [
  '# Streaming',
  '',
  'Text with **bold**, `code`, a [link](https://example.com) and www.example.org.',
  'A lazy second line.',
  '',
  '- one',
  '- two',
  '',
  '  still two',
  '',
  '1. first',
  '2. second',
  '',
  '```ts',
  'function f(): number {',
  '',
  '  return 1; // # not a heading',
  '}',
  '```',
  '',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '',
  '> quote',
  'lazy',
  '',
  'See [the ref][r] and ![alt text](https://example.com/i.png).',
  '',
  '[r]: https://example.com/ref',
  '',
  '~~~',
  'unclosed at the end',
].join('\n');

/** Containers and references at their edges: looseness arriving late, markers changing, rows citing late labels. */
const edges = [
  '- a',
  '- b',
  '-b is text, not an item',
  '',
  '- c, and the list is loose now',
  '  - nested [n][late]',
  '* a star ends it',
  '* and [z][late]',
  '',
  '3. three',
  '4. four',
  '5) another list',
  '',
  '| h | [x][late] |',
  '|---|:-:|',
  '| 1 | [y][late] |',
  '| 2 \\| 3 |',
  '|',
  '',
  '  - indented item',
  '  - and another',
  '',
  '[late]: https://example.com/late',
  '[n]: https://example.com/n "title"',
  '',
  'After [late] and [n].',
].join('\n');

/** A seeded generator, so a failing split can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

/** Cut points of `text`: chunks of `size`, or of 1 to `size` characters at random when a seed is given. */
function cuts(text: string, size: number, seed?: number): number[] {
  const next =
    seed === undefined
      ? () => size
      : (
          (r) => () =>
            1 + Math.floor(r() * size)
        )(random(seed));
  const ends: number[] = [];
  for (let end = next(); end < text.length; end += next()) ends.push(end);
  return [...ends, text.length];
}

interface Streamed {
  html: string;
  patches: MarkdownPatch[];
}

/** A one-shot render of text still streaming: a code block whose fence has not closed yet is not highlighted. */
function oneShot(text: string): string {
  const parsed = parseMarkdown(md, text);
  const last = parsed.segments.at(-1);
  if (last === undefined || last.kind !== 'fence' || last.closedFence) return md.render(text);
  const start = parsed.lineStarts[last.startLine] ?? 0;
  return md.render(text.slice(0, start)) + md.render(text.slice(start), { highlight: false });
}

/**
 * Streams `text`, cut at `ends`, through the renderer and a model of the view; with `everyStep`, checks after each
 * update that the view shows exactly what a one-shot render of the text so far shows.
 */
function stream(text: string, ends: readonly number[], everyStep = false): Streamed {
  const renderer = new IncrementalMarkdown(md);
  const view = new PatchModel();
  const patches: MarkdownPatch[] = [];
  for (const end of ends) {
    const prefix = text.slice(0, end);
    const patch = renderer.update(prefix, false);
    patches.push(patch);
    const html = view.apply(patch);
    if (everyStep) assert.equal(html, oneShot(prefix), `after ${end} characters`);
  }
  const last = renderer.update(text, true);
  patches.push(last);
  return { html: view.apply(last), patches };
}

/** The HTML one update produced: what it cost the view to apply. */
function output(patch: MarkdownPatch): number {
  const open = patch.open.kind === 'whole' ? patch.open.html : patch.open.settled.join('') + patch.open.tail;
  const settled = patch.settled.map((block) => (block.kind === 'block' ? block.html : block.children.join('')));
  return [open, ...settled, ...patch.replaced.map((block) => block.html)].join('').length;
}

describe('IncrementalMarkdown', () => {
  for (const size of [1, 3, 17, 64, 10_000]) {
    it(`streamed in chunks of ${size} characters, ends equal to a one-shot render`, () => {
      assert.equal(stream(document, cuts(document, size)).html, md.render(document, { highlight: true }));
    });
  }

  it('shows what a one-shot render of the text so far shows after every character (containers and late references at their edges)', () => {
    for (const text of [document, edges]) assert.equal(stream(text, cuts(text, 1), true).html, md.render(text, { highlight: true }));
  });

  it('settles a block once and then renders only the open block', () => {
    const { patches } = stream('First paragraph.\n\nSecond paragraph that keeps growing for a while.', cuts('x'.repeat(49), 4));
    const settled = patches.flatMap((patch) => patch.settled);
    assert.deepEqual(settled, [{ kind: 'block', html: '<p>First paragraph.</p>\n' }]);
    assert.deepEqual(patches.at(-1)?.open, { kind: 'whole', html: '<p>Second paragraph that keeps growing for a while.</p>\n' });
  });

  it('does not highlight an open code block until its fence closes', () => {
    const renderer = new IncrementalMarkdown(md);
    const open = renderer.update('```js\nconst a = 1;\n', false).open;
    assert.ok(open.kind === 'whole' && !open.html.includes('hljs-'));
    const closed = renderer.update('```js\nconst a = 1;\n```', false).open;
    assert.ok(closed.kind === 'whole' && /hljs-keyword/.test(closed.html));
  });

  it('renders again only the settled blocks that may cite a reference defined later', () => {
    const renderer = new IncrementalMarkdown(md);
    const view = new PatchModel();
    view.apply(renderer.update('See [x][r].\n\nMore\n\nAnd [y][other].\n\n', false));
    const text = 'See [x][r].\n\nMore\n\nAnd [y][other].\n\n[r]: https://example.com/r\n\nEnd';
    const patch = renderer.update(text, false);
    assert.equal(patch.reset, false);
    assert.deepEqual(patch.replaced, [
      { index: 0, html: '<p>See <a href="https://example.com/r" title="https://example.com/r">x<span class="md-link-host"> (example.com)</span></a>.</p>\n' },
    ]);
    assert.equal(view.apply(patch), md.render(text));
  });

  it('starts over when the text is replaced rather than extended (regenerate reuses the turn)', () => {
    const renderer = new IncrementalMarkdown(md);
    renderer.update('Old answer.\n\nOld tail', false);
    const patch = renderer.update('New', false);
    assert.equal(patch.reset, true);
    assert.equal(new PatchModel().apply(patch), '<p>New</p>\n');
  });

  it('renders images as links and drops unsafe link schemes', () => {
    const html = md.render('![cat](https://example.com/cat.png) [x](javascript:alert(1)) [m](mailto:a@b.c)');
    assert.ok(!html.includes('<img'));
    assert.match(
      html,
      /<a href="https:\/\/example.com\/cat.png" title="https:\/\/example.com\/cat.png" class="md-image-link">cat<span class="md-link-host"> \(example.com\)<\/span><\/a>/,
    );
    assert.ok(!html.includes('javascript:alert(1)"'));
    assert.match(html, /href="mailto:a@b.c"/);
  });

  it('shows a link the chat would not open as its text, by the shared link rule; e-mail addresses become mailto links', () => {
    const html = md.render(
      [
        '[the *docs*](file:///usr/share/doc) [run](command:workbench.action.terminal.new) <vscode://settings>',
        '[site](https://example.com) <https://example.org> write to someone@example.com, or ftp://example.net/f.',
        '[ref link][r] ![chart](data:image/png;base64,AAAA)',
        '',
        '[r]: javascript:alert(1)',
      ].join('\n'),
    );
    assert.equal(
      html,
      '<p>the <em>docs</em> run vscode://settings\n' +
        '<a href="https://example.com" title="https://example.com/">site<span class="md-link-host"> (example.com)</span></a> ' +
        '<a href="https://example.org" title="https://example.org/">https://example.org</a> write to ' +
        '<a href="mailto:someone@example.com" title="mailto:someone@example.com">someone@example.com</a>, or ftp://example.net/f.\n' +
        'ref link <span class="md-image-link">chart</span></p>\n',
    );
  });
});

describe('IncrementalMarkdown on hostile answers', () => {
  for (const { name, text } of hostileShapes(8_000)) {
    it(`${name}: streamed in random deltas, ends equal to a one-shot render`, () => {
      const expected = md.render(text, { highlight: true });
      for (const seed of [1, 2, 3, 4]) assert.equal(stream(text, cuts(text, 400, seed)).html, expected, `split ${seed}`);
    });
  }

  for (const { name, text } of hostileShapes(2_000)) {
    it(`${name}: shows what a one-shot render of the text so far shows after every delta`, () => {
      stream(text, cuts(text, 60, 7), true);
    });
  }

  for (const name of ['table-60-rows', 'table-439-short-rows', 'long-list', 'reference-links']) {
    it(`${name}: an update renders a few rows, items or cited blocks, however long the answer has grown`, () => {
      const text = hostileShapes(12_000).find((shape) => shape.name === name)?.text ?? '';
      const { html, patches } = stream(text, cuts(text, 30));
      assert.ok(html.length > 12_000, `the whole answer renders to ${html.length} characters`);
      const largest = Math.max(...patches.slice(0, -1).map(output));
      // About three blocks; a cited block is larger, each of its links rendering its title and its destination.
      const bound = name === 'reference-links' ? 7_500 : 3_000;
      assert.ok(largest < bound, `the largest update rendered ${largest} characters`);
    });
  }

  it('a growing table or list ends as it streamed: the last update keeps its rows or items (they match a one-shot render)', () => {
    for (const name of ['table-60-rows', 'long-list', 'nested-lists', 'table-400-columns']) {
      const text = hostileShapes(12_000).find((shape) => shape.name === name)?.text ?? '';
      const last = stream(text, cuts(text, 100)).patches.at(-1);
      assert.equal(last?.open.kind === 'children' && last.open.continues, true, name);
    }
  });
});
