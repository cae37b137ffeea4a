import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentSpeechText, plainSpeechText, speechText } from '../../../../src/core/speech/speechText';

describe('speechText', () => {
  it('drops fenced and indented code blocks', async () => {
    const text = 'Intro line.\n\n```ts\nconst secret = 1;\n```\n\n    indented code\n\nOutro line.';
    assert.equal(await speechText(text), 'Intro line.\nOutro line.');
  });

  it('drops citation marks of every format', async () => {
    assert.equal(await speechText('Call now^[1]^ and later[^2^] or【3†src】[4].'), 'Call now and later or.');
  });

  it('reads inline code as written, so that the sentence around it stays whole', async () => {
    assert.equal(await speechText('Select a few lines of `example.ts` and run `MaaS: Ask`.'), 'Select a few lines of example.ts and run MaaS: Ask.');
  });

  it('keeps the words of headings, emphasis, links and lists without their syntax', async () => {
    const text = '# Title\n\nSome **bold** and _italic_ text with a [link](https://example.com).\n\n- first item\n- second item\n\n> quoted';
    assert.equal(await speechText(text), 'Title\nSome bold and italic text with a link.\nfirst item\nsecond item\nquoted');
  });

  it('drops images and HTML', async () => {
    assert.equal(await speechText('See ![diagram](a.png) here <b>now</b>.'), 'See here now.');
  });

  it('keeps Chinese text as it is', async () => {
    assert.equal(await speechText('## 简介\n\n这是**重要**的内容^[1]^。'), '简介\n这是重要的内容。');
  });

  it('a plain text or source file is read as written: indented lines, stars and angle brackets stay', async () => {
    const text = 'Dear reader,\n\n    this indented paragraph is not code.\n*Stars* and a < b > c stay.\n';
    assert.equal(plainSpeechText(text), 'Dear reader,\nthis indented paragraph is not code.\n*Stars* and a < b > c stay.');
    assert.equal(await documentSpeechText(text, 'plaintext'), plainSpeechText(text));
    assert.equal(await documentSpeechText('def f():\n    return 1\n', 'python'), 'def f():\nreturn 1');
  });

  it('a Markdown document still goes through the Markdown cleaning', async () => {
    assert.equal(await documentSpeechText('# Title\n\n    code\n', 'markdown'), 'Title');
  });
});
