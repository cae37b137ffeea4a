// The Markdown handed to VS Code's own chat, rewritten by the chat's link rule: images become links, refused links
// become text, a link shows its destination when its text does not, fenced code and code spans stay as written, and
// the result is the same wherever a stream cuts the text into deltas.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { ChatMarkdownLinks, chatMarkdown } from '../../../../src/core/markdown/chatMarkdownLinks';
import { MarkdownBlockLines } from '../../../../src/core/markdown/markdownBlockLines';
import { isOpenableLink } from '../../../../src/shared/linkPolicy';
import { hostileShapes } from '../../../fixtures/hostileMarkdown';
import { charactersRead } from './charactersRead';

const corpus = (JSON.parse(readFileSync(join(__dirname, '../../../fixtures/xss-corpus.json'), 'utf8')) as { payloads: { markdown: string }[] }).payloads.map(
  (p) => p.markdown,
);

/** The rewrite of `text` pushed in the given pieces. */
function streamed(pieces: readonly string[]): string {
  const links = new ChatMarkdownLinks();
  return pieces.map((piece) => links.push(piece)).join('') + links.end();
}

/** A seeded generator of numbers in [0, 1), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** A renderer that trusts its input (raw HTML on): what the rewrite leaves is what any renderer could show. */
const renderer = new MarkdownIt({ html: true, linkify: false });

function rendered(markdown: string): { images: number; hrefs: string[] } {
  const html = renderer.render(markdown);
  return { images: (html.match(/<img\b/g) ?? []).length, hrefs: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] ?? '') };
}

const samples = [
  'See [the docs](https://example.com/a) and [run it](javascript:alert(1)), ![cat](https://img.example/c.png "a cat").',
  '[report](mailto:team@example.com?subject=Hi&attach=%2Fetc%2Fpasswd&bcc=spy@evil.example&cc=lead@example.com)',
  'Bare https://example.com/x, ftp://example.net/f, https://bank.example@evil.example/x and www.ok.example.',
  'Code `[x](javascript:y)` and ``a ` b`` and a lone ` tick, <img src=x onerror=alert(1)> and a < b.',
  '[r]: javascript:alert(1)\n\nA [reference][r] and [r].',
  '```md\n![x](https://evil.example/p.png)\n[x](javascript:y)\n```\n![y](https://evil.example/q.png)',
  '1. Install:\n\n   ```html\n   <a href="javascript:x">[x](file:///etc)</a>\n   ```\n2. Then [open](vscode:extension/x.y).',
  '| a | `x | [b](javascript:c) | d` |\n|---|---|---|\n| `p | q` | [r](https://r.example) |',
  'A pipe in code, no table: `ls | grep <x>`.',
  '[![build](https://img.example/b.svg)](https://ci.example/run) and [a [b](https://b.example) c](https://c.example)',
  '> quoted ![img](https://img.example/q.png)\n> ```\n> [kept](javascript:x)\n> ```\n[after](file:///x)',
];

