// The image guard (src/core/markdown/markdownGuard.ts), the last check of the Markdown handed to VS Code's chat and
// to its Markdown preview: whatever the text, what it hands out parses (markdown-it, as the preview and the guard
// read it) to no image, and in the preview to no raw HTML but the caller's own; a repair only adds escapes (and, in a
// stream, at worst a paragraph break), so no character of the text is lost; and the rewriters' output, which should
// hold no image, passes it unchanged, whole or streamed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { ChatMarkdownLinks, chatMarkdown } from '../../../../src/core/markdown/chatMarkdownLinks';
import { markdownText } from '../../../../src/core/markdown/markdownEscapes';
import { markdownGuard, type MarkdownGuard } from '../../../../src/core/markdown/markdownGuard';
import { markdownWithoutRemoteImages } from '../../../../src/core/markdown/markdownWithoutRemoteImages';
import { hostileShapes } from '../../../fixtures/hostileMarkdown';

const corpus = (JSON.parse(readFileSync(join(__dirname, '../../../fixtures/xss-corpus.json'), 'utf8')) as { payloads: { markdown: string }[] }).payloads.map(
  (p) => p.markdown,
);

type Token = ReturnType<MarkdownIt['parse']>[number];
const chatParser = new MarkdownIt({ html: false, linkify: false });
const previewParser = new MarkdownIt({ html: true, linkify: true });

/** The images (and, for the preview, the raw HTML) a renderer would load from `markdown`. */
function loaded(markdown: string, sink: 'chat' | 'preview', ownHtml: readonly string[] = []): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'image') found.push(`image ${token.attrGet('src') ?? ''}`);
      if (sink === 'preview' && token.type.startsWith('html_') && !ownHtml.includes(token.content.trim())) found.push(`${token.type} ${token.content}`);
      if (token.children !== null) walk(token.children);
    }
  };
  walk((sink === 'chat' ? chatParser : previewParser).parse(markdown, {}));
  return found;
}

/** Whether `output` is `input` with only characters of `added` put in. */
function onlyAdds(input: string, output: string, added: RegExp): boolean {
  let i = 0;
  for (const c of output) {
    if (c === input[i]) i += 1;
    else if (!added.test(c)) return false;
  }
  return i === input.length;
}

/** A seeded generator of numbers in [0, 1), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** Pieces of Markdown an answer may put together to make an image out of what a rewriter writes. */
const fragments = [
  ...['!', '!!', '\\', '[', ']', '(', ')', '`', '``', '*', '_', '<', '>', '|', ':', ' ', 'a', '\n', '\n\n', '- ', '> ', '---', '```', '    '],
  ...['![x](https://attacker.invalid/i.png)', '[l](https://e.example/)', '](https://attacker.invalid/z.png)', '](javascript:x)', '"t"'],
  ...[
    '[r]: https://attacker.invalid/r.png',
    '![x][r]',
    '[r]',
    '![',
    '[!',
    '!]',
    '&#33;',
    '<https://attacker.invalid/a>',
    '<img src=https://attacker.invalid/h>',
  ],
];

function compositions(seed: number, count: number): string[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + Math.floor(random() * 12) }, () => fragments[Math.floor(random() * fragments.length)] ?? '').join(''),
  );
}

/** `text` pushed through a guard stream in pieces cut at random. */
function streamed(guard: MarkdownGuard, text: string, random: () => number): string {
  const stream = guard.stream();
  let out = '';
  for (let at = 0; at < text.length;) {
    const next = Math.min(text.length, at + 1 + Math.floor(random() * 6));
    out += stream.push(text.slice(at, next));
    at = next;
  }
  return out;
}

