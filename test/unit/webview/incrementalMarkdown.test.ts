// Incremental rendering equals one-shot rendering, whatever the chunking, and re-renders only the open tail.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IncrementalMarkdown, type MarkdownPatch } from '../../../src/webview/incrementalMarkdown';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';

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

/** Streams `text` in chunks of `size`, keeping a model of the DOM (frozen HTML + tail), and returns the final HTML. */
function stream(text: string, size: number): { html: string; patches: MarkdownPatch[] } {
  const renderer = new IncrementalMarkdown(md);
  let frozen: string[] = [];
  const patches: MarkdownPatch[] = [];
  for (let end = size; end < text.length + size; end += size) {
    const patch = renderer.update(text.slice(0, Math.min(end, text.length)), false);
    patches.push(patch);
    frozen = patch.reset ? [...patch.frozen] : [...frozen, ...patch.frozen];
  }
  const last = renderer.update(text, true);
  frozen = last.reset ? [...last.frozen] : [...frozen, ...last.frozen];
  return { html: frozen.join('') + last.tail, patches };
}

describe('IncrementalMarkdown', () => {
  for (const size of [1, 3, 17, 64, 10_000]) {
    it(`streamed in chunks of ${size} characters, ends equal to a one-shot render`, () => {
      assert.equal(stream(document, size).html, md.render(document, { highlight: true }));
    });
  }

  it('freezes a block once and then renders only the open tail', () => {
    const { patches } = stream('First paragraph.\n\nSecond paragraph that keeps growing for a while.', 4);
    const frozen = patches.flatMap((patch) => patch.frozen);
    assert.deepEqual(frozen, ['<p>First paragraph.</p>\n']);
    const last = patches[patches.length - 1];
    assert.equal(last?.tail, '<p>Second paragraph that keeps growing for a while.</p>\n');
  });

  it('does not highlight an open code block until its fence closes', () => {
    const renderer = new IncrementalMarkdown(md);
    const open = renderer.update('```js\nconst a = 1;\n', false);
    assert.ok(!open.tail.includes('hljs-'));
    const closed = renderer.update('```js\nconst a = 1;\n```', false);
    assert.match(closed.tail, /hljs-keyword/);
  });

  it('re-renders frozen blocks when a later reference definition changes them', () => {
    const renderer = new IncrementalMarkdown(md);
    renderer.update('See [x][r].\n\nMore', false);
    const patch = renderer.update('See [x][r].\n\nMore\n\n[r]: https://example.com/r\n\nEnd', false);
    assert.equal(patch.reset, true);
    assert.equal(patch.frozen.join('') + patch.tail, md.render('See [x][r].\n\nMore\n\n[r]: https://example.com/r\n\nEnd'));
  });

  it('starts over when the text is replaced rather than extended (regenerate reuses the turn)', () => {
    const renderer = new IncrementalMarkdown(md);
    renderer.update('Old answer.\n\nOld tail', false);
    const patch = renderer.update('New', false);
    assert.equal(patch.reset, true);
    assert.equal(patch.frozen.join('') + patch.tail, '<p>New</p>\n');
  });

  it('renders images as links and drops unsafe link schemes', () => {
    const html = md.render('![cat](https://example.com/cat.png) [x](javascript:alert(1)) [m](mailto:a@b.c)');
    assert.ok(!html.includes('<img'));
    assert.match(html, /<a href="https:\/\/example.com\/cat.png" class="md-image-link">cat<\/a>/);
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
        '<a href="https://example.com">site</a> <a href="https://example.org">https://example.org</a> write to ' +
        '<a href="mailto:someone@example.com">someone@example.com</a>, or ftp://example.net/f.\n' +
        'ref link <span class="md-image-link">chart</span></p>\n',
    );
  });
});
