import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { conversationMarkdown } from '../../../../src/core/conversations/conversationMarkdown';
import { conversation, turn } from './fixtures';

/** What VS Code's Markdown preview (markdown-it, HTML on) would load or render as HTML, this file's own kept apart. */
function loaded(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: ReturnType<MarkdownIt['parse']>): void => {
    for (const token of tokens) {
      if (token.type === 'image') found.push(`image ${token.attrGet('src') ?? ''}`);
      if (token.type.startsWith('html_') && !/^(<details><summary>Reasoning<\/summary>|<\/details>)\n?$/.test(token.content)) found.push(token.content);
      if (token.children !== null) walk(token.children);
    }
  };
  walk(new MarkdownIt({ html: true, linkify: true }).parse(markdown, {}));
  return found;
}

describe('conversationMarkdown', () => {
  it('exports questions, answers, reasoning, usage and states in order', async () => {
    const md = await conversationMarkdown(
      conversation(
        [
          turn('1', 'What is BM25?\nDetails please', 'A ranking function.', {
            reasoning: 'think',
            usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
          }),
          turn('2', 'And TF-IDF?', 'Part of', { status: 'interrupted' }),
        ],
        { title: 'Ranking', persona: 'Be brief.' },
      ),
    );
    assert.match(md, /^# Ranking\n/);
    assert.ok(md.indexOf('## 1. What is BM25?') < md.indexOf('## 2. And TF-IDF?'));
    assert.match(md, /> What is BM25\?\n> Details please/);
    assert.match(md, /<details><summary>Reasoning<\/summary>\n\nthink\n\n<\/details>/);
    assert.match(md, /Tokens: 3 prompt \+ 4 completion = 7/);
    assert.match(md, /\*The answer was interrupted\.\*/);
    assert.match(md, /\*\*Persona\*\*\n\n> Be brief\./);
  });

  it('loads nothing in the Markdown preview: images in answers, reasoning, errors and titles become links or text, raw HTML text', async () => {
    const md = await conversationMarkdown(
      conversation(
        [
          turn('1', 'Show me ![q](https://e.example/q.png)', 'Here: ![chart](https://e.example/track.png?id=1) <img src="https://e.example/x.png">', {
            reasoning: '<iframe src="https://e.example/r"></iframe> ![r](https://e.example/r.png)',
          }),
          turn('2', 'Again', 'Partial', {
            status: 'error',
            error: { kind: 'systemError', message: 'failed', serverMessage: '![s](https://e.example/s.png)<video poster=https://e.example/p.png>' },
          }),
          // An answer that leaves a fence open: the next turn's code fence then closes it, and what follows is text.
          turn('3', 'Fence', 'Start\n```'),
          turn('4', 'After', '```\n![leak](https://e.example/leak.png)\n```', {}),
        ],
        { title: '![t](https://e.example/t.png)', persona: '<img src=https://e.example/persona.png>' },
      ),
    );
    assert.deepEqual(loaded(md), []);
    assert.match(md, /Here: \[chart\]\(https:\/\/e\.example\/track\.png\?id=1\) &lt;img/, 'an image becomes a link to its address');
    assert.match(md, /<details><summary>Reasoning<\/summary>/, 'the collapsed reasoning is kept');
    // The line that marks this file's own HTML cannot be written by the text: its marker is new for every export.
    assert.equal(/maas-html-[0-9a-f]+-details/.exec(md), null, 'no marker is left in the document');
    const forged = await conversationMarkdown(
      conversation([turn('1', 'q', 'maas-html-00000000000000000000000000000000-detailsOpen\nx <img src=https://e.example/x>')]),
    );
    assert.deepEqual(loaded(forged), []);
  });

  it('loads nothing where a `!` stands before an image that becomes a link, in an answer, reasoning, an error or a title', async () => {
    const bang = (name: string): string => `Look!![${name}](https://e.example/${name}.png) a!![${name}2](https://e.example/${name}2.png)`;
    const md = await conversationMarkdown(
      conversation(
        [
          turn('1', bang('question'), bang('answer'), { reasoning: bang('reasoning') }),
          turn('2', 'Again', 'Partial', { status: 'error', error: { kind: 'systemError', message: 'failed', serverMessage: bang('error') } }),
        ],
        { title: bang('title'), persona: bang('persona') },
      ),
    );
    assert.deepEqual(loaded(md), []);
    assert.match(md, /Look\\!\[answer\]\(https:\/\/e\.example\/answer\.png\)/, 'the `!` is kept, escaped, and the image is a link');
  });
});
