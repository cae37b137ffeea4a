// Markdown for VS Code's preview that loads nothing (src/core/markdown/markdownWithoutRemoteImages.ts): each result is
// parsed by markdown-it as the preview does (HTML on) and must hold no image and no HTML, whatever the input; images
// become links when the link rule opens their address and text otherwise; code and autolinks are left as written.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { markdownWithoutRemoteImages } from '../../../../src/core/markdown/markdownWithoutRemoteImages';
import { hostileShapes } from '../../../fixtures/hostileMarkdown';

const preview = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<MarkdownIt['parse']>[number];

/** What the preview would load or run: images, raw HTML. */
function loaded(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'image') found.push(`image ${token.attrGet('src') ?? ''}`);
      if (token.type.startsWith('html_')) found.push(`${token.type} ${token.content}`);
      if (token.children !== null) walk(token.children);
    }
  };
  walk(preview.parse(markdown, {}));
  return found;
}

const corpus = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../fixtures/xss-corpus.json'), 'utf8')) as { payloads: { markdown: string }[] }
).payloads.map((p) => p.markdown);

describe('markdownWithoutRemoteImages', () => {
  it('an image with an address the chat opens becomes a link to it; any other becomes its text', async () => {
    assert.equal(
      await markdownWithoutRemoteImages('See ![the chart](https://tracker.example/p.png?who=you "Chart").'),
      'See [the chart](https://tracker.example/p.png?who=you "Chart").',
    );
    assert.equal(await markdownWithoutRemoteImages('![logo](javascript:alert(1)) and ![x](data:image/png;base64,AAAA)'), 'logo and x');
    assert.equal(await markdownWithoutRemoteImages('![a ![b](https://e.example/b.png)](vscode:evil)'), 'a [b](https://e.example/b.png)');
    assert.equal(
      await markdownWithoutRemoteImages('![ref][r] and ![short]\n\n[r]: https://e.example/i.png\n[short]: https://e.example/s.png'),
      '\\[ref][r] and \\[short]\n\n[r]: https://e.example/i.png\n[short]: https://e.example/s.png',
    );
  });

  it('raw HTML becomes text; autolinks stay links', async () => {
    assert.equal(
      await markdownWithoutRemoteImages('<img src="https://e.example/x.png"> a < b <https://e.example/page>'),
      '&lt;img src="https://e.example/x.png"> a &lt; b <https://e.example/page>',
    );
    assert.deepEqual(loaded(await markdownWithoutRemoteImages('<div>\n<img src=https://e.example/x>\n</div>')), []);
  });

  it('leaves fenced, indented and inline code as written', async () => {
    const text = [
      'Use `![alt](https://e.example/a.png)` or ``<img src=x>``:',
      '',
      '```html',
      '<img src="https://e.example/b.png">',
      '![b](https://e.example/b.png)',
      '```',
      '',
      '    <picture><source srcset="https://e.example/c.png"></picture>',
    ].join('\n');
    assert.equal(await markdownWithoutRemoteImages(text), text);
    assert.deepEqual(loaded(text), []);
  });

  it('code a container ends early is not taken as code: the text is rewritten whole and loads nothing', async () => {
    // The fence opens inside the list item; the unindented line ends the item, and with it the fence.
    const text = '- item\n  ```\n![x](https://e.example/leak.png)\n<img src=https://e.example/leak2.png>\n  ```\n';
    assert.ok(loaded(text).length > 0, 'the input would load images');
    assert.deepEqual(loaded(await markdownWithoutRemoteImages(text)), []);
  });

  it('no payload of the XSS corpus, nor any hostile shape of Markdown, leaves an image or HTML', async () => {
    for (const markdown of [...corpus, ...hostileShapes(20_000).map((shape) => shape.text)]) {
      assert.deepEqual(loaded(await markdownWithoutRemoteImages(markdown)), [], markdown.slice(0, 120));
    }
  });
});