describe('Markdown for VS Code chat: the link rule', () => {
  it('turns images into links and refused links into their text, noting the destination a text does not show', () => {
    assert.equal(
      chatMarkdown(samples[0] ?? ''),
      'See [the docs (example.com)](<https://example.com/a>) and run it, [cat (img.example)](<https://img.example/c.png>).',
    );
    assert.equal(
      chatMarkdown('![](https://img.example/e.png) ![chart](data:image/png;base64,AAAA) ![](file:///x.png)'),
      '<https://img.example/e.png> chart file\\:\\/\\/\\/x\\.png',
    );
    assert.equal(
      chatMarkdown('[https://example.com/a](https://example.com/a) [example.com](https://example.com/b) [bank.example](https://evil.example/)'),
      '[https://example.com/a](<https://example.com/a>) [example.com](<https://example.com/b>) [bank.example (evil.example)](<https://evil.example/>)',
    );
    assert.equal(chatMarkdown('[p\u0430ypal.com](https://p\u0430ypal.com/login)'), '[p\u0430ypal.com (xn--pypal-4ve.com)](<https://xn--pypal-4ve.com/login>)');
  });

  it('opens mailto links with subject, body and cc only', () => {
    assert.equal(chatMarkdown(samples[1] ?? ''), '[report (team@example.com)](<mailto:team@example.com?subject=Hi\\&cc=lead@example.com>)');
    assert.equal(chatMarkdown('<mailto:a@example.com?attach=x&subject=s> or <a@example.com>'), '<mailto:a@example.com?subject=s> or <a@example.com>');
  });

  it('leaves refused addresses as text a renderer will not link, and raw HTML as text', () => {
    assert.equal(
      chatMarkdown(samples[2] ?? ''),
      'Bare https://example.com/x, ftp:\\//example.net/f, https:\\//bank.example@evil.example/x and www.ok.example.',
    );
    assert.equal(
      chatMarkdown('<ftp://x.example/f> <file:///etc/passwd> <div onclick="x">'),
      'ftp\\:\\/\\/x\\.example\\/f file\\:\\/\\/\\/etc\\/passwd \\<div onclick="x">',
    );
  });

  it('leaves code spans and fenced code as they are', () => {
    assert.equal(chatMarkdown(samples[3] ?? ''), 'Code `[x](javascript:y)` and ``a ` b`` and a lone \\` tick, \\<img src=x onerror=alert(1)> and a < b.');
    assert.equal(
      chatMarkdown(samples[5] ?? ''),
      '```md\n![x](https://evil.example/p.png)\n[x](javascript:y)\n```\n[y (evil.example)](<https://evil.example/q.png>)',
    );
    const listed = chatMarkdown(samples[6] ?? '');
    assert.ok(listed.includes('   ```html\n   <a href="javascript:x">[x](file:///etc)</a>\n   ```\n'), listed);
    assert.ok(listed.endsWith('2. Then open.'), listed);
    assert.equal(chatMarkdown(samples[8] ?? ''), samples[8]);
  });

  it('splits a code span that a table row would split, so no link hides in it', () => {
    assert.equal(chatMarkdown(samples[7] ?? ''), '| a | \\`x | b | d\\` |\n|---|---|---|\n| \\`p | q\\` | [r (r.example)](<https://r.example/>) |');
  });

  it('keeps reference definitions from linking anything', () => {
    assert.equal(chatMarkdown(samples[4] ?? ''), '\\[r]: javascript:alert(1)\n\nA [reference][r] and [r].');
    assert.equal(chatMarkdown('- [ ] a task'), '- [ ] a task');
  });

  it('follows CommonMark where links hold images or links', () => {
    assert.equal(
      chatMarkdown(samples[9] ?? ''),
      '[build (ci.example)](<https://ci.example/run>) and [a [b (b.example)](<https://b.example/>) c\\](https://c.example)',
    );
  });

  it('leaves a renderer nothing to load and no link but those the rule opens, for every sample and XSS payload', () => {
    for (const markdown of [...samples, ...corpus]) {
      const { images, hrefs } = rendered(chatMarkdown(markdown));
      assert.equal(images, 0, markdown);
      for (const href of hrefs) assert.ok(isOpenableLink(href.replace(/&amp;/g, '&')), `${href} in ${markdown}`);
    }
  });
});

describe('Markdown for VS Code chat: streamed', () => {
  it('is the same wherever one cut falls, and when every character arrives alone', () => {
    for (const markdown of [...samples, ...corpus]) {
      const whole = chatMarkdown(markdown);
      for (let cut = 0; cut <= markdown.length; cut++)
        assert.equal(streamed([markdown.slice(0, cut), markdown.slice(cut)]), whole, `${markdown} cut at ${cut}`);
      assert.equal(streamed([...markdown]), whole, markdown);
    }
  });

  it('is the same in random deltas of long hostile answers, and holds back only an unfinished piece of the last line', () => {
    const random = seeded(7);
    for (const { name, text } of hostileShapes(3_000)) {
      const whole = chatMarkdown(text);
      const links = new ChatMarkdownLinks();
      let out = '';
      for (let at = 0; at < text.length;) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 80));
        out += links.push(text.slice(at, next));
        at = next;
        // What is held back lies on the last line (plus the line before it, when a table may depend on it).
        assert.ok(text.slice(0, at).split('\n').length - out.split('\n').length <= 2, name);
      }
      assert.equal(out + links.end(), whole, name);
    }
  });

  it('reads a long answer in one pass: twice the text, twice the reading, in small deltas or whole', () => {
    // The reading is counted (charactersRead.ts), not timed: a loaded machine changes the time, never the count.
    const large = hostileShapes(12_000);
    for (const [index, { name, text }] of hostileShapes(6_000).entries()) {
      const twice = large[index]?.text ?? '';
      for (const delta of [40, twice.length]) {
        const once = charactersRead(text, delta);
        assert.equal(once.out, chatMarkdown(text), name);
        const read = charactersRead(twice, delta).read;
        assert.ok(read <= 2.2 * once.read, `${name} in deltas of ${delta}: ${once.read} characters read, then ${read} for twice the text`);
      }
    }
  });
});