describe('the image guard', () => {
  let chat: MarkdownGuard;
  let preview: MarkdownGuard;
  before(async () => {
    [chat, preview] = await Promise.all([markdownGuard('chat'), markdownGuard('preview')]);
  });

  it('writes a `!` that would join the next image into `![` again as `\\!`, losing no other character', () => {
    assert.equal(chat.inert('Look!![x](https://attacker.invalid/p.png)'), 'Look!\\![x](https://attacker.invalid/p.png)');
    assert.equal(chat.inert('Use `![a](b)` and then ![c](https://attacker.invalid/c.png)'), 'Use `\\![a](b)` and then \\![c](https://attacker.invalid/c.png)');
    assert.equal(
      chat.inert('```md\n![a](https://e.example/a.png)\n```\n![c](https://attacker.invalid/c.png)'),
      '```md\n![a](https://e.example/a.png)\n```\n\\![c](https://attacker.invalid/c.png)',
    );
    assert.deepEqual(loaded(chat.inert('![x][r]\n\n[r]: https://attacker.invalid/r.png'), 'chat'), []);
  });

  it('leaves text that loads nothing exactly as it is, code and links included', () => {
    const text = 'A [link](https://e.example/) and `![code](https://e.example/c.png)`.\n\n```md\n![fenced](https://e.example/f.png)\n```\n';
    assert.equal(chat.inert(text), text);
    assert.equal(preview.inert(text), text);
  });

  it('in the preview, escapes raw HTML but the caller’s own lines', () => {
    const own = ['<details><summary>Reasoning</summary>', '</details>'];
    const text = `${own[0]}\n\nthought <img src="https://attacker.invalid/h.png">\n\n${own[1]}\n`;
    const out = preview.inert(text, { ownHtml: own });
    assert.deepEqual(loaded(out, 'preview', own), []);
    assert.ok(out.startsWith(`${own[0]}\n`) && out.includes(`\n${own[1]}\n`), out);
    assert.ok(out.includes('&lt;img src="https://attacker.invalid/h.png">'), out);
  });

  it('hands out no image from any hostile payload, composition or shape, whole or in random pieces, and only adds escapes', () => {
    const random = seeded(3);
    for (const text of [...corpus, ...compositions(17, 3_000), ...hostileShapes(2_000).map((shape) => shape.text)]) {
      const whole = chat.inert(text);
      assert.deepEqual(loaded(whole, 'chat'), [], JSON.stringify(text));
      assert.ok(onlyAdds(text, whole, /\\/), `${JSON.stringify(text)} became ${JSON.stringify(whole)}`);
      const pieces = streamed(chat, text, random);
      assert.deepEqual(loaded(pieces, 'chat'), [], `${JSON.stringify(text)} streamed as ${JSON.stringify(pieces)}`);
      assert.ok(onlyAdds(text, pieces, /[\\\n]/), `${JSON.stringify(text)} streamed as ${JSON.stringify(pieces)}`);
      assert.deepEqual(loaded(preview.inert(text), 'preview'), [], JSON.stringify(text));
    }
  });

  it("passes the rewriters' output unchanged: they leave it nothing to repair", async () => {
    const random = seeded(29);
    for (const text of [...corpus, ...compositions(41, 2_000)]) {
      const forChat = chatMarkdown(text);
      assert.equal(chat.inert(forChat), forChat, JSON.stringify(text));
      const links = new ChatMarkdownLinks();
      const stream = chat.stream();
      let shown = '';
      for (let at = 0; at < text.length;) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 8));
        shown += stream.push(links.push(text.slice(at, next)));
        at = next;
      }
      shown += stream.push(links.end());
      assert.equal(shown, forChat, JSON.stringify(text));
      const forPreview = await markdownWithoutRemoteImages(text);
      assert.equal(preview.inert(forPreview), forPreview, JSON.stringify(text));
    }
  });

  it('a repair in a stream reaches only the new piece: an image closed by a later piece, or made by a later definition', () => {
    for (const pieces of [
      ['Look ![x', '](https://attacker.invalid/late.png)'],
      ['![x][late]\n\n', '[late]: https://attacker.invalid/def.png'],
      ['Wow!', '[x](https://attacker.invalid/join.png)'],
      // Backslashes before the piece decide whether its `!` is escaped: an escaped backslash escapes nothing.
      ['a \\\\', '![x](https://attacker.invalid/even.png)'],
      ['a \\', '\\', '\\\\', '![x](https://attacker.invalid/runs.png)'],
      ['a \\\\\\', '\\![x](https://attacker.invalid/odd.png)'],
    ]) {
      const stream = chat.stream();
      const shown = pieces.map((piece) => stream.push(piece));
      assert.equal(shown[0], pieces[0]);
      assert.deepEqual(loaded(shown.join(''), 'chat'), [], JSON.stringify(shown));
      assert.ok(onlyAdds(pieces.join(''), shown.join(''), /[\\\n]/), JSON.stringify(shown));
    }
  });

  it('plain text written as Markdown shows as written, with no link, image, emphasis or HTML', () => {
    const names = [
      'CN=![x](https://attacker.invalid/cn.png), O=[Bank](https://evil.example)',
      '<img src=x> *b* _i_ svc_llm a\\[b] www.evil.example a@evil.example',
      '# 1. - > |',
    ];
    for (const name of names) {
      const html = previewParser.render(markdownText(name));
      assert.doesNotMatch(html, /<(img|a|em|strong|code|h1|ol|ul|blockquote|table)\b/, html);
      assert.equal(
        html
          .replace(/<\/?p>\n?/g, '')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
        name,
      );
    }
  });
});