describe('fenced code lines', () => {
  const md = new MarkdownIt();
  const pieces = [
    '',
    'text',
    '- item',
    '  - nested',
    '1. one',
    '2. two',
    '10. ten',
    '> quote',
    '> > deep',
    '>',
    '```',
    '~~~',
    '```js',
    '  ```',
    '   ```',
    '    ```',
    '      ```',
    '- ```',
    '1. ```',
    '> ```',
    '  code',
    '    code',
    '---',
    '***',
    '# head',
    '===',
    '| a | b |',
    '|---|---|',
    '-',
    '* ',
    '  > ```',
    '````',
    '\t```',
    '- > ```',
    '> - ```',
    '1) ```',
    '3) x',
    '``` a`b',
    '~~~ a`b',
    '> | a |',
    '> |---|',
    '  |--|',
    '- \t```',
    '    - x',
  ];

  it('are the lines markdown-it reads as fenced code, in any arrangement of quotes, lists, tables and fences', () => {
    const random = seeded(11);
    for (let n = 0; n < 5_000; n++) {
      const lines = Array.from({ length: 2 + Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)] ?? '');
      const expected = new Set<number>();
      for (const token of md.parse(lines.join('\n'), {}))
        if (token.type === 'fence' && token.map !== null) for (let line = token.map[0]; line < token.map[1]; line++) expected.add(line);
      const blocks = new MarkdownBlockLines();
      const actual = lines.map((line, index) => ({ index, kind: blocks.line(line) }));
      for (const { index, kind } of actual) {
        if ((lines[index] ?? '').trim() === '') continue;
        assert.equal(kind, expected.has(index) ? 'code' : 'text', `line ${index} of ${JSON.stringify(lines.join('\n'))}`);
      }
    }
  });

  it('come out as written among links, and the rest links nowhere the rule refuses, however the text is cut', () => {
    const random = seeded(23);
    const links = [
      '![i](https://img.example/i.png)',
      '[f](file:///etc/passwd)',
      '[d](https://docs.example/)',
      '<ftp://x.example/f>',
      '`[c](javascript:x)`',
      '<b>x</b>',
    ];
    for (let n = 0; n < 400; n++) {
      const lines = Array.from({ length: 2 + Math.floor(random() * 10) }, () => {
        const piece = pieces[Math.floor(random() * pieces.length)] ?? '';
        return random() < 0.6 ? `${piece} ${links[Math.floor(random() * links.length)] ?? ''}` : piece;
      });
      const text = lines.join('\n');
      const whole = chatMarkdown(text);
      const fenced = new Set<number>();
      for (const token of md.parse(text, {}))
        if (token.type === 'fence' && token.map !== null) for (let line = token.map[0]; line < token.map[1]; line++) fenced.add(line);
      const out = whole.split('\n');
      for (const line of fenced) assert.equal(out[line], lines[line], `fenced line ${line} of ${JSON.stringify(text)}`);
      const { images, hrefs } = rendered(whole);
      assert.equal(images, 0, text);
      for (const href of hrefs) assert.ok(isOpenableLink(href.replace(/&amp;/g, '&')), `${href} in ${JSON.stringify(text)}`);
      const cut = Math.floor(random() * text.length);
      assert.equal(streamed([text.slice(0, cut), text.slice(cut)]), whole, `${JSON.stringify(text)} cut at ${cut}`);
    }
  });
});
